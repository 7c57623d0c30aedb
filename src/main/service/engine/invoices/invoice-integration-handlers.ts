import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { OperationContext } from '../context';
import { badRequest, notFound } from '../errors';
import { newObjectId } from '../ids';
import { operation } from '../operation';
import { certificateFingerprint, checkCertificate } from './invoice-certificate';
import {
  certificateBody,
  integrationActiveBody,
  integrationTaxBody,
  integrationUpsertBody,
  type IntegrationTaxInput,
} from './invoice-input';
import { invoiceIntegrationRepo, type IntegrationRow, type IntegrationTaxFields } from './invoice-integration-repo';
import { integrationSchema, serializeIntegration } from './invoice-serializer';
import { INVOICE_PROCESSING_MS } from './invoice-sweeper';

// The company's NFe.io integration (OpenAPI file, tag "invoice"): created with its tax fields,
// then an A1 certificate, then a test invoice that NFe.io confirms (the sandbox does, after
// INVOICE_PROCESSING_MS), which makes it CONFIGURED and active; only then are invoices issued.
//
// Scope: the OpenAPI file lists no `security` scope for any invoice operation, and its AppID
// scopes name none that describes them, so `scope: null` (any valid AppID), of a company with the
// INVOICE feature: its 403 "You need feature Invoice".

export const NOT_CONFIGURED_FOR_ACTIVATION =
  'It is not possible to active an Integration not configured. Configure first, then active it';

function requireIntegration(ctx: OperationContext, message = 'Integration not found'): IntegrationRow {
  const row = invoiceIntegrationRepo(ctx.db).find(ctx.tenant.company.id);
  if (!row) throw notFound(message);
  return row;
}

/** The row with the tax fields the request sends; "" clears a field, an absent one keeps it. */
function withTaxFields(row: IntegrationRow, input: Partial<IntegrationTaxInput>): IntegrationRow {
  const text = (value: string | undefined, current: string | null) =>
    value === undefined ? current : value === '' ? null : value;
  const fields: IntegrationTaxFields = {
    city_service_code: text(input.cityServiceCode, row.city_service_code),
    municipal_subscription: text(input.municipalSubscription, row.municipal_subscription),
    rps_number: text(input.rpsNumber, row.rps_number),
    special_tax: text(input.specialTax, row.special_tax),
    tax_regime: text(input.taxRegime, row.tax_regime),
    federal_tax_determination: text(input.federalTaxDetermination, row.federal_tax_determination),
    municipal_tax_determination: text(input.municipalTaxDetermination, row.municipal_tax_determination),
    legal_nature: text(input.legalNature, row.legal_nature),
    is_portal_nacional: input.isPortalNacional === undefined ? row.is_portal_nacional : input.isPortalNacional ? 1 : 0,
  };
  return { ...row, ...fields };
}

/** isActive as asked: turning on needs a CONFIGURED integration (400 otherwise, nothing written). */
function withActive(row: IntegrationRow, isActive: boolean | undefined): IntegrationRow {
  if (isActive === undefined) return row;
  if (isActive && row.status !== 'CONFIGURED') throw badRequest(NOT_CONFIGURED_FOR_ACTIVATION);
  return { ...row, is_active: isActive ? 1 : 0 };
}

function newIntegration(ctx: OperationContext): IntegrationRow {
  const at = ctx.now.toISOString();
  return {
    id: newObjectId(),
    company_id: ctx.tenant.company.id,
    type: 'NFEIO',
    status: 'CONFIGURING',
    is_active: 0,
    // The company's id at the sandbox's NFe.io: its own, nothing of the caller's in it.
    nfeio_company_id: randomBytes(16).toString('hex'),
    city_service_code: null,
    municipal_subscription: null,
    rps_number: null,
    special_tax: null,
    tax_regime: null,
    federal_tax_determination: null,
    municipal_tax_determination: null,
    legal_nature: null,
    is_portal_nacional: null,
    certificate_sha256: null,
    certificate_test: null,
    certificate_uploaded_at: null,
    test_invoice_id: null,
    validates_at: null,
    next_number: 1,
    created_at: at,
    updated_at: at,
  };
}

const integrationBody = z.strictObject({ integration: integrationSchema });

