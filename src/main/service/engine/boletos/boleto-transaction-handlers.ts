import { z } from 'zod';
import { pageInfoSchema } from '#shared/service/resources';
import type { OperationContext } from '../context';
import { notFound, unprocessable } from '../errors';
import { operation, type AnyOperation } from '../operation';
import { integerRangePattern, pageOf, pageQuery } from '../pagination';
import { pathIdParam, rfc3339 } from '../validation';
import { chargeBoleto } from './charge-boleto';
import {
  BOLETO_TRANSACTION_STATUSES,
  BOLETO_TRANSACTION_TYPES,
  boletoTransactionRepo,
  type BoletoTransactionRow,
} from './boleto-transaction-repo';

// GET /api/v1/boleto-transaction and /api/v1/boleto-transaction/{boletoTransactionID}
// (resources/woovi-openapi.json, tag "boleto"): the boletos the company's payers paid (BOLETO_IN)
// and the boletos it paid (BOLETO_OUT), read from the records the sandbox already keeps
// (boleto-transaction-repo.ts). The document's BOLETO_SETTLED webhook is named only in prose,
// not among its webhook events, and is not sent.

/** The document's ids: `btx_` and the id of the record the transaction is read from. */
const ID_PREFIX = 'btx_';

/** "Capped at 10000 — past that, narrow the window with the date filters": 422 beyond it. */
export const BOLETO_TRANSACTION_MAX_SKIP = 10_000;

const dateFilter = rfc3339.optional();

const listQuery = z.object({
  type: z.enum(BOLETO_TRANSACTION_TYPES, { error: 'type must be one of BOLETO_IN, BOLETO_OUT' }).optional(),
  status: z
    .enum(BOLETO_TRANSACTION_STATUSES, { error: `status must be one of ${BOLETO_TRANSACTION_STATUSES.join(', ')}` })
    .optional(),
  start: dateFilter,
  end: dateFilter,
  settledStart: dateFilter,
  settledEnd: dateFilter,
  // The shared skip (400 for what is no count of rows), documented up to 10000: deeper is the
  // document's 422, answered by the handler, so the derived document forbids what is refused.
  skip: pageQuery.shape.skip.meta({
    pattern: integerRangePattern(0, BOLETO_TRANSACTION_MAX_SKIP),
    description: `An integer from 0 to ${BOLETO_TRANSACTION_MAX_SKIP}; deeper is refused with 422 (narrow the dates instead)`,
  }),
  limit: pageQuery.shape.limit,
});

// BoletoTransaction: the optional fields are left out, never null, where they do not apply.
const boletoTransactionSchema = z.strictObject({
  boletoTransactionID: z.string(),
  type: z.enum(BOLETO_TRANSACTION_TYPES),
  status: z.enum(BOLETO_TRANSACTION_STATUSES),
  value: z.number().int(),
  fee: z.number().int(),
  createdAt: z.string(),
  settledAt: z.string().optional(),
  finesValue: z.number().int().optional(),
  interestsValue: z.number().int().optional(),
  discountValue: z.number().int().optional(),
  charge: z
    .strictObject({
      value: z.number().int(),
      status: z.string(),
      boletoBarcode: z.string(),
      boletoDigitable: z.string(),
    })
    .optional(),
});

function serialize(row: BoletoTransactionRow): z.input<typeof boletoTransactionSchema> {
  const item: z.input<typeof boletoTransactionSchema> = {
    boletoTransactionID: `${ID_PREFIX}${row.source_id}`,
    type: row.type,
    status: row.status,
    value: row.value,
    // The sandbox charges no fees (a charge's own `fee` is 0 too).
    fee: 0,
    createdAt: row.created_at,
  };
  if (row.settled_at !== null) item.settledAt = row.settled_at;
  if (row.charge_id !== null) {
    // finesValue and interestsValue are left out: the sandbox's BOLETO charges carry no fines or
    // interest (only OVERDUE charges do), so `value` is the emitted amount.
    const boleto = chargeBoleto({ id: row.charge_id, value: row.charge_value!, due_date: row.charge_due_date });
    item.charge = {
      value: row.charge_value!,
      status: row.charge_status!,
      boletoBarcode: boleto.barcode,
      boletoDigitable: boleto.digitable,
    };
  }
  return item;
}

function find(ctx: OperationContext, id: string): BoletoTransactionRow {
  const row = id.startsWith(ID_PREFIX)
    ? boletoTransactionRepo(ctx.db).find(ctx.tenant.company.id, id.slice(ID_PREFIX.length))
    : undefined;
  // Another company's id answers exactly like an unknown one.
  if (!row) throw notFound('Boleto transaction not found');
  return row;
}

export const boletoTransactionOperations = {
  listBoletoTransactions: operation({
    method: 'GET',
    paths: ['/api/v1/boleto-transaction'],
    scope: 'BOLETO_TRANSACTION_GET_LIST',
    access: 'read',
    status: 200,
    errors: [422],
    summary: "The company's boleto transactions (paid to it: BOLETO_IN; paid by it: BOLETO_OUT), most recent first",
    request: { query: listQuery },
    response: z.strictObject({
      status: z.literal('OK'),
      pageInfo: pageInfoSchema,
      boletoTransactions: z.array(boletoTransactionSchema),
    }),
    handler(ctx, { query }) {
      if (query.skip > BOLETO_TRANSACTION_MAX_SKIP) {
        throw unprocessable(
          `skip cannot exceed ${BOLETO_TRANSACTION_MAX_SKIP} — narrow the range with start/end instead`,
        );
      }
      const repo = boletoTransactionRepo(ctx.db);
      const filter = {
        company: ctx.tenant.company.id,
        type: query.type ?? null,
        status: query.status ?? null,
        start: query.start ?? null,
        end: query.end ?? null,
        settledStart: query.settledStart ?? null,
        settledEnd: query.settledEnd ?? null,
      };
      const page = { skip: query.skip, limit: query.limit };
      const { items, pageInfo } = pageOf(repo.list(filter, page.limit + 1, page.skip), page, () => repo.count(filter));
      return { status: 'OK' as const, pageInfo, boletoTransactions: items.map(serialize) };
    },
  }),

  getBoletoTransaction: operation({
    method: 'GET',
    paths: ['/api/v1/boleto-transaction/:boletoTransactionID'],
    scope: 'BOLETO_TRANSACTION_GET',
    access: 'read',
    status: 200,
    errors: [404],
    summary: 'One boleto transaction of the company, by the id its list (and the BOLETO_SETTLED webhook) gives',
    request: { params: z.object({ boletoTransactionID: pathIdParam }) },
    response: z.strictObject({ boletoTransaction: boletoTransactionSchema }),
    handler: (ctx, { params }) => ({ boletoTransaction: serialize(find(ctx, params.boletoTransactionID)) }),
  }),
} satisfies Record<string, AnyOperation>;
