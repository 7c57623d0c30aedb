import { z } from 'zod';
import { companySchema, emvDecodeResultSchema } from '#shared/service/resources';
import { operation } from '../operation';
import { badRequest } from '../errors';
import { BrCodeError } from '#lib/pix';
import { decodeEmv } from './emv-decode';

const decodeBody = z.object({
  emv: z
    .string({ error: (issue) => (issue.input === undefined ? 'emv is required' : 'emv must be a string') })
    // Copied codes often carry a trailing newline or spaces; a BR Code itself never ends in one.
    .trim()
    .min(1, { error: 'emv is required' })
    .max(2048, { error: 'emv is too long (a BR Code has at most 512 characters)' }),
});

export const companyOperations = {
  getCompany: operation({
    method: 'GET',
    paths: ['/api/v1/company'],
    scope: 'COMPANY_GET',
    access: 'read',
    status: 200,
    summary: 'The company behind the AppID',
    request: {},
    response: z.strictObject({ company: companySchema }),
    handler(ctx) {
      const { company } = ctx.tenant;
      return {
        company: {
          officialName: company.official_name,
          tradeName: company.trade_name,
          taxID: company.tax_id,
          correlationID: company.correlation_id,
        },
      };
    },
  }),

  decodeEmv: operation({
    method: 'POST',
    paths: ['/api/v1/decode/emv'],
    scope: 'DECODE_EMV_POST',
    // Reads nothing but its input: decoding a BR Code changes nothing.
    access: 'read',
    status: 200,
    summary: 'Decode a BR Code and resolve its Pix location',
    request: { body: decodeBody },
    response: emvDecodeResultSchema,
    handler(ctx, { body: { emv } }) {
      try {
        return decodeEmv(ctx, emv);
      } catch (error) {
        if (error instanceof BrCodeError) throw badRequest(`Invalid EMV payload: ${error.message}`);
        throw error;
      }
    },
  }),
};
