import { z } from 'zod';
import { isHttpUrl } from '#shared/lib/http-url';
import type { OperationContext } from '../context';
import { badRequest, unknownRecord } from '../errors';
import { newObjectId } from '../ids';
import { HTTP_URL_META } from '../openapi';
import { correlationId } from '../validation';
import { disputeRepo, type EvidenceRow } from './dispute-repo';
import { serializeDispute, serializeEvidence } from './dispute-serializer';

/** Internal: no public webhook name, so never delivered; it lets the app follow a dispute's defence. */
export const DISPUTE_EVIDENCE_EVENT = 'DISPUTE_EVIDENCE_SENT';

/** Bounds that keep one request small; the API documents none. */
export const MAX_DOCUMENTS_PER_REQUEST = 10;
const MAX_URL_LENGTH = 2048;
const MAX_DESCRIPTION_LENGTH = 1000;

const evidenceDocument = z.object(
  {
    url: z
      .string({ error: 'url must be a string' })
      .trim()
      .min(1, { error: 'url is required' })
      .max(MAX_URL_LENGTH, { error: `url is too long (max ${MAX_URL_LENGTH} characters)` })
      .refine(isHttpUrl, { error: 'url must be an http(s) URL' })
      .meta(HTTP_URL_META),
    correlationID: correlationId,
    description: z
      .string({ error: 'description must be a string' })
      .trim()
      .max(MAX_DESCRIPTION_LENGTH, { error: `description is too long (max ${MAX_DESCRIPTION_LENGTH} characters)` })
      .optional(),
  },
  { error: 'each document must be an object with url, correlationID and description' },
);

export const evidenceBody = z.object(
  {
    documents: z
      .array(evidenceDocument, { error: 'documents must be an array of documents' })
      .min(1, { error: 'documents must have at least one document' })
      .max(MAX_DOCUMENTS_PER_REQUEST, {
        error: `documents can have at most ${MAX_DOCUMENTS_PER_REQUEST} documents per request`,
      })
      .refine((documents) => new Set(documents.map((d) => d.correlationID)).size === documents.length, {
        error: 'documents: each correlationID may appear only once per request',
      }),
  },
  { error: 'body must be a JSON object with documents' },
);

export type EvidenceInput = z.output<typeof evidenceBody>;

/**
 * Stores the company's evidence for an open dispute. A document's correlationID is its
 * idempotency key within the dispute: sending the same document again answers it as stored and
 * writes nothing; the same correlationID with another url or description is refused (400), so a
 * retry can never silently replace evidence. A closed dispute takes no evidence (400), ACCEPTED
 * with the real service's message. All documents of one request are stored together or not at all.
 */
export function uploadEvidence(ctx: OperationContext, id: string, input: EvidenceInput) {
  const companyId = ctx.tenant.company.id;
  const at = ctx.now.toISOString();
  return ctx.db
    .transaction(() => {
      const disputes = disputeRepo(ctx.db);
      const dispute = disputes.findByAnyId(companyId, id);
      if (!dispute) throw unknownRecord('Dispute not found');
      if (dispute.status === 'ACCEPTED') throw badRequest('You cannot send a evidence for a accepted dispute');
      if (dispute.status !== 'IN_REVIEW')
        throw badRequest(`You cannot send evidence for a ${dispute.status} dispute: it is closed`);
      const stored: EvidenceRow[] = [];
      const added: EvidenceRow[] = [];
      input.documents.forEach((document, index) => {
        const earlier = disputes.findEvidence(dispute.id, document.correlationID);
        if (earlier) {
          if (earlier.url !== document.url || (earlier.description ?? undefined) !== document.description) {
            throw badRequest(
              `documents.${index}.correlationID: ${document.correlationID} was already sent with another url or description`,
            );
          }
          stored.push(earlier);
          return;
        }
        const row: EvidenceRow = {
          id: newObjectId(),
          dispute_id: dispute.id,
          correlation_id: document.correlationID,
          url: document.url,
          description: document.description ?? null,
          created_at: at,
        };
        disputes.insertEvidence(row);
        stored.push(row);
        added.push(row);
      });
      if (added.length > 0) {
        disputes.touch(dispute.id, at);
        ctx.emit(DISPUTE_EVIDENCE_EVENT, {
          dispute: serializeDispute(disputes.findByAnyId(companyId, dispute.id)!),
          documents: added.map(serializeEvidence),
        });
      }
      return { documents: stored.map(serializeEvidence) };
    })
    .immediate();
}
