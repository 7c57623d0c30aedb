import { z } from 'zod';
import type { OperationContext } from '../context';
import { notFound, unprocessable } from '../errors';
import { newUuid } from '../ids';
import { operation } from '../operation';
import { fundsRecoveryRepo, SITUATION_TYPES, TERMINAL_STATUSES, type FundsRecoveryRow } from './funds-recovery-repo';
import {
  fundsRecoverySchema,
  fundsRecoveryWithoutEventsSchema,
  serializeFundsRecovery,
  serializeFundsRecoveryWithoutEvents,
} from './funds-recovery-serializer';
import { FUNDS_RECOVERY_EVENTS, FUNDS_RECOVERY_SCHEDULE } from './funds-recovery-sweeper';
import { recoverableTransaction } from './recoverable-transaction';

const MAX_DETAILS_LENGTH = 5000;

const openBody = z.object(
  {
    transactionEndToEndId: z
      .string({ error: 'transactionEndToEndId is required' })
      .trim()
      .min(1, { error: 'transactionEndToEndId is required' })
      .max(255, { error: 'transactionEndToEndId is too long' }),
    situationType: z.enum(SITUATION_TYPES, { error: `situationType must be one of ${SITUATION_TYPES.join(', ')}` }),
    details: z
      .string({ error: 'details is required' })
      .trim()
      .min(1, { error: 'details is required' })
      .max(MAX_DETAILS_LENGTH, { error: `details is too long (max ${MAX_DETAILS_LENGTH} characters)` }),
  },
  { error: 'body must be a JSON object with transactionEndToEndId, situationType and details' },
);

/** The dictId of the paths: a UUID, compared in lower case as we issue it. */
const dictIdParams = z.object({
  id: z
    .string({ error: 'Invalid UUID' })
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: 'Invalid UUID' })
    .transform((id) => id.toLowerCase()),
});

/** Within the caller's company only: another company's dictId is as unknown as a made-up one. */
function requireRecovery(ctx: OperationContext, dictId: string): FundsRecoveryRow {
  const row = fundsRecoveryRepo(ctx.db).find(ctx.tenant.company.id, dictId);
  if (!row) throw notFound('Funds recovery not found');
  return row;
}

/**
 * Funds recovery (MED), for a Pix the company sent to a fraudster: open (rule 5:
 * recoverable-transaction.ts, and one per transaction), follow (`status` and `events`, moved on
 * by funds-recovery-sweeper.ts) and cancel (rule 4: not once COMPLETED or CANCELLED, and only by
 * the account that opened it). Every operation needs the MED API feature (403 from the engine).
 * The company reads every recovery it opened, whichever of its accounts opened it.
 */
export const fundsRecoveryOperations = {
  openFundsRecovery: operation({
    method: 'POST',
    paths: ['/api/v1/funds-recovery'],
    scope: 'FUNDS_RECOVERY_POST',
    feature: 'MED_API',
    access: 'write',
    status: 201,
    errors: [404, 422],
    summary: 'Open a funds recovery (MED) for a Pix sent from the account',
    request: { body: openBody },
    response: fundsRecoverySchema,
    handler(ctx, { body }) {
      const companyId = ctx.tenant.company.id;
      const at = ctx.now.toISOString();
      return ctx.db
        .transaction(() => {
          const sent = recoverableTransaction(ctx, body.transactionEndToEndId);
          const repo = fundsRecoveryRepo(ctx.db);
          if (repo.findByRootTransaction(companyId, sent.end_to_end_id)) {
            throw unprocessable(`FundsRecovery already exists for transaction ${sent.end_to_end_id}`);
          }
          const row: FundsRecoveryRow = {
            dict_id: newUuid(),
            company_id: companyId,
            account_id: ctx.tenant.account.id,
            transaction_id: sent.id,
            root_transaction_id: sent.end_to_end_id,
            situation_type: body.situationType,
            report_details: body.details,
            status: 'CREATED',
            direction: 'SENT',
            reporter_participant: ctx.tenant.account.ispb,
            next_step_at: new Date(ctx.now.getTime() + FUNDS_RECOVERY_SCHEDULE.awaitingAnalysisAfterMs).toISOString(),
            created_at: at,
            updated_at: at,
          };
          repo.insert(row);
          const recovery = serializeFundsRecovery(ctx.db, row);
          ctx.emit(FUNDS_RECOVERY_EVENTS.CREATED, { fundsRecovery: recovery });
          return recovery;
        })
        .immediate();
    },
  }),

  getFundsRecovery: operation({
    method: 'GET',
    paths: ['/api/v1/funds-recovery/:id'],
    scope: 'FUNDS_RECOVERY_GET',
    feature: 'MED_API',
    access: 'read',
    status: 200,
    errors: [404],
    summary: 'A funds recovery (MED) by its dictId, with its events',
    request: { params: dictIdParams },
    response: fundsRecoverySchema,
    handler: (ctx, { params }) => serializeFundsRecovery(ctx.db, requireRecovery(ctx, params.id)),
  }),

  cancelFundsRecovery: operation({
    method: 'POST',
    paths: ['/api/v1/funds-recovery/:id/cancel'],
    scope: 'FUNDS_RECOVERY_DELETE',
    feature: 'MED_API',
    access: 'write',
    status: 200,
    errors: [404, 422],
    summary: 'Cancel a funds recovery (MED) the account opened, unless COMPLETED or CANCELLED',
    request: { params: dictIdParams },
    response: fundsRecoveryWithoutEventsSchema,
    handler(ctx, { params }) {
      const at = ctx.now.toISOString();
      return ctx.db
        .transaction(() => {
          const row = requireRecovery(ctx, params.id);
          if (TERMINAL_STATUSES.has(row.status)) {
            throw unprocessable(`Cannot cancel: FundsRecovery is already in terminal status ${row.status}`);
          }
          if (row.account_id !== ctx.tenant.account.id) {
            throw unprocessable('Cannot cancel: FundsRecovery was opened by another account');
          }
          const repo = fundsRecoveryRepo(ctx.db);
          if (!repo.move(row, 'CANCELLED', newUuid(), at, null))
            throw new Error('funds recovery: status changed under the write lock');
          const cancelled = repo.find(row.company_id, row.dict_id)!;
          ctx.emit(FUNDS_RECOVERY_EVENTS.CANCELLED, { fundsRecovery: serializeFundsRecovery(ctx.db, cancelled) });
          return serializeFundsRecoveryWithoutEvents(cancelled);
        })
        .immediate();
    },
  }),
};
