import { z } from 'zod';
import { pageInfoSchema } from '#shared/service/resources';
import { parseTaxId } from '#shared/lib/tax-id';
import type { OperationContext } from '../context';
import { badRequest, notFound } from '../errors';
import { newObjectId } from '../ids';
import { bytes, operation } from '../operation';
import { pageOf, pageQuery } from '../pagination';
import { chargeRepo } from '../charges/charge-repo-instance';
import type { ChargeRow } from '../charges/charge-repo';
import { resolveChargeCustomer } from '../customers/charge-customer';
import { customerRepo, type CustomerRow } from '../customers/customer-repo';
import { rowAddress } from '../customers/customer-serializer';
import { renderInvoicePdf, renderInvoiceXml, type InvoiceDocumentData } from './invoice-documents';
import { invoiceIntegrationOperations } from './invoice-integration-handlers';
import {
  canonicalInvoiceRequest,
  invoiceCreateBody,
  invoiceListFilters,
  invoiceParams,
  type InvoiceCreateInput,
} from './invoice-input';
import { invoiceIntegrationRepo, type IntegrationRow } from './invoice-integration-repo';
import { invoiceRepo, type InvoiceRow } from './invoice-repo';
import {
  chargeSnapshot,
  invoiceSchema,
  serializeInvoice,
  type Invoice,
  type InvoiceCustomerSnapshot,
} from './invoice-serializer';
import { INVOICE_PROCESSING_MS } from './invoice-sweeper';

// Invoices (notas fiscais de serviço) through the NFe.io integration, simulated: created
// PROCESSING, issued (CONFIRMED, with a number and verification code) by the sandbox's city hall
// INVOICE_PROCESSING_MS later (invoice-sweeper.ts), cancelled only once confirmed. Their PDF and
// XML say plainly that they are sandbox documents (invoice-documents.ts).
//
// Scope: none. The OpenAPI file lists no `security` scope for any invoice operation and its AppID
// scopes name none for invoices, so `scope: null`: any valid AppID of a company with the INVOICE
// feature (the file's 403 "You need feature Invoice"). The file names no webhook
// event for invoices, so none is emitted. Another company's invoice answers exactly as an
// unknown one (404 "Invoice not found"): every lookup is by the caller's company.

const MISSING_INTEGRATION = 'You need to configure the invoice integration';

/** The integration that may issue now: CONFIGURED and active (400 with the file's message otherwise). */
function issuingIntegration(ctx: OperationContext): IntegrationRow {
  const integration = invoiceIntegrationRepo(ctx.db).find(ctx.tenant.company.id);
  if (!integration || integration.status !== 'CONFIGURED' || integration.is_active !== 1)
    throw badRequest(MISSING_INTEGRATION);
  return integration;
}

function requireInvoice(ctx: OperationContext, id: string): InvoiceRow {
  const row = invoiceRepo(ctx.db).findByAnyId(ctx.tenant.company.id, id);
  if (!row) throw notFound('Invoice not found');
  return row;
}

function liveCharge(ctx: OperationContext, row: InvoiceRow): ChargeRow | undefined {
  return row.charge_id ? chargeRepo(ctx.db).findById(row.company_id, row.charge_id) : undefined;
}

function json(ctx: OperationContext, row: InvoiceRow): Invoice {
  return serializeInvoice(row, liveCharge(ctx, row));
}

/** The customer `customerId` names: its correlationID, or its CPF/CNPJ (as GET /customer/{id} takes). */
function customerById(ctx: OperationContext, id: string): CustomerRow {
  const repo = customerRepo(ctx.db);
  const companyId = ctx.tenant.company.id;
  const taxId = parseTaxId(id);
  const row = repo.findByCorrelationId(companyId, id) ?? (taxId ? repo.findByTaxId(companyId, taxId.taxID) : undefined);
  if (!row) throw badRequest('Customer not found');
  return row;
}

/** The charge's customer, by the correlationID its snapshot keeps. */
function chargeCustomer(ctx: OperationContext, charge: ChargeRow): CustomerRow {
  const snapshot = charge.customer ? (JSON.parse(charge.customer) as { correlationID?: string }) : null;
  const row = snapshot?.correlationID
    ? customerRepo(ctx.db).findByCorrelationId(ctx.tenant.company.id, snapshot.correlationID)
    : undefined;
  if (!row) throw badRequest('Customer not found');
  return row;
}

