import { z } from 'zod';
import type { Address } from '#shared/service/resources';
import type { ChargeRow } from '../charges/charge-repo';
import type { IntegrationRow } from './invoice-integration-repo';
import type { InvoiceRow } from './invoice-repo';

// The invoice operations' answers, as the OpenAPI file's schemas and examples name them. Fields
// the file types as non-nullable are left out when there is no value, never null.

const isoDateTime = z.iso.datetime({ offset: true });

// ---- The integration ----

export const integrationSchema = z.strictObject({
  id: z.string(),
  type: z.literal('NFEIO'),
  status: z.enum(['CONFIGURING', 'VALIDATING', 'CONFIGURED']),
  isActive: z.boolean(),
  metadata: z.strictObject({
    nfeio: z.strictObject({
      nfeioCompanyId: z.string(),
      cityServiceCode: z.string().optional(),
      municipalSubscription: z.string().optional(),
      rpsNumber: z.string().optional(),
      specialTax: z.string().optional(),
      taxRegime: z.string().optional(),
      federalTaxDetermination: z.string().optional(),
      municipalTaxDetermination: z.string().optional(),
      legalNature: z.string().optional(),
      isPortalNacional: z.boolean().optional(),
    }),
  }),
});

export type Integration = z.infer<typeof integrationSchema>;

/** The integration and its tax fields; the certificate (and anything secret) is never answered. */
export function serializeIntegration(row: IntegrationRow): Integration {
  const nfeio: Integration['metadata']['nfeio'] = { nfeioCompanyId: row.nfeio_company_id };
  const text = {
    cityServiceCode: row.city_service_code,
    municipalSubscription: row.municipal_subscription,
    rpsNumber: row.rps_number,
    specialTax: row.special_tax,
    taxRegime: row.tax_regime,
    federalTaxDetermination: row.federal_tax_determination,
    municipalTaxDetermination: row.municipal_tax_determination,
    legalNature: row.legal_nature,
  };
  for (const [field, value] of Object.entries(text) as [keyof typeof text, string | null][]) {
    if (value !== null) nfeio[field] = value;
  }
  if (row.is_portal_nacional !== null) nfeio.isPortalNacional = row.is_portal_nacional === 1;
  return { id: row.id, type: row.type, status: row.status, isActive: row.is_active === 1, metadata: { nfeio } };
}

// ---- Invoices ----

/** The tomador as the note names it (stored with the invoice at issue). */
export interface InvoiceCustomerSnapshot {
  correlationID: string;
  name: string;
  taxID: string;
  email: string | null;
  phone: string | null;
  address: Address;
}

/** The charge a note was issued for, as it was at issue. */
export interface InvoiceChargeSnapshot {
  correlationID: string;
  value: number;
  status: string;
  paidAt?: string;
  date: string;
}

const invoiceChargeSchema = z.strictObject({
  correlationID: z.string(),
  value: z.number().int(),
  status: z.string(),
  paidAt: isoDateTime.optional(),
  date: isoDateTime,
});

export const invoiceSchema = z.strictObject({
  id: z.string(),
  value: z.number().int(),
  date: isoDateTime,
  billingDate: isoDateTime,
  status: z.enum(['PROCESSING', 'CONFIRMED', 'CANCELED']),
  /**
   * The provider's raw status. The OpenAPI file's example shows null for a confirmed invoice;
   * the sandbox has no provider answer to relay, so it is always null.
   */
  statusRaw: z.string().nullable(),
  correlationID: z.string(),
  customer: z.strictObject({ correlationID: z.string(), name: z.string() }),
  charge: invoiceChargeSchema.optional(),
});

export type Invoice = z.infer<typeof invoiceSchema>;

export function chargeSnapshot(charge: ChargeRow): InvoiceChargeSnapshot {
  return {
    correlationID: charge.correlation_id,
    value: charge.value,
    status: charge.status,
    ...(charge.paid_at ? { paidAt: charge.paid_at } : {}),
    date: charge.created_at,
  };
}

/**
 * An invoice as the API answers it. `liveCharge` is the charge's row now (its status and payment
 * move on after the note); the snapshot taken at issue stands in when the charge was deleted.
 */
export function serializeInvoice(row: InvoiceRow, liveCharge: ChargeRow | undefined): Invoice {
  const customer = JSON.parse(row.customer) as InvoiceCustomerSnapshot;
  const charge = liveCharge
    ? chargeSnapshot(liveCharge)
    : row.charge
      ? (JSON.parse(row.charge) as InvoiceChargeSnapshot)
      : undefined;
  return {
    id: row.id,
    value: row.value,
    date: row.created_at,
    billingDate: row.billing_date,
    status: row.status,
    statusRaw: null,
    correlationID: row.correlation_id,
    customer: { correlationID: customer.correlationID, name: customer.name },
    ...(charge ? { charge } : {}),
  };
}
