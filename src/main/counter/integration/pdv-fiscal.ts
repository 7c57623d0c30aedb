// The fiscal note's payment fields for a paid sale (the NFC-e's detPag group), as the note writes
// them, so the PDV copies them instead of a cashier typing them again:
// - tPag: 17 for a Pix paid through a dynamic QR (the service's charge), 20 through a static one
//   (a sale made offline pays the shop's static code): NT 2023.004's split of Pix;
// - vPag: the amount, with a dot and two decimals;
// - card: the electronic payment's group: integrated with the PDV (tpIntegra 1), the Pix's
//   end-to-end id as the authorisation code (cAut, as RS Decreto 56.670/22 and MT Decreto
//   599/2023 tie the Pix to the note), the payment institution's CNPJ, the receiver's CNPJ and the
//   terminal (idTermPag: the till).
// The institution's CNPJ is the shop's Pix provider, which the service does not say: it comes
// from Configurações when the owner typed it. The receiver's is the account's own, when the
// service gave a CNPJ. What is not known is left out and listed in `missing`, never made up.
import type { Sale } from '#shared/counter/counter-api';
import { parseTaxId } from '#shared/lib/tax-id';
import type { PdvSale } from './pdv-contract';

export interface FiscalFacts {
  /** The shop's payment institution's CNPJ, as the owner typed it. */
  institutionCnpj?: string;
  /** The account's taxID, as the service gave it. */
  accountTaxId?: string;
  /** The till that charged it ("Caixa 1"), or the counter's name when there are no tills. */
  terminal: string;
}

/** A CNPJ as the note writes it (14 characters, no mask), when `text` is one; a CPF is not. */
function cnpjOf(text: string | undefined): string | undefined {
  const taxId = text === undefined ? null : parseTaxId(text);
  return taxId?.type === 'BR:CNPJ' ? taxId.taxID : undefined;
}

export function fiscalFieldsOf(sale: Sale, facts: FiscalFacts): NonNullable<PdvSale['fiscal']> | undefined {
  if (sale.status !== 'COMPLETED' || !sale.endToEndId) return undefined;
  const institution = cnpjOf(facts.institutionCnpj);
  const receiver = cnpjOf(facts.accountTaxId);
  const missing = [...(institution ? [] : ['CNPJ']), ...(receiver ? [] : ['CNPJReceb'])];
  return {
    detPag: {
      indPag: '0',
      tPag: sale.offline ? '20' : '17',
      vPag: (sale.value / 100).toFixed(2),
      card: {
        tpIntegra: '1',
        ...(institution ? { CNPJ: institution } : {}),
        cAut: sale.endToEndId,
        ...(receiver ? { CNPJReceb: receiver } : {}),
        // The note's idTermPag holds at most 40 characters.
        idTermPag: facts.terminal.slice(0, 40),
      },
    },
    missing,
  };
}
