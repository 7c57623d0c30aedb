import { describe, expect, it } from 'vitest';
import { customerFromDraft, emptyCustomerDraft } from '../../../src/renderer/src/lib/customer-draft';

describe('sale customer draft', () => {
  it('all blank means no customer', () => {
    expect(customerFromDraft(emptyCustomerDraft)).toEqual({ ok: true, customer: undefined });
    expect(customerFromDraft({ name: ' ', taxID: '', email: ' ', phone: '' })).toEqual({ ok: true, customer: undefined });
  });

  it('needs a name and one contact', () => {
    expect(customerFromDraft({ ...emptyCustomerDraft, email: 'a@b.com' })).toMatchObject({ ok: false, error: 'customerNeedsName' });
    expect(customerFromDraft({ ...emptyCustomerDraft, name: 'Ana' })).toMatchObject({ ok: false, error: 'customerNeedsContact' });
  });

  it('keeps only filled fields, trimmed, with the document as digits', () => {
    expect(customerFromDraft({ name: ' Ana Souza ', taxID: '123.456.789-09', email: '', phone: ' 11 99999-0000 ' })).toEqual({
      ok: true,
      customer: { name: 'Ana Souza', taxID: '12345678909', phone: '11 99999-0000' },
    });
  });
});
