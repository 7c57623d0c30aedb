// The optional customer of a sale, as typed. The service needs a name plus one way to reach or
// identify the person (CPF/CNPJ, e-mail or phone); blank fields mean "no customer". Each field is
// checked here, by the same rules the service applies (src/shared/lib/tax-id.ts, contact.ts), so the
// cashier reads what is wrong in pt-BR before anything is sent, never the service's English.
import type { SaleCustomer } from '#shared/counter/counter-api';
import { normalizeEmail, normalizePhone } from '#shared/lib/contact';
import { parseTaxId } from '#shared/lib/tax-id';

export interface CustomerDraft {
  name: string;
  taxID: string;
  email: string;
  phone: string;
}

export const emptyCustomerDraft: CustomerDraft = { name: '', taxID: '', email: '', phone: '' };

/** i18n keys under `sale.` */
export type CustomerDraftError =
  | 'customerNeedsName'
  | 'customerNeedsContact'
  | 'customerTaxIdInvalid'
  | 'customerEmailInvalid'
  | 'customerPhoneInvalid';

export type CustomerDraftResult =
  | { ok: true; customer: SaleCustomer | undefined }
  | { ok: false; error: CustomerDraftError; field: keyof CustomerDraft };

export function customerFromDraft(draft: CustomerDraft): CustomerDraftResult {
  const name = draft.name.trim();
  const taxID = draft.taxID.trim();
  const email = draft.email.trim();
  const phone = draft.phone.trim();
  if (!name && !taxID && !email && !phone) return { ok: true, customer: undefined };
  if (!name) return { ok: false, error: 'customerNeedsName', field: 'name' };
  if (!taxID && !email && !phone) return { ok: false, error: 'customerNeedsContact', field: 'taxID' };
  const customer: SaleCustomer = { name };
  if (taxID) {
    const parsed = parseTaxId(taxID);
    if (!parsed) return { ok: false, error: 'customerTaxIdInvalid', field: 'taxID' };
    customer.taxID = parsed.taxID;
  }
  if (email) {
    const normalized = normalizeEmail(email);
    if (normalized === null) return { ok: false, error: 'customerEmailInvalid', field: 'email' };
    customer.email = normalized;
  }
  if (phone) {
    const normalized = normalizePhone(phone);
    if (!normalized.ok) return { ok: false, error: 'customerPhoneInvalid', field: 'phone' };
    customer.phone = normalized.phone;
  }
  return { ok: true, customer };
}
