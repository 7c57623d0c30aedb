import { z } from 'zod';
import { pageInfoSchema } from '#shared/service/resources';
import type { OperationContext } from '../context';
import { badRequest, unknownRecord } from '../errors';
import { newObjectId } from '../ids';
import { answerWith, operation } from '../operation';
import { pageOf, pageQuery } from '../pagination';
import { applicationRepo } from '../applications/application-repo';
import { grantedScopes, sameScopes } from '../applications/application-scopes';
import { insertApplication } from '../tenancy/tenancy-writes';
import { createAffiliateCompany } from './affiliate-company';
import { partnerApplicationBody, preRegistrationBody, taxIdParams, type PreRegistrationInput } from './partner-input';
import { partnerRepo, type PreRegistrationRow } from './partner-repo';
import {
  affiliateSchema,
  affiliateView,
  partnerApplicationSchema,
  partnerApplicationView,
  preRegistrationEcho,
  preRegistrationEchoSchema,
  preRegistrationRecord,
  preRegistrationRecordSchema,
} from './partner-view';

// A company is a partner when it has the PARTNER feature (operation.ts): every operation here
// declares it, so a non-partner is answered 403 before its input is read. Each partner sees and
// claims only its own pre-registrations: every query is keyed by the caller's company, and a
// taxID another partner pre-registered is, for this one, simply not pre-registered.

/** The stored fields a repeated pre-registration disagrees with, by their request path. */
function differingFields(row: PreRegistrationRow, input: PreRegistrationInput): string[] {
  const { preRegistration: pre, user } = input;
  const pairs: [string, unknown, unknown][] = [
    ['preRegistration.name', row.name, pre.name],
    ['preRegistration.website', row.website, pre.website ?? null],
    ['user.firstName', row.user_first_name, user.firstName],
    ['user.lastName', row.user_last_name, user.lastName],
    ['user.email', row.user_email, user.email],
    ['user.phone', row.user_phone, user.phone],
    ['user.taxID', row.user_tax_id, user.taxID.taxID],
  ];
  return pairs.filter(([, stored, sent]) => stored !== sent).map(([field]) => field);
}

function recordOf(ctx: OperationContext, row: PreRegistrationRow) {
  if (row.company_id === null) return preRegistrationRecord(row, undefined, undefined);
  const company = ctx.tenancy.company(row.company_id);
  const application = applicationRepo(ctx.db).firstActiveByPartner(row.company_id, ctx.tenant.company.id);
  return preRegistrationRecord(
    row,
    company && {
      name: company.official_name,
      taxID: company.tax_id,
      taxIDType: company.tax_id_type as 'BR:CNPJ' | 'BR:CPF',
    },
    application,
  );
}