export const invoiceIntegrationOperations = {
  getInvoiceIntegration: operation({
    method: 'GET',
    paths: ['/api/v1/invoice/integration'],
    scope: null,
    feature: 'INVOICE',
    access: 'read',
    status: 200,
    errors: [404],
    summary: "The company's NFe.io integration: its status, whether it is active, and its tax fields",
    request: {},
    response: integrationBody,
    handler: (ctx) => ({ integration: serializeIntegration(requireIntegration(ctx)) }),
  }),

  /**
   * Upsert, as the OpenAPI file's summary and description say ("Create or upsert", 201 "created/
   * updated"): a second POST updates the tax fields. The file also lists a 409 "Integration
   * already exists", which an upsert never has a reason to answer; the sandbox follows the upsert.
   */
  upsertInvoiceIntegration: operation({
    method: 'POST',
    paths: ['/api/v1/invoice/integration'],
    scope: null,
    feature: 'INVOICE',
    access: 'write',
    status: 201,
    summary:
      'Create the NFe.io integration, or update its tax fields; isActive true only once it is CONFIGURED (400 otherwise)',
    request: { body: integrationUpsertBody },
    response: integrationBody,
    handler(ctx, { body }) {
      const repo = invoiceIntegrationRepo(ctx.db);
      const existing = repo.find(ctx.tenant.company.id);
      const next = withActive(withTaxFields(existing ?? newIntegration(ctx), body), body.isActive);
      const row = { ...next, updated_at: ctx.now.toISOString() };
      if (existing) repo.save(row);
      else repo.insert(row);
      return { integration: serializeIntegration(row) };
    },
  }),

  updateInvoiceIntegrationTax: operation({
    method: 'PUT',
    paths: ['/api/v1/invoice/integration'],
    scope: null,
    feature: 'INVOICE',
    access: 'write',
    status: 200,
    errors: [404],
    summary: "Update the tax fields of the company's existing NFe.io integration",
    request: { body: integrationTaxBody },
    response: integrationBody,
    handler(ctx, { body }) {
      const row = { ...withTaxFields(requireIntegration(ctx), body), updated_at: ctx.now.toISOString() };
      invoiceIntegrationRepo(ctx.db).save(row);
      return { integration: serializeIntegration(row) };
    },
  }),

  setInvoiceIntegrationActive: operation({
    method: 'PATCH',
    paths: ['/api/v1/invoice/integration'],
    scope: null,
    feature: 'INVOICE',
    access: 'write',
    status: 200,
    errors: [404],
    summary: 'Activate (only once CONFIGURED) or deactivate the NFe.io integration; inactive, it issues no invoices',
    request: { body: integrationActiveBody },
    response: integrationBody,
    handler(ctx, { body }) {
      const row = { ...withActive(requireIntegration(ctx), body.isActive), updated_at: ctx.now.toISOString() };
      invoiceIntegrationRepo(ctx.db).save(row);
      return { integration: serializeIntegration(row) };
    },
  }),

  /**
   * The A1 certificate. Unless `test` is true, it must open with its passphrase (400 with the
   * OpenAPI file's message otherwise). Kept: its SHA-256 and when; answered: the status only.
   */
  uploadInvoiceCertificate: operation({
    method: 'POST',
    paths: ['/api/v1/invoice/integration/certificate'],
    scope: null,
    feature: 'INVOICE',
    access: 'write',
    status: 200,
    errors: [404],
    summary:
      'Upload the A1 certificate (base64 PKCS#12 and its passphrase) to the NFe.io integration; never echoed back',
    request: { body: certificateBody },
    response: z.strictObject({
      integration: z.strictObject({ status: z.enum(['CONFIGURING', 'VALIDATING', 'CONFIGURED']) }),
    }),
    handler(ctx, { body }) {
      const integration = requireIntegration(ctx, 'You need to configure the invoice integration');
      const pkcs12 = Buffer.from(body.pcks12, 'base64');
      let sha256: string;
      if (body.test === true) sha256 = certificateFingerprint(pkcs12);
      else {
        const check = checkCertificate(pkcs12, body.passphrase);
        if (!check.ok)
          throw badRequest('Error uploading certificate, check if the password or the certificate is correct');
        sha256 = check.sha256;
      }
      const at = ctx.now.toISOString();
      invoiceIntegrationRepo(ctx.db).save({
        ...integration,
        certificate_sha256: sha256,
        certificate_test: body.test === true ? 1 : 0,
        certificate_uploaded_at: at,
        updated_at: at,
      });
      return { integration: { status: integration.status } };
    },
  }),

  /**
   * The bootstrap test invoice: VALIDATING now, CONFIGURED and active once the sandbox's NFe.io
   * confirms it (invoice-sweeper.ts). Asked again while validating, it answers the pending test
   * rather than issuing a second; a CONFIGURED integration is refused, as the OpenAPI file says.
   * It needs the certificate: NFe.io signs notes with it.
   */
  issueInvoiceIntegrationTest: operation({
    method: 'POST',
    paths: ['/api/v1/invoice/integration/test'],
    scope: null,
    feature: 'INVOICE',
    access: 'write',
    status: 200,
    errors: [400, 404],
    summary: 'Issue the NFe.io test invoice: the integration turns VALIDATING, then CONFIGURED and active',
    request: {},
    response: z.strictObject({
      invoice: z.strictObject({ id: z.string() }),
      integration: z.strictObject({ id: z.string() }),
    }),
    handler(ctx) {
      const integration = requireIntegration(ctx, 'NFE integration not found');
      if (integration.status === 'CONFIGURED')
        throw badRequest('Configured integration cannot issue test invoices anymore');
      if (integration.status === 'VALIDATING' && integration.test_invoice_id !== null)
        return { invoice: { id: integration.test_invoice_id }, integration: { id: integration.id } };
      if (integration.certificate_sha256 === null) {
        throw badRequest(
          'Upload the A1 certificate (POST /api/v1/invoice/integration/certificate) before issuing a test invoice',
        );
      }
      const testInvoiceId = newObjectId();
      invoiceIntegrationRepo(ctx.db).save({
        ...integration,
        status: 'VALIDATING',
        test_invoice_id: testInvoiceId,
        validates_at: new Date(ctx.now.getTime() + INVOICE_PROCESSING_MS).toISOString(),
        updated_at: ctx.now.toISOString(),
      });
      return { invoice: { id: testInvoiceId }, integration: { id: integration.id } };
    },
  }),
};
