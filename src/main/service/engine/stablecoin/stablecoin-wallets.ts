import { createHash } from 'node:crypto';
import { NETWORKS_OF, STABLECOINS, type Network, type Stablecoin } from './stablecoin-rates';

// A subaccount's deposit addresses. The sandbox has no chain and no custodian, so each address is
// derived from the subaccount's provider id and the network: the same subaccount always shows
// the same addresses, and no two subaccounts share one. They are test addresses, recognisable
// at a glance: every EVM one starts with `0x0000000000` (ten zeros, which no real key pair
// gives in practice), every TRON one with `TSandbox`. Nothing sent to them arrives anywhere.

/** An EVM address (0x and 40 hex digits) or a TRON one (T and 33 base58 characters). */
export const WALLET_ADDRESS_PATTERN = /^(0x[0-9a-fA-F]{40}|T[1-9A-HJ-NP-Za-km-z]{33})$/;

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Whether an address has the form its network uses (TRON's base58, the EVM networks' hex). */
export function addressFitsNetwork(address: string, network: Network): boolean {
  return network === 'TRON' ? address.startsWith('T') : address.startsWith('0x');
}

/** The sandbox deposit address of a subaccount on a network. */
export function walletAddress(subAccountId: string, network: Network): string {
  const hash = createHash('sha256').update(`balcao-sandbox-wallet:${subAccountId}:${network}`).digest();
  if (network === 'TRON') {
    let tail = '';
    for (let i = 0; tail.length < 26; i++) tail += BASE58[hash[i % hash.length]! % BASE58.length];
    return `TSandbox${tail}`;
  }
  return `0x0000000000${hash.toString('hex').slice(0, 30)}`;
}

export interface Wallet {
  address: string;
  currency: Stablecoin;
  network: Network;
}

/** One wallet per asset and network the asset travels on. */
export function walletsOf(subAccountId: string): Wallet[] {
  return STABLECOINS.flatMap((currency) =>
    NETWORKS_OF[currency].map((network) => ({ address: walletAddress(subAccountId, network), currency, network })),
  );
}
