import { z } from 'zod';
import { normalizePixKey } from '#lib/pix';
import { cents, pathIdParam, wholeNumberAsText } from '../validation';
import { MIN_CONVERSION_MINOR, NETWORKS, NETWORKS_OF, STABLECOINS } from './stablecoin-rates';
import { WALLET_ADDRESS_PATTERN, addressFitsNetwork } from './stablecoin-wallets';

// The request schemas of the stablecoin operations. Every constraint the handlers rely on is
// stated here, so the derived OpenAPI document shows it: the minimum amount, the enums, the
// wallet address pattern. The asset/network matrix is across two fields, which a JSON schema
// cannot say; it is checked here too (superRefine) and written in the field's description.

const CURRENCY_MESSAGE = `currency must be one of: ${STABLECOINS.join(', ')}`;

export const currencyInput = z.enum(STABLECOINS, { error: CURRENCY_MESSAGE });

const networkInput = z.enum(NETWORKS, { error: `network must be one of: ${NETWORKS.join(', ')}` });

/** An amount in minor units (BRL cents, or hundredths of a stablecoin), as the money parser reads it. */
const amount = () => cents('value', MIN_CONVERSION_MINOR);

/** The API spells it correlationId here (camel-case d, unlike the Pix operations' correlationID). */
const correlationIdInput = z.preprocess(
  wholeNumberAsText,
  z
    .string({
      error: (issue) => (issue.input === undefined ? 'correlationId is required' : 'correlationId must be a string'),
    })
    .trim()
    .min(1, { error: 'correlationId is required' })
    .max(255, { error: 'correlationId is too long (max 255 characters)' }),
);

const idText = (name: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be a string`) })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(255, { error: `${name} is too long` });

export const depositBody = z
  .object({
    value: amount(),
    currency: currencyInput,
    network: networkInput
      .default('POLYGON')
      .describe(
        `Defaults to POLYGON. Must carry the currency: ${STABLECOINS.map((c) => `${c} on ${NETWORKS_OF[c].join(', ')}`).join('; ')}.`,
      ),
    subAccountId: idText('subAccountId').optional(),
    correlationId: correlationIdInput.optional(),
    destinationWalletAddress: z
      .string({ error: 'destinationWalletAddress must be a string' })
      .regex(WALLET_ADDRESS_PATTERN, {
        error:
          'destinationWalletAddress must be an EVM address (0x and 40 hex digits) or a TRON address (T…, 34 characters)',
      })
      .optional(),
  })
  .superRefine((body, ctx) => {
    const networks = NETWORKS_OF[body.currency];
    if (!networks.includes(body.network)) {
      ctx.addIssue({
        code: 'custom',
        path: ['network'],
        message: `${body.currency} is not available on ${body.network}. Supported networks: ${networks.join(', ')}`,
      });
    }
    if (
      body.destinationWalletAddress !== undefined &&
      !addressFitsNetwork(body.destinationWalletAddress, body.network)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['destinationWalletAddress'],
        message: `destinationWalletAddress is not an address of the ${body.network} network`,
      });
    }
  })
  // The two checks above, as the derived document states them (JSON Schema's if/then): each
  // currency's networks, and the address form of the network (TRON's T…, the others' 0x…; no
  // network is POLYGON).
  .meta({
    allOf: [
      ...STABLECOINS.map((currency) => ({
        if: { properties: { currency: { const: currency } }, required: ['currency'] },
        then: { properties: { network: { enum: [...NETWORKS_OF[currency]] } } },
      })),
      {
        if: { properties: { network: { const: 'TRON' } }, required: ['network'] },
        then: { properties: { destinationWalletAddress: { pattern: '^T' } } },
        else: { properties: { destinationWalletAddress: { pattern: '^0x' } } },
      },
    ],
  });
export type DepositInput = z.output<typeof depositBody>;

export const approveBody = z.object({ correlationId: correlationIdInput });

export const depositQuoteQuery = z.object({
  value: amount(),
  currency: currencyInput.default('USDT'),
});

export const payoutQuoteQuery = z.object({ value: amount(), currency: currencyInput });

/** A Pix key in any spelling a payer types; kept as its canonical form. */
const pixKeyInput = z
  .string({ error: (issue) => (issue.input === undefined ? 'pixKey is required' : 'pixKey must be a string') })
  .trim()
  .min(1, { error: 'pixKey is required' })
  .max(100, { error: 'pixKey is too long' })
  .transform((input, ctx) => {
    const normalized = normalizePixKey(input);
    if (!normalized) {
      ctx.addIssue({ code: 'custom', message: 'pixKey is not a valid Pix key (CPF, CNPJ, e-mail, +55 phone or EVP)' });
      return z.NEVER;
    }
    return normalized;
  });

export const payoutBody = z.object({
  value: amount(),
  currency: currencyInput,
  pixKey: pixKeyInput,
  correlationId: correlationIdInput.nullable().optional(),
  pixMessage: z
    .string({ error: 'pixMessage must be a string' })
    .max(140, { error: 'pixMessage is too long (max 140 characters)' })
    .nullable()
    .optional(),
});
export type PayoutInput = z.output<typeof payoutBody>;

export const payoutQuery = z.object({ correlationId: correlationIdInput });

export const payoutParams = z.object({ payoutId: pathIdParam });

export const subAccountParams = z.object({ subAccountId: pathIdParam });

export const subAccountBody = z.object({
  accountRegisterId: idText('accountRegisterId'),
  companyBankAccountId: idText('companyBankAccountId').optional(),
});
