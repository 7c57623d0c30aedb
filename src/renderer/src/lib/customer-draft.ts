// The optional customer of a sale, as typed. The service needs a name plus one way to reach or
// identify the person (CPF/CNPJ, e-mail or phone); blank fields mean "no customer".
import type { SaleCustomer } from '../../../shared/pos-api';

export interface CustomerDraft {
  name: string;
  taxID: string;
  email: string;
  phone: string;
}

export const emptyCustomerDraft: CustomerDraft = { name: '', taxID: '', email: '', phone: '' };

export type CustomerDraftResult =
  | { ok: true; customer: SaleCustomer | undefined }
  | { ok: false; error: 'customerNeedsName' | 'customerNeedsContact'; field: keyof CustomerDraft };

export function customerFromDraft(draft: CustomerDraft): CustomerDraftResult {
  const name = draft.name.trim();
  const taxID = draft.taxID.replace(/[^\dA-Za-z]/g, '');
  const email = draft.email.trim();
  const phone = draft.phone.trim();
  if (!name && !taxID && !email && !phone) return { ok: true, customer: undefined };
  if (!name) return { ok: false, error: 'customerNeedsName', field: 'name' };
  if (!taxID && !email && !phone) return { ok: false, error: 'customerNeedsContact', field: 'taxID' };
  const customer: SaleCustomer = { name };
  if (taxID) customer.taxID = taxID;
  if (email) customer.email = email;
  if (phone) customer.phone = phone;
  return { ok: true, customer };
}
