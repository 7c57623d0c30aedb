import { cpf } from 'cpf-cnpj-validator';
import { z } from 'zod';
import { parseTaxId } from '#lib/pix';
import type { IncomingPixPayer } from '../transactions/record-incoming-pix';

/** The payer's bank in sandbox payments: any real participant would do; this one is well known. */
export const SANDBOX_PAYER_BANK = { name: 'BCO DO BRASIL S.A.', ispb: '00000000' } as const;

export const payerInput = z
  .object(
    {
      name: z
        .string({ error: 'payer.name must be a string' })
        .trim()
        .min(1, { error: 'payer.name is required' })
        .max(140),
      taxID: z
        .string({ error: 'payer.taxID must be a string' })
        .transform((s, ctx) => {
          const parsed = parseTaxId(s);
          if (!parsed) {
            ctx.addIssue({ code: 'custom', message: 'payer.taxID is not a valid CPF or CNPJ' });
            return z.NEVER;
          }
          return parsed;
        })
        .optional(),
    },
    { error: 'payer must be an object' },
  )
  .optional();

/** Who pays in the sandbox: the caller's payer, or a test payer as the real sandbox uses. */
export function sandboxPayer(given: z.output<typeof payerInput>): IncomingPixPayer {
  if (given)
    return { name: given.name, ...(given.taxID ? { taxID: given.taxID } : {}), bank: { ...SANDBOX_PAYER_BANK } };
  return {
    name: 'Pagador de Testes',
    taxID: { taxID: cpf.generate(), type: 'BR:CPF' },
    bank: { ...SANDBOX_PAYER_BANK },
  };
}

/** What the real sandbox writes as the payer's message. */
export const SANDBOX_INFO_PAGADOR = 'OpenPix testing';
