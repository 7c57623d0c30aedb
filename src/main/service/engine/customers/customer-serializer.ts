import type { Address, ChargeCustomer, Customer } from '#shared/service/resources';
import type { CustomerRow } from './customer-repo';

export function rowAddress(row: CustomerRow): Address | null {
  return row.address ? (JSON.parse(row.address) as Address) : null;
}

function taxIdOf(row: CustomerRow): ChargeCustomer['taxID'] {
  return row.tax_id && row.tax_id_type ? { taxID: row.tax_id, type: row.tax_id_type } : undefined;
}

/** The customer as the API returns it: taxID as `{taxID, type}`, absent fields left out. */
export function serializeCustomer(row: CustomerRow): Customer {
  const customer: Customer = {
    name: row.name,
    correlationID: row.correlation_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (row.email !== null) customer.email = row.email;
  if (row.phone !== null) customer.phone = row.phone;
  const taxID = taxIdOf(row);
  if (taxID) customer.taxID = taxID;
  const address = rowAddress(row);
  if (address) customer.address = address;
  return customer;
}

/** The copy a charge keeps of its customer, as it was when the charge was created. */
export function chargeCustomerSnapshot(row: CustomerRow): ChargeCustomer {
  const snapshot: ChargeCustomer = { name: row.name };
  if (row.email !== null) snapshot.email = row.email;
  if (row.phone !== null) snapshot.phone = row.phone;
  const taxID = taxIdOf(row);
  if (taxID) snapshot.taxID = taxID;
  snapshot.correlationID = row.correlation_id;
  return snapshot;
}
