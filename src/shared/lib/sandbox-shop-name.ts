// The shop name a new sandbox company carries until its owner names the shop in Configurações
// (engine/tenancy/sandbox-bootstrap.ts gives it). It is the sandbox's word, not a shop's: the
// counter's screens show no shop name at all while it is the one set ("Balcão" alone, the status
// bar saying "Modo treino"), never "Balcão Sandbox" to a cashier.
export const SANDBOX_SHOP_NAME = 'Balcão Sandbox';

/** The shop's name as the counter's screens show it: null while the owner has not named the shop. */
export function shopNameToShow(merchantName: string | undefined): string | null {
  const name = merchantName?.trim();
  return name && name !== SANDBOX_SHOP_NAME ? name : null;
}