export const partnerOperations = {
  listPartnerAffiliates: operation({
    method: 'GET',
    paths: ['/api/v1/partner/affiliate'],
    scope: 'PARTNER_COMPANY_GET_LIST',
    feature: 'PARTNER',
    access: 'read',
    status: 200,
    summary:
      'The companies you registered as a partner (pre-registrations a partner application turned into companies)',
    request: { query: pageQuery },
    response: z.strictObject({ affiliates: z.array(affiliateSchema), pageInfo: pageInfoSchema }),
    handler(ctx, { query }) {
      const repo = partnerRepo(ctx.db);
      const companyId = ctx.tenant.company.id;
      const { items, pageInfo } = pageOf(repo.affiliates(companyId, query.skip, query.limit), query, () =>
        repo.countAffiliates(companyId),
      );
      return {
        affiliates: items.map((row) =>
          affiliateView(
            row,
            partnerRepo(ctx.db).receivingAccount(row.company_id),
            applicationRepo(ctx.db).firstActiveByPartner(row.company_id, ctx.tenant.company.id),
          ),
        ),
        pageInfo,
      };
    },
  }),

  /**
   * POST /api/v1/partner/company: idempotent by the pre-registered company's taxID (the OpenAPI
   * file: "Being the taxID our idempotence key…"). New → 201; the same data again → 200 with the
   * stored record. The same taxID with other data → 400 naming the fields that differ: a
   * pre-registration is not edited this way, and answering 200 with the old data would let the
   * partner believe the new data was kept.
   */
  createPartnerPreRegistration: operation({
    method: 'POST',
    paths: ['/api/v1/partner/company'],
    scope: 'PARTNER_COMPANY_POST',
    feature: 'PARTNER',
    access: 'write',
    status: 201,
    alternateStatus: 200,
    summary: 'Pre-register a company with you as its partner (idempotent by its taxID)',
    request: { body: preRegistrationBody },
    response: preRegistrationEchoSchema,
    handler(ctx, { body }) {
      const partnerId = ctx.tenant.company.id;
      const existing = partnerRepo(ctx.db).findByTaxId(partnerId, body.preRegistration.taxID.taxID);
      if (existing) {
        const differing = differingFields(existing, body);
        if (differing.length > 0) {
          throw badRequest(
            `A pre-registration for taxID ${existing.tax_id} already exists with other data (${differing.join(', ')}); it cannot be changed`,
          );
        }
        return answerWith(200, preRegistrationEcho(existing));
      }
      const row: PreRegistrationRow = {
        id: newObjectId(),
        partner_company_id: partnerId,
        name: body.preRegistration.name,
        website: body.preRegistration.website ?? null,
        tax_id: body.preRegistration.taxID.taxID,
        tax_id_type: body.preRegistration.taxID.type,
        user_first_name: body.user.firstName,
        user_last_name: body.user.lastName,
        user_email: body.user.email,
        user_phone: body.user.phone,
        user_tax_id: body.user.taxID.taxID,
        user_tax_id_type: body.user.taxID.type,
        company_id: null,
        created_at: ctx.now.toISOString(),
      };
      partnerRepo(ctx.db).insert(row);
      return preRegistrationEcho(row);
    },
  }),

  /**
   * GET /api/v1/partner/company/{taxID}. The spec's statuses for it are 200 and 400, so a taxID
   * this partner did not pre-register (another partner's included) is 400 "Pre-registration not
   * found".
   */
  getPartnerPreRegistration: operation({
    method: 'GET',
    paths: ['/api/v1/partner/company/:taxID'],
    scope: 'PARTNER_COMPANY_GET',
    feature: 'PARTNER',
    access: 'read',
    status: 200,
    summary: 'One of your pre-registrations, by its raw taxID',
    request: { params: taxIdParams },
    response: z.strictObject({ preRegistration: preRegistrationRecordSchema }),
    handler(ctx, { params }) {
      const row = partnerRepo(ctx.db).findByTaxId(ctx.tenant.company.id, params.taxID.taxID);
      if (!row) throw unknownRecord('Pre-registration not found');
      return { preRegistration: recordOf(ctx, row) };
    },
  }),

  listPartnerPreRegistrations: operation({
    method: 'GET',
    paths: ['/api/v1/partner/company'],
    scope: 'PARTNER_COMPANY_GET_LIST',
    feature: 'PARTNER',
    access: 'read',
    status: 200,
    summary: 'Your pre-registrations, oldest first',
    request: { query: pageQuery },
    response: z.strictObject({ preRegistrations: z.array(preRegistrationRecordSchema), pageInfo: pageInfoSchema }),
    handler(ctx, { query }) {
      const repo = partnerRepo(ctx.db);
      const companyId = ctx.tenant.company.id;
      const { items, pageInfo } = pageOf(repo.list(companyId, query.skip, query.limit), query, () =>
        repo.count(companyId),
      );
      return { preRegistrations: items.map((row) => recordOf(ctx, row)), pageInfo };
    },
  }),

  /**
   * POST /api/v1/partner/application: an application for a company this partner pre-registered.
   * The first one creates the company (with its account and Pix key) from the pre-registration.
   * Idempotent by the company and the application's name (the OpenAPI file: "identified by the
   * name that you give to it and by the company"): the same name, type and scopes again → 200
   * with the same credentials; the same name with another type or other scopes → 400. A new
   * application → 201. Its scopes follow the rules of POST /api/v1/application for the
   * affiliate company; they are not limited to the partner's own, since they act on the
   * affiliate's records, not the partner's.
   */
  createPartnerApplication: operation({
    method: 'POST',
    paths: ['/api/v1/partner/application'],
    scope: 'PARTNER_APPLICATION_POST',
    feature: 'PARTNER',
    access: 'write',
    status: 201,
    alternateStatus: 200,
    summary: 'Create an application for a company you pre-registered (creating the company on first use)',
    request: { body: partnerApplicationBody },
    response: z.strictObject({ application: partnerApplicationSchema }),
    handler(ctx, { body }) {
      const partnerId = ctx.tenant.company.id;
      const at = ctx.now.toISOString();
      const pre = partnerRepo(ctx.db).findByTaxId(partnerId, body.taxID.taxID);
      if (!pre)
        throw badRequest(
          `No pre-registration of yours has taxID ${body.taxID.taxID}: create it with POST /api/v1/partner/company first`,
        );
      const companyId = pre.company_id ?? createAffiliateCompany(ctx.db, at, pre, ctx.tenant.company.environment);
      const company = ctx.tenancy.company(companyId)!;
      const features = new Set(JSON.parse(company.features) as string[]);
      const granted = grantedScopes(
        body.application.scopes,
        ctx.tenancy.allScopes,
        features.has('APPLICATION_SCOPES_REQUIRED'),
      );
      const existing = applicationRepo(ctx.db).findActiveByPartnerAndName(companyId, partnerId, body.application.name);
      if (existing) {
        const sameGrant =
          existing.every_scope === 1
            ? granted.everyScope
            : !granted.everyScope && sameScopes(JSON.parse(existing.scopes) as string[], granted.scopes);
        if (existing.type !== body.application.type || !sameGrant) {
          throw badRequest(
            `An application named "${existing.name}" already exists for this company with another type or other scopes`,
          );
        }
        return answerWith(200, { application: partnerApplicationView(existing) });
      }
      const account = partnerRepo(ctx.db).receivingAccount(companyId);
      if (!account) throw badRequest('The pre-registered company has no open account');
      const inserted = insertApplication(ctx.db, at, {
        companyId,
        accountId: account.id,
        name: body.application.name,
        type: body.application.type,
        scopes: granted.scopes,
        everyScope: granted.everyScope,
        allowedIps: null,
        isMaster: false,
        partnerCompanyId: partnerId,
      });
      return { application: partnerApplicationView(applicationRepo(ctx.db).byId(inserted.id)!) };
    },
  }),
};
