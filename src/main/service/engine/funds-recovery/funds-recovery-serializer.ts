import { z } from 'zod';
import type { Db } from '#lib/store/database';
import { fundsRecoveryRepo, SITUATION_TYPES, type FundsRecoveryRow } from './funds-recovery-repo';

export const fundsRecoveryEventSchema = z.strictObject({
  id: z.string(),
  event: z.enum(['AWAITING_ANALYSIS', 'COMPLETED', 'CANCELLED']),
  timestamp: z.string(),
});

/** FundsRecovery as the cancel operation answers it: without `events` (OpenAPI example). */
export const fundsRecoveryWithoutEventsSchema = z.strictObject({
  dictId: z.string(),
  rootTransactionId: z.string(),
  situationType: z.enum(SITUATION_TYPES),
  reportDetails: z.string(),
  status: z.enum(['CREATED', 'AWAITING_ANALYSIS', 'COMPLETED', 'CANCELLED']),
  direction: z.literal('SENT'),
  reporterParticipant: z.string(),
  creationTime: z.string(),
  lastModified: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** FundsRecovery with its progress, as open and get answer it (bare, not wrapped). */
export const fundsRecoverySchema = fundsRecoveryWithoutEventsSchema.extend({
  events: z.array(fundsRecoveryEventSchema),
});

export type FundsRecovery = z.infer<typeof fundsRecoverySchema>;
export type FundsRecoveryWithoutEvents = z.infer<typeof fundsRecoveryWithoutEventsSchema>;

export function serializeFundsRecoveryWithoutEvents(row: FundsRecoveryRow): FundsRecoveryWithoutEvents {
  return {
    dictId: row.dict_id,
    rootTransactionId: row.root_transaction_id,
    situationType: row.situation_type,
    reportDetails: row.report_details,
    status: row.status,
    direction: row.direction,
    reporterParticipant: row.reporter_participant,
    // The central bank's clock and ours are one in the sandbox.
    creationTime: row.created_at,
    lastModified: row.updated_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function serializeFundsRecovery(db: Db, row: FundsRecoveryRow): FundsRecovery {
  const events = fundsRecoveryRepo(db)
    .events(row.dict_id)
    .map((event) => ({
      id: event.id,
      event: event.event as FundsRecovery['events'][number]['event'],
      timestamp: event.timestamp,
    }));
  return { ...serializeFundsRecoveryWithoutEvents(row), events };
}
