import { z } from 'zod';
import type { DisputeRow, EvidenceRow } from './dispute-repo';

/** The Dispute record (service-spec "Dispute", remote-api-notes §6.8), plus its `id` for the evidence path. */
export const disputeSchema = z.strictObject({
  id: z.string(),
  status: z.enum(['IN_REVIEW', 'ACCEPTED', 'REJECTED', 'CANCELED']),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  value: z.number().int().positive(),
  disputeReason: z.string(),
  endToEndId: z.string(),
  type: z.literal('MED'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Dispute = z.infer<typeof disputeSchema>;

/** An evidence document as answered: what the client sent, under its correlationID. */
export const evidenceDocumentSchema = z.strictObject({
  url: z.string(),
  correlationID: z.string(),
  description: z.string().optional(),
});

export function serializeDispute(row: DisputeRow): Dispute {
  return {
    id: row.id,
    status: row.status,
    name: row.name,
    email: row.email,
    phoneNumber: row.phone_number,
    value: row.value,
    disputeReason: row.dispute_reason,
    endToEndId: row.end_to_end_id,
    type: row.type,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The DISPUTE_* webhook payload (remote-api-notes §3.2): exactly these fields, `event` is added on delivery. */
export function disputeEventPayload(row: DisputeRow) {
  return {
    dispute: {
      status: row.status,
      endToEndId: row.end_to_end_id,
      name: row.name,
      email: row.email,
      phoneNumber: row.phone_number,
      value: row.value,
      disputeReason: row.dispute_reason,
      id: row.id,
    },
  };
}

export function serializeEvidence(row: EvidenceRow): z.infer<typeof evidenceDocumentSchema> {
  return {
    url: row.url,
    correlationID: row.correlation_id,
    ...(row.description !== null ? { description: row.description } : {}),
  };
}