/**
 * The tomador as the note names it. A nota fiscal names its tomador by CPF/CNPJ and address: a
 * customer without them is refused with the OpenAPI file's "Customer address is invalid" (or a
 * message naming the missing CPF/CNPJ).
 */
function tomador(row: CustomerRow): InvoiceCustomerSnapshot {
  if (row.tax_id === null) throw badRequest('Customer needs a CPF or CNPJ to be named in an invoice');
  const address = rowAddress(row);
  if (!address?.street || !address.number || !address.zipcode || !address.state)
    throw badRequest('Customer address is invalid');
  return {
    correlationID: row.correlation_id,
    name: row.name,
    taxID: row.tax_id,
    email: row.email,
    phone: row.phone,
    address: { ...address, country: address.country ?? 'BR' },
  };
}

/**
 * The tomador the request names, and its customer record: customerId, else the inline customer
 * (found by its CPF/CNPJ or created, as a charge's customer is; the note names it as the request
 * wrote it), else the charge's customer.
 */
function invoiceCustomer(
  ctx: OperationContext,
  body: InvoiceCreateInput,
  charge: ChargeRow | undefined,
): { customerId: string; snapshot: InvoiceCustomerSnapshot } {
  if (body.customer !== undefined) {
    const resolved = resolveChargeCustomer(ctx, body.customer);
    const { taxID, name, email, phone, address } = body.customer;
    return {
      customerId: resolved.customerId,
      snapshot: {
        // Every customer record has one; the snapshot's type only leaves it optional for old charges.
        correlationID: resolved.snapshot.correlationID!,
        name,
        taxID: taxID.taxID,
        email,
        phone,
        address,
      },
    };
  }
  const row = body.customerId !== undefined ? customerById(ctx, body.customerId) : chargeCustomer(ctx, charge!);
  return { customerId: row.id, snapshot: tomador(row) };
}

function createInvoice(ctx: OperationContext, body: InvoiceCreateInput, request: string): InvoiceRow {
  const integration = issuingIntegration(ctx);
  const companyId = ctx.tenant.company.id;
  let charge: ChargeRow | undefined;
  if (body.charge !== undefined) {
    charge = chargeRepo(ctx.db).findByAnyId(companyId, body.charge);
    if (!charge) throw badRequest('Charge not found');
    const existing = invoiceRepo(ctx.db).liveForCharge(companyId, charge.id);
    if (existing) throw badRequest(`The charge already has an invoice (correlationID ${existing.correlation_id})`);
  }
  const at = ctx.now.toISOString();
  // One transaction: a customer created for the note and the note itself commit together, or neither.
  return ctx.db.transaction(() => {
    const customer = invoiceCustomer(ctx, body, charge);
    const row: InvoiceRow = {
      id: newObjectId(),
      company_id: companyId,
      integration_id: integration.id,
      correlation_id: body.correlationID,
      // A charge's note is for what was paid (a charge with interest or a discount), else its value.
      value: charge ? (charge.paid_value ?? charge.value) : body.value!,
      description: body.description ?? null,
      billing_date: body.billingDate,
      status: 'PROCESSING',
      customer_id: customer.customerId,
      customer: JSON.stringify(customer.snapshot),
      charge_id: charge?.id ?? null,
      charge: charge ? JSON.stringify(chargeSnapshot(charge)) : null,
      number: null,
      verification_code: null,
      request,
      issues_at: new Date(ctx.now.getTime() + INVOICE_PROCESSING_MS).toISOString(),
      confirmed_at: null,
      canceled_at: null,
      created_at: at,
      updated_at: at,
    };
    invoiceRepo(ctx.db).insert(row);
    return row;
  })();
}

/** What the documents need; a note not yet issued has none (404, never the file's 500). */
function documentData(ctx: OperationContext, correlationID: string): InvoiceDocumentData {
  const invoice = requireInvoice(ctx, correlationID);
  if (invoice.status === 'PROCESSING')
    throw notFound('The invoice is still PROCESSING: its documents exist once it is CONFIRMED');
  const integration = invoiceIntegrationRepo(ctx.db).find(invoice.company_id)!;
  return { invoice, company: ctx.tenant.company, integration };
}

const invoiceBody = z.strictObject({ invoice: invoiceSchema });

