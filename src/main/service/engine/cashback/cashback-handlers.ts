import { z } from 'zod';
import type { OperationContext } from '../context';
import { badRequest } from '../errors';
import { newObjectId } from '../ids';
import { answerWith, operation } from '../operation';
import { pathIdParam, positiveCents } from '../validation';
import { TAX_ID_META, customerTaxId } from '../customers/customer-input';
import { customerRepo, type CustomerRow } from '../customers/customer-repo';
import { cashbackRepo, type CashbackRow } from './cashback-repo';

// Exclusive (fidelity) cashback (remote-api-notes §2 #4, spec "Cashback (exclusive)"): the
// company grants one of its customers, named by CPF/CNPJ, an amount to receive back. A customer
// holds at most one PENDING cashback; it turns PAID when the customer pays a charge created with
// enableCashbackExclusivePercentage (cashback-credit-sweeper.ts). The sandbox records that
// credit but moves no money: it has no account of the customer's to send it to.

export const CASHBACK_EVENTS = {
  created: 'CASHBACK_CREATED',
  paid: 'CASHBACK_PAID',
} as const;

/**
 * The customer's CPF/CNPJ. The OpenAPI file's example sends it as a JSON number
 * (`"taxID": 11111111111`), so a number is read as its digits.
 */
const taxIdInput = z
  .union([z.string(), z.number().int().nonnegative()], {
    error: (issue) => (issue.input === undefined ? 'taxID is required' : 'taxID must be a string with a CPF or CNPJ'),
  })
  // What parseTaxId then takes, as the derived document states it: the text's shape, or a number
  // of a CPF's 11 digits or a CNPJ's 14 (a leading zero a number cannot carry).
  .meta({
    anyOf: [
      { type: 'string', ...TAX_ID_META },
      { type: 'integer', minimum: 1e10, maximum: 1e11 - 1 },
      { type: 'integer', minimum: 1e13, maximum: 1e14 - 1 },
    ],
  })
  .transform((value) => String(value))
  .pipe(customerTaxId);

const getOrCreateBody = z.object(
  { taxID: taxIdInput, value: positiveCents('value') },
  { error: 'body must be a JSON object with taxID and value' },
);

const balanceParams = z.object({ taxID: pathIdParam.pipe(customerTaxId).meta(TAX_ID_META) });

const cashbackBody = z.strictObject({
  cashback: z.strictObject({ value: z.number().int() }),
  message: z.string(),
});

/** The company's customer with this CPF/CNPJ. The API documents only 400 for these operations. */
function requireCustomer(ctx: OperationContext, taxID: string): CustomerRow {
  const customer = customerRepo(ctx.db).findByTaxId(ctx.tenant.company.id, taxID);
  if (!customer) throw badRequest('Customer not found');
  return customer;
}

/**
 * What the balance's `status` says: PENDING while the customer has a cashback to receive, PAID
 * when the last one was received, NONE when the customer never had one.
 */
function balanceStatus(pending: CashbackRow | undefined, latest: CashbackRow | undefined): 'PENDING' | 'PAID' | 'NONE' {
  if (pending) return 'PENDING';
  return latest ? 'PAID' : 'NONE';
}

export const cashbackOperations = {
  getCashbackBalance: operation({
    method: 'GET',
    paths: ['/api/v1/cashback-fidelity/balance/:taxID'],
    scope: 'CASHBACK_FIDELITY_BALANCE_GET',
    access: 'read',
    status: 200,
    summary: 'The exclusive cashback a customer (by CPF/CNPJ) still has to receive',
    request: { params: balanceParams },
    response: z.strictObject({ balance: z.number().int(), status: z.enum(['PENDING', 'PAID', 'NONE']) }),
    handler(ctx, { params }) {
      const customer = requireCustomer(ctx, params.taxID.taxID);
      const repo = cashbackRepo(ctx.db);
      const pending = repo.pending(ctx.tenant.company.id, customer.id);
      return {
        balance: pending?.value ?? 0,
        status: balanceStatus(pending, repo.latest(ctx.tenant.company.id, customer.id)),
      };
    },
  }),

  getOrCreateCashback: operation({
    method: 'POST',
    paths: ['/api/v1/cashback-fidelity'],
    scope: 'CASHBACK_FIDELITY_POST',
    access: 'write',
    status: 201,
    alternateStatus: 200,
    summary: "Grant a customer (by CPF/CNPJ) an exclusive cashback, or answer the customer's pending one (200)",
    request: { body: getOrCreateBody },
    response: cashbackBody,
    handler(ctx, { body }) {
      const companyId = ctx.tenant.company.id;
      // The customer must already exist (the API's documentation); it is not created from a bare tax ID.
      const customer = requireCustomer(ctx, body.taxID.taxID);
      const repo = cashbackRepo(ctx.db);
      const pending = repo.pending(companyId, customer.id);
      if (pending) {
        return answerWith(200, {
          cashback: { value: pending.value },
          message: 'The customer already has a pending exclusive cashback; it was not changed',
        });
      }
      const at = ctx.now.toISOString();
      const row: CashbackRow = {
        id: newObjectId(),
        company_id: companyId,
        customer_id: customer.id,
        value: body.value,
        status: 'PENDING',
        charge_id: null,
        paid_at: null,
        created_at: at,
        updated_at: at,
      };
      ctx.db.transaction(() => {
        repo.insert(row);
        ctx.emit(CASHBACK_EVENTS.created, { cashback: { value: row.value }, customer: customer.correlation_id });
      })();
      return { cashback: { value: row.value }, message: 'Exclusive cashback created' };
    },
  }),
};
