import { z } from 'zod';
import { pageInfoSchema } from '#shared/service/resources';
import { unknownRecord } from '../errors';
import { operation } from '../operation';
import { pageOf, pageQuery } from '../pagination';
import { idParams, rfc3339 } from '../validation';
import { evidenceBody, uploadEvidence } from './dispute-evidence';
import { disputeRepo } from './dispute-repo';
import { disputeSchema, evidenceDocumentSchema, serializeDispute } from './dispute-serializer';

const listQuery = pageQuery
  .extend({ start: rfc3339.optional(), end: rfc3339.optional() })
  .refine((q) => q.start === undefined || q.end === undefined || q.start <= q.end, {
    error: 'start must not be after end',
  });

/**
 * Disputes (MED claims) against Pix the company received. The spec's error table gives these
 * operations no 404 (Get dispute 200/400/500, List 200/400, Upload evidence 200/400) and the
 * OpenAPI file answers an unknown dispute with 400 `{"error":"Dispute not found"}`: so does this
 * service, for another company's dispute too. Disputes are opened and resolved by the payer's
 * side; the sandbox simulates that (sandbox-dispute-handlers.ts).
 */
export const disputeOperations = {
  getDispute: operation({
    method: 'GET',
    paths: ['/api/v1/dispute/:id'],
    scope: 'DISPUTE_GET',
    access: 'read',
    status: 200,
    summary: 'A dispute, by the end-to-end id of the Pix it disputes',
    request: { params: idParams },
    response: z.strictObject({ dispute: disputeSchema }),
    handler(ctx, { params }) {
      const row = disputeRepo(ctx.db).findByAnyId(ctx.tenant.company.id, params.id);
      if (!row) throw unknownRecord('Dispute not found');
      return { dispute: serializeDispute(row) };
    },
  }),

  listDisputes: operation({
    method: 'GET',
    paths: ['/api/v1/dispute'],
    scope: 'DISPUTE_GET_LIST',
    access: 'read',
    status: 200,
    summary: 'Disputes, newest first, optionally opened between start and end',
    request: { query: listQuery },
    response: z.strictObject({ pageInfo: pageInfoSchema, disputes: z.array(disputeSchema) }),
    handler(ctx, { query }) {
      const repo = disputeRepo(ctx.db);
      const companyId = ctx.tenant.company.id;
      const rows = repo.list(companyId, query.start, query.end, query.skip, query.limit);
      const { items, pageInfo } = pageOf(rows, query, () => repo.count(companyId, query.start, query.end));
      return { pageInfo, disputes: items.map(serializeDispute) };
    },
  }),

  uploadDisputeEvidence: operation({
    method: 'POST',
    paths: ['/api/v1/dispute/:id/evidence'],
    scope: 'DISPUTE_POST',
    access: 'write',
    status: 200,
    summary: 'Send evidence documents for an open dispute (idempotent by correlationID)',
    request: { params: idParams, body: evidenceBody },
    response: z.strictObject({ documents: z.array(evidenceDocumentSchema) }),
    handler: (ctx, { params, body }) => uploadEvidence(ctx, params.id, body),
  }),
};