export const invoiceOperations = {
  ...invoiceIntegrationOperations,

  /**
   * Create: PROCESSING, CONFIRMED INVOICE_PROCESSING_MS later. A retry with the same
   * correlationID and the same body answers the same invoice (one note, however often it is
   * sent); a different body under a correlationID already used is refused.
   */
  createInvoice: operation({
    method: 'POST',
    paths: ['/api/v1/invoice'],
    scope: null,
    feature: 'INVOICE',
    access: 'write',
    status: 201,
    summary:
      'Issue a service invoice (NFS-e) for a charge or for a value and customer; needs an active, CONFIGURED integration',
    request: { body: invoiceCreateBody },
    response: invoiceBody,
    handler(ctx, { body }) {
      const request = canonicalInvoiceRequest(body);
      const existing = invoiceRepo(ctx.db).findByCorrelationId(ctx.tenant.company.id, body.correlationID);
      if (existing) {
        if (existing.request !== request)
          throw badRequest(`An invoice with correlationID ${body.correlationID} already exists with different data`);
        return { invoice: json(ctx, existing) };
      }
      return { invoice: json(ctx, createInvoice(ctx, body, request)) };
    },
  }),

  listInvoices: operation({
    method: 'GET',
    paths: ['/api/v1/invoice'],
    scope: null,
    feature: 'INVOICE',
    access: 'read',
    status: 200,
    summary:
      'List invoices, newest first; start and end (a day or a date-time) bound when they were created, end included for a day',
    request: { query: pageQuery.extend(invoiceListFilters) },
    response: z.strictObject({ invoices: z.array(invoiceSchema), pageInfo: pageInfoSchema }),
    handler(ctx, { query }) {
      const companyId = ctx.tenant.company.id;
      // The OpenAPI file's 400 "You need to configure the invoice integration": no integration, no notes.
      if (!invoiceIntegrationRepo(ctx.db).find(companyId)) throw badRequest(MISSING_INTEGRATION);
      const repo = invoiceRepo(ctx.db);
      const filter = { start: query.start, end: query.end };
      const { items, pageInfo } = pageOf(repo.list(companyId, filter, query.skip, query.limit), query, () =>
        repo.count(companyId, filter),
      );
      return { invoices: items.map((row) => json(ctx, row)), pageInfo };
    },
  }),

  /** Only a CONFIRMED invoice can be cancelled (the OpenAPI file's "Cannot cancel a not confirmed invoice"). */
  cancelInvoice: operation({
    method: 'POST',
    paths: ['/api/v1/invoice/:correlationID/cancel'],
    scope: null,
    feature: 'INVOICE',
    access: 'write',
    status: 200,
    errors: [404],
    summary: 'Cancel a CONFIRMED invoice',
    request: { params: invoiceParams },
    response: z.strictObject({ success: z.literal(true) }),
    handler(ctx, { params }) {
      const companyId = ctx.tenant.company.id;
      if (!invoiceIntegrationRepo(ctx.db).find(companyId)) throw notFound('Integration not found');
      const invoice = requireInvoice(ctx, params.correlationID);
      if (!invoiceRepo(ctx.db).cancel(companyId, invoice.id, ctx.now.toISOString()))
        throw badRequest('Cannot cancel a not confirmed invoice');
      return { success: true as const };
    },
  }),

  getInvoicePdf: operation({
    method: 'GET',
    paths: ['/api/v1/invoice/:correlationID/pdf'],
    scope: null,
    feature: 'INVOICE',
    access: 'read',
    status: 200,
    errors: [404],
    contentType: 'application/pdf',
    contentDisposition: 'inline; filename="invoice.pdf"',
    summary: 'The PDF of a CONFIRMED or CANCELED invoice, marked as a sandbox document',
    request: { params: invoiceParams },
    response: bytes,
    handler: (ctx, { params }) => renderInvoicePdf(documentData(ctx, params.correlationID)),
  }),

  getInvoiceXml: operation({
    method: 'GET',
    paths: ['/api/v1/invoice/:correlationID/xml'],
    scope: null,
    feature: 'INVOICE',
    access: 'read',
    status: 200,
    errors: [404],
    contentType: 'application/xml',
    contentDisposition: 'inline; filename="invoice.xml"',
    summary: 'The NFS-e XML of a CONFIRMED or CANCELED invoice, marked as a sandbox document',
    request: { params: invoiceParams },
    response: bytes,
    handler: (ctx, { params }) => renderInvoiceXml(documentData(ctx, params.correlationID)),
  }),
};
