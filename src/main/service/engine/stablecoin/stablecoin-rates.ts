// The sandbox's stablecoin market: FIXED rates and fees of this sandbox, not the provider's live
// ones (the real service quotes from its provider and caches for 60 s). Fixed so a test can
// compute every quote by hand; docs/sandbox.md states them. Every amount is an integer of minor
// units (BRL cents, or hundredths of a stablecoin) and every conversion is done with BigInt:
// never a float, so no quote drifts by a cent.

/** The stablecoins the API takes (StablecoinDepositRequest.currency and the payout's). */
export const STABLECOINS = ['USDT', 'USDC', 'BRLA'] as const;
export type Stablecoin = (typeof STABLECOINS)[number];

export const NETWORKS = ['POLYGON', 'ETHEREUM', 'BASE', 'CELO', 'TRON', 'BNB'] as const;
export type Network = (typeof NETWORKS)[number];

/** Which asset travels on which network: the matrix of the create-deposit description. */
export const NETWORKS_OF: Record<Stablecoin, readonly Network[]> = {
  USDT: ['POLYGON', 'ETHEREUM', 'CELO', 'TRON', 'BNB'],
  USDC: ['POLYGON', 'ETHEREUM', 'BASE', 'CELO', 'BNB'],
  BRLA: ['POLYGON', 'ETHEREUM', 'BASE', 'CELO'],
};

/** The sandbox's fixed price of one unit of each stablecoin, in BRL cents: USDT and USDC R$ 5,40; BRLA R$ 1,00. */
export const SANDBOX_RATE_CENTS: Record<Stablecoin, number> = { USDT: 540, USDC: 540, BRLA: 100 };

/** The sandbox's deposit fee (BRL in, stablecoin out): 1 % of the BRL value, rounded up to the cent. */
export const DEPOSIT_FEE_BPS = 100;
/** The sandbox's payout fee (stablecoin in, BRL out by Pix): 1 % of the BRL gross, rounded up to the cent. */
export const PAYOUT_FEE_BPS = 100;

/**
 * The smallest deposit, quote or payout, in minor units (R$ 1,00 or 1.00 of a stablecoin): below
 * it the fee would eat the whole conversion. Stated in the schemas, so the derived document says it.
 */
export const MIN_CONVERSION_MINOR = 100;

/** How long a created deposit can be approved (its `expiration`). */
export const DEPOSIT_EXPIRATION_MS = 15 * 60_000;
/** How long an approved deposit stays PROCESSING before it is COMPLETED (the on-chain settlement). */
export const DEPOSIT_SETTLEMENT_MS = 10_000;
/** How long a payout stays PROCESSING before its Pix is COMPLETED. */
export const PAYOUT_SETTLEMENT_MS = 10_000;
/** How long the sandbox's KYB review of a new stablecoin subaccount takes (IN_REVIEW to CONFIRMED or REJECTED). */
export const KYB_REVIEW_MS = 60_000;

const BPS = 10_000n;

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

export interface DepositConversion {
  /** BRL cents in. */
  value: number;
  /** BRL cents kept as the fee. */
  fee: number;
  /** BRL cents per unit of the stablecoin. */
  rate: number;
  /** Hundredths of the stablecoin out: (value - fee) at the rate, rounded down. */
  output: number;
}

/** BRL cents to a stablecoin: the fee first, then the rest at the fixed rate. */
export function depositConversion(value: number, currency: Stablecoin): DepositConversion {
  const rate = SANDBOX_RATE_CENTS[currency];
  const fee = ceilDiv(BigInt(value) * BigInt(DEPOSIT_FEE_BPS), BPS);
  const output = ((BigInt(value) - fee) * 100n) / BigInt(rate);
  return { value, fee: Number(fee), rate, output: Number(output) };
}

export interface PayoutConversion {
  /** Hundredths of the stablecoin spent from the INTERNAL balance. */
  value: number;
  /** BRL cents per unit of the stablecoin. */
  rate: number;
  /** BRL cents the stablecoin is worth at the rate, rounded down. */
  gross: number;
  /** BRL cents kept as the fee. */
  fee: number;
  /** BRL cents sent by Pix. */
  output: number;
}

/** A stablecoin to BRL cents: the value at the fixed rate, less the fee. */
export function payoutConversion(value: number, currency: Stablecoin): PayoutConversion {
  const rate = SANDBOX_RATE_CENTS[currency];
  const gross = (BigInt(value) * BigInt(rate)) / 100n;
  const fee = ceilDiv(gross * BigInt(PAYOUT_FEE_BPS), BPS);
  return { value, rate, gross: Number(gross), fee: Number(fee), output: Number(gross - fee) };
}

/**
 * Minor units (hundredths) as the API's decimal number of units: 1833 → 18.33. Built from the
 * digits, so the number is exactly the one its decimal text names.
 */
export function units(minor: number): number {
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(3, '0');
  return Number(`${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`);
}
