import type { Address, ChargeCustomer } from '#shared/service/resources';
import type { Db } from '#lib/store/database';
import type { OperationContext } from '../context';
import { badRequest } from '../errors';
import { mergeAddress } from './customer-address';
import type { AddressInput, CustomerInput } from './customer-input';
import { assertTaxIdFree, insertCustomer, saveCustomer } from './customer-records';
import { customerRepo, type CustomerRow } from './customer-repo';
import { chargeCustomerSnapshot, rowAddress } from './customer-serializer';

// What the charge module needs from customers: the customer a charge's inline `customer` means
// (found or created), and the id behind a correlationID for the charge list filter.

export interface ResolvedChargeCustomer {
  customerId: string;
  /** The copy stored on the charge: name, email, phone, taxID object, correlationID. */
  snapshot: ChargeCustomer;
}

/**
 * Finds the company's customer a charge names: by correlationID, else by taxID, else by e-mail
 * (only a customer without a different CPF/CNPJ of its own); creates one when none matches.
 * Contact data the charge brings and the record lacks is added to the record; what the record
 * already has is kept, so a charge cannot rewrite a customer. Meant to run inside the charge's
 * transaction (it opens a nested one otherwise); emits CUSTOMER_CREATED or CUSTOMER_UPDATED.
 * Throws 400 when the charge's taxID contradicts the customer its correlationID names.
 */
export function resolveChargeCustomer(ctx: OperationContext, input: CustomerInput): ResolvedChargeCustomer {
  return ctx.db.transaction(() => {
    const existing = findExisting(ctx, input);
    const row = existing ? complete(ctx, existing, input) : insertCustomer(ctx, input);
    return { customerId: row.id, snapshot: chargeCustomerSnapshot(row) };
  })();
}

/** The internal id of the company's customer with this correlationID, or null. */
export function findCustomerIdByCorrelationId(db: Db, companyId: string, correlationID: string): string | null {
  return customerRepo(db).findByCorrelationId(companyId, correlationID)?.id ?? null;
}

function findExisting(ctx: OperationContext, input: CustomerInput): CustomerRow | undefined {
  const repo = customerRepo(ctx.db);
  const companyId = ctx.tenant.company.id;
  if (input.correlationID !== undefined) {
    const row = repo.findByCorrelationId(companyId, input.correlationID);
    if (row) {
      if (input.taxID && row.tax_id !== null && row.tax_id !== input.taxID.taxID) {
        throw badRequest(`customer.taxID does not match the taxID of customer ${input.correlationID}`);
      }
      return row;
    }
  }
  if (input.taxID) {
    const row = repo.findByTaxId(companyId, input.taxID.taxID);
    if (row) return row;
  }
  // An e-mail can be shared (a family, a company inbox): with a taxID in hand, only a customer
  // that has no CPF/CNPJ yet can be the same person.
  if (input.email !== undefined) return repo.findByEmail(companyId, input.email, input.taxID !== undefined);
  return undefined;
}

/** Fills the record's empty fields from the charge's customer; saves only when something was added. */
function complete(ctx: OperationContext, row: CustomerRow, input: CustomerInput): CustomerRow {
  const next: CustomerRow = { ...row };
  let changed = false;
  if (next.email === null && input.email !== undefined) {
    next.email = input.email;
    changed = true;
  }
  if (next.phone === null && input.phone !== undefined) {
    next.phone = input.phone;
    changed = true;
  }
  if (next.tax_id === null && input.taxID) {
    assertTaxIdFree(ctx, input.taxID, row.id);
    next.tax_id = input.taxID.taxID;
    next.tax_id_type = input.taxID.type;
    changed = true;
  }
  const current = rowAddress(row);
  const missing = missingAddressFields(current, input.address);
  if (missing) {
    const merged = mergeAddress(current, missing);
    next.address = merged ? JSON.stringify(merged) : null;
    changed = true;
  }
  return changed ? saveCustomer(ctx, next) : row;
}

/** The address fields the charge brings that the record does not have yet, or null if none. */
function missingAddressFields(current: Address | null, input: AddressInput | undefined): AddressInput | null {
  if (!input) return null;
  const missing: AddressInput = {};
  let any = false;
  for (const [field, value] of Object.entries(input) as [keyof AddressInput, string | undefined][]) {
    if (value !== undefined && value !== '' && current?.[field] === undefined) {
      missing[field] = value;
      any = true;
    }
  }
  return any ? missing : null;
}
