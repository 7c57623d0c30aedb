import { z } from 'zod';
import type { DepositRow, PayoutRow, SubAccountRow } from './stablecoin-repo';
import {
  DEPOSIT_FEE_BPS,
  NETWORKS,
  PAYOUT_FEE_BPS,
  STABLECOINS,
  depositConversion,
  payoutConversion,
  units,
  type Stablecoin,
} from './stablecoin-rates';

// The answers of the stablecoin operations, named and typed as the published document's schemas
// and examples show them. The document mixes units, and each answer follows its own examples:
// - the create answers' `quote` (StablecoinDepositQuote: inputAmount 10000, fee 50, outputAmount
//   18.45) gives inputAmount and fee in cents, outputAmount in units, rate in BRL per unit;
// - the GET quotes (`inputAmount` "currency unit, not cents", example 100; appliedFees amount 1.5)
//   give every amount in units;
// - balances are "in the asset unit (not cents)".
// Fields beyond the published ones (a subaccount's status, a deposit's network) are the
// sandbox's; a strict server leaves them out.

const currency = z.enum(STABLECOINS);
const subAccountStatus = z.enum(['IN_REVIEW', 'CONFIRMED', 'REJECTED']);

export const subAccountItemSchema = z.strictObject({
  id: z.string(),
  subAccountId: z.string(),
  account: z.string(),
  status: subAccountStatus,
  createdAt: z.string(),
});

export const subAccountCreateSchema = z.strictObject({
  subAccountId: z.string(),
  status: subAccountStatus,
  correlationId: z.string(),
});

export const createQuoteSchema = z.strictObject({
  inputAmount: z.number(),
  inputCurrency: z.string(),
  outputAmount: z.number(),
  outputCurrency: z.string(),
  rate: z.number(),
  fee: z.number(),
});

export const depositSchema = z.strictObject({
  status: z.enum(['PENDING', 'PROCESSING', 'COMPLETED', 'EXPIRED']),
  depositId: z.string(),
  correlationId: z.string(),
  expiration: z.string(),
  network: z.enum(NETWORKS),
  quote: createQuoteSchema,
});

const appliedFee = z.strictObject({ type: z.string(), amount: z.number(), currency: z.string() });

export const depositQuoteSchema = z.strictObject({
  status: z.literal('ok'),
  quote: z.strictObject({
    basePrice: z.number(),
    inputAmount: z.number(),
    inputCurrency: z.literal('BRL'),
    outputAmount: z.number(),
    outputCurrency: currency,
    appliedFees: z.array(appliedFee),
    pairName: z.string(),
  }),
});

export const payoutQuoteSchema = z.strictObject({
  status: z.literal('ok'),
  quote: z.strictObject({
    basePrice: z.number(),
    inputAmount: z.number(),
    inputCurrency: currency,
    outputAmount: z.number(),
    outputCurrency: z.literal('BRL'),
    appliedFees: z.array(appliedFee),
    pairName: z.string(),
  }),
});

export const pixKeyOwnerSchema = z.strictObject({ name: z.string(), taxId: z.string(), bankName: z.string() });
export type PixKeyOwner = z.output<typeof pixKeyOwnerSchema>;

export const payoutSchema = z.strictObject({
  status: z.enum(['PROCESSING', 'COMPLETED']),
  payoutId: z.string(),
  correlationId: z.string(),
  pixKey: z.string(),
  pixKeyOwner: pixKeyOwnerSchema.nullable(),
  quote: createQuoteSchema,
});

export const walletSchema = z.strictObject({ address: z.string(), currency, network: z.enum(NETWORKS) });

export function serializeSubAccount(row: SubAccountRow): z.input<typeof subAccountItemSchema> {
  return {
    id: row.id,
    subAccountId: row.sub_account_id,
    account: row.account_id,
    status: row.status,
    createdAt: row.created_at,
  };
}

export function serializeDeposit(row: DepositRow): z.input<typeof depositSchema> {
  return {
    status: row.status,
    depositId: row.id,
    correlationId: row.correlation_id,
    expiration: row.expires_at,
    network: row.network,
    quote: {
      inputAmount: row.value,
      inputCurrency: 'BRL',
      outputAmount: units(row.output),
      outputCurrency: row.currency,
      rate: units(row.rate),
      fee: row.fee,
    },
  };
}

export function serializePayout(row: PayoutRow): z.input<typeof payoutSchema> {
  return {
    status: row.status,
    payoutId: row.id,
    correlationId: row.correlation_id,
    pixKey: row.pix_key,
    pixKeyOwner: row.pix_key_owner === null ? null : (JSON.parse(row.pix_key_owner) as PixKeyOwner),
    quote: {
      inputAmount: row.value,
      inputCurrency: row.currency,
      outputAmount: units(row.output),
      outputCurrency: 'BRL',
      rate: units(row.rate),
      fee: row.fee,
    },
  };
}

export function depositQuote(value: number, coin: Stablecoin): z.input<typeof depositQuoteSchema> {
  const conversion = depositConversion(value, coin);
  return {
    status: 'ok',
    quote: {
      basePrice: units(conversion.rate),
      inputAmount: units(value),
      inputCurrency: 'BRL',
      outputAmount: units(conversion.output),
      outputCurrency: coin,
      appliedFees: [{ type: `In Fee (${DEPOSIT_FEE_BPS / 100}%)`, amount: units(conversion.fee), currency: 'BRL' }],
      pairName: `BRL/${coin}`,
    },
  };
}

export function payoutQuote(value: number, coin: Stablecoin): z.input<typeof payoutQuoteSchema> {
  const conversion = payoutConversion(value, coin);
  return {
    status: 'ok',
    quote: {
      basePrice: units(conversion.rate),
      inputAmount: units(value),
      inputCurrency: coin,
      outputAmount: units(conversion.output),
      outputCurrency: 'BRL',
      appliedFees: [{ type: `Out Fee (${PAYOUT_FEE_BPS / 100}%)`, amount: units(conversion.fee), currency: 'BRL' }],
      pairName: `${coin}/BRL`,
    },
  };
}

/** Each asset's INTERNAL balance in units, every asset listed (0 when never moved). */
export function serializeBalances(balances: Partial<Record<Stablecoin, number>>): Record<Stablecoin, number> {
  return Object.fromEntries(STABLECOINS.map((coin) => [coin, units(balances[coin] ?? 0)])) as Record<
    Stablecoin,
    number
  >;
}
