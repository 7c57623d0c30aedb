import type { TaxId } from '#shared/service/resources';
import type { OperationContext } from '../context';
import { badRequest } from '../errors';
import { newObjectId, newUuid } from '../ids';
import { mergeAddress } from './customer-address';
import type { CustomerInput } from './customer-input';
import { customerRepo, type CustomerRow } from './customer-repo';
import { serializeCustomer } from './customer-serializer';

// The writes every path to a customer shares (POST /customer, PATCH, a charge's inline customer),
// so the uniqueness rules and the outbox events cannot drift apart. Callers own the transaction.

export const CUSTOMER_EVENTS = {
  created: 'CUSTOMER_CREATED',
  updated: 'CUSTOMER_UPDATED',
} as const;

/** One CPF/CNPJ is one customer within a company: lookups by taxID must find a single person. */
export function assertTaxIdFree(ctx: OperationContext, taxID: TaxId, exceptCustomerId?: string): void {
  const holder = customerRepo(ctx.db).findByTaxId(ctx.tenant.company.id, taxID.taxID);
  if (holder && holder.id !== exceptCustomerId) {
    throw badRequest(`A customer with taxID ${taxID.taxID} already exists (correlationID ${holder.correlation_id})`);
  }
}

export function assertCorrelationIdFree(ctx: OperationContext, correlationID: string): void {
  if (customerRepo(ctx.db).findByCorrelationId(ctx.tenant.company.id, correlationID)) {
    throw badRequest(`A customer with correlationID ${correlationID} already exists`);
  }
}

/** Checks both uniqueness rules, inserts the customer and emits CUSTOMER_CREATED. */
export function insertCustomer(ctx: OperationContext, input: CustomerInput): CustomerRow {
  const correlationID = input.correlationID ?? newUuid();
  assertCorrelationIdFree(ctx, correlationID);
  if (input.taxID) assertTaxIdFree(ctx, input.taxID);
  const at = ctx.now.toISOString();
  const address = mergeAddress(null, input.address);
  const row: CustomerRow = {
    id: newObjectId(),
    company_id: ctx.tenant.company.id,
    correlation_id: correlationID,
    name: input.name,
    email: input.email ?? null,
    phone: input.phone ?? null,
    tax_id: input.taxID?.taxID ?? null,
    tax_id_type: input.taxID?.type ?? null,
    address: address ? JSON.stringify(address) : null,
    created_at: at,
    updated_at: at,
  };
  customerRepo(ctx.db).insert(row);
  ctx.emit(CUSTOMER_EVENTS.created, { customer: serializeCustomer(row) });
  return row;
}

/** Stores an already-validated change of a customer and emits CUSTOMER_UPDATED. */
export function saveCustomer(ctx: OperationContext, row: CustomerRow): CustomerRow {
  const updated: CustomerRow = { ...row, updated_at: ctx.now.toISOString() };
  customerRepo(ctx.db).update(updated);
  ctx.emit(CUSTOMER_EVENTS.updated, { customer: serializeCustomer(updated) });
  return updated;
}
