import { z } from 'zod';
import type { HandlerTable } from '../context';
import { badRequest } from '../errors';
import { BrCodeError } from '../../pix';
import { objectBody, parseInput } from '../validation';
import { decodeEmv } from './emv-decode';

const decodeBody = z.object({
  emv: z
    .string({ error: (issue) => (issue.input === undefined ? 'emv is required' : 'emv must be a string') })
    // Copied codes often carry a trailing newline or spaces; a BR Code itself never ends in one.
    .trim()
    .min(1, { error: 'emv is required' })
    .max(2048, { error: 'emv is too long (a BR Code has at most 512 characters)' }),
});

export const companyHandlers: HandlerTable<'getCompany' | 'decodeEmv'> = {
  getCompany(ctx) {
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

  decodeEmv(ctx, request) {
    const { emv } = parseInput(decodeBody, objectBody(request.body));
    try {
      return decodeEmv(ctx, emv);
    } catch (error) {
      if (error instanceof BrCodeError) throw badRequest(`Invalid EMV payload: ${error.message}`);
      throw error;
    }
  },
};
