import { z } from 'zod';
import type { OperationContext } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import { operation } from '../operation';
import { insertApplication } from '../tenancy/tenancy-writes';
import { createApplicationBody, deleteApplicationBody } from './application-input';
import { applicationRepo } from './application-repo';
import { grantedScopes, type GrantedScopes } from './application-scopes';
import { applicationSchema, applicationView } from './application-view';

/**
 * An application cannot hand out more than it holds: a caller with only APPLICATION_POST would
 * otherwise mint an application with every scope. A legacy application (no scopes: every scope,
 * including ones declared later) can only come from a caller that holds every scope that way.
 */
function assertCallerMayGrant(ctx: OperationContext, granted: GrantedScopes): void {
  if (granted.everyScope) {
    if (ctx.tenant.application.every_scope !== 1) {
      throw forbidden(
        'An application without scopes holds every scope; only an application holding every scope can create one',
      );
    }
    return;
  }
  const missing = granted.scopes.filter((scope) => !ctx.tenant.scopes.has(scope));
  if (missing.length > 0) throw forbidden(`Application cannot grant scopes it does not hold: ${missing.join(', ')}`);
}

export const applicationOperations = {
  /**
   * POST /api/v1/application → 201 {application} with its credentials. The account must be an
   * open account of the caller's company; the spec's statuses for this operation have no 404, so
   * an unknown account (or another company's) is 400 "Account not found". The real service's
   * OpenAPI file shows a 403 "You need feature BAAS"; the spec names no feature for it, so none
   * is required here.
   */
  createApplication: operation({
    method: 'POST',
    paths: ['/api/v1/application'],
    scope: 'APPLICATION_POST',
    access: 'write',
    status: 201,
    errors: [403],
    summary: 'Create an application (API access) for one of your accounts',
    request: { body: createApplicationBody },
    response: z.strictObject({ application: applicationSchema }),
    handler(ctx, { body }) {
      const account = ctx.tenancy.account(body.accountId);
      if (!account || account.company_id !== ctx.tenant.company.id || account.closed_at !== null)
        throw badRequest('Account not found');
      const granted = grantedScopes(
        body.application.scopes,
        ctx.tenancy.allScopes,
        ctx.tenant.features.has('APPLICATION_SCOPES_REQUIRED'),
      );
      assertCallerMayGrant(ctx, granted);
      const inserted = insertApplication(ctx.db, ctx.now.toISOString(), {
        companyId: ctx.tenant.company.id,
        accountId: account.id,
        name: body.application.name,
        type: body.application.type,
        scopes: granted.scopes,
        everyScope: granted.everyScope,
        allowedIps: body.application.allowedIps ?? null,
        isMaster: false,
      });
      // A new AppID is resolved on its first request (the tenancy cache holds no entry for it).
      return { application: applicationView(applicationRepo(ctx.db).byId(inserted.id)!) };
    },
  }),

  /**
   * DELETE /api/v1/application {clientId} → {success: true}: the application is deactivated
   * (isActive false, removedAt recorded) and its AppID is refused with 401 from then on, by the
   * requests already queued behind this one too (each write resolves its caller again in its
   * turn, after the cache is cleared here). Refused: an unknown client ID, another company's or
   * one already deleted (404); the caller itself (400: it would lock itself out mid-request;
   * another application of the company deletes it); the master application the sandbox made
   * with its company (400, the real service's "You cannot delete a master application").
   */
  deleteApplication: operation({
    method: 'DELETE',
    paths: ['/api/v1/application'],
    scope: 'APPLICATION_DELETE',
    access: 'write',
    status: 200,
    errors: [404],
    summary: 'Deactivate an application: its AppID is refused from then on',
    request: { body: deleteApplicationBody },
    response: z.strictObject({ success: z.literal(true) }),
    handler(ctx, { body }) {
      const clientId = body.clientId?.trim();
      if (!clientId) throw badRequest('Application client ID is required');
      const row = applicationRepo(ctx.db).findActiveByClientId(ctx.tenant.company.id, clientId);
      if (!row) throw notFound('Application not found');
      if (row.id === ctx.tenant.application.id) {
        throw badRequest('An application cannot delete itself: delete it with another application of the company');
      }
      if (row.is_master === 1) throw badRequest('You cannot delete a master application');
      applicationRepo(ctx.db).deactivate(row.id, ctx.now.toISOString());
      // At once, inside the writer's turn: the writes queued after this one resolve their caller afresh.
      ctx.tenancy.invalidate();
      return { success: true as const };
    },
  }),
};
