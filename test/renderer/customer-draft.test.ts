import { describe, expect, it } from 'vitest';
import { customerFromDraft, emptyCustomerDraft } from '#renderer/lib/customer-draft';

describe('sale customer draft', () => {
  it('all blank means no customer', () => {
    expect(customerFromDraft(emptyCustomerDraft)).toEqual({ ok: true, customer: undefined });
    expect(customerFromDraft({ name: ' ', taxID: '', email: ' ', phone: '' })).toEqual({
      ok: true,
      customer: undefined,
    });
  });

  it('needs a name and one contact', () => {
    expect(customerFromDraft({ ...emptyCustomerDraft, email: 'a@b.com' })).toMatchObject({
      ok: false,
      error: 'customerNeedsName',
    });
    expect(customerFromDraft({ ...emptyCustomerDraft, name: 'Ana' })).toMatchObject({
      ok: false,
      error: 'customerNeedsContact',
    });
  });

  it('keeps only filled fields, trimmed, with the document as digits and the phone as the service stores it', () => {
    expect(
      customerFromDraft({ name: ' Ana Souza ', taxID: '123.456.789-09', email: '', phone: ' 11 99999-0000 ' }),
    ).toEqual({
      ok: true,
      customer: { name: 'Ana Souza', taxID: '12345678909', phone: '+5511999990000' },
    });
  });

  // The service refuses these with English messages ("customer.taxID: taxID is not a valid CPF or
  // CNPJ"); the form says so in pt-BR first, on the field at fault.
  it('refuses a CPF or CNPJ whose check digits are wrong, before sending', () => {
    const draft = { ...emptyCustomerDraft, name: 'Ana' };
    expect(customerFromDraft({ ...draft, taxID: '123.456.789-00' })).toEqual({
      ok: false,
      error: 'customerTaxIdInvalid',
      field: 'taxID',
    });
    expect(customerFromDraft({ ...draft, taxID: '11.222.333/0001-00' })).toEqual({
      ok: false,
      error: 'customerTaxIdInvalid',
      field: 'taxID',
    });
    expect(customerFromDraft({ ...draft, taxID: '111.111.111-11' })).toMatchObject({
      ok: false,
      error: 'customerTaxIdInvalid',
    });
    expect(customerFromDraft({ ...draft, taxID: 'abc529.982.247-25' })).toMatchObject({
      ok: false,
      error: 'customerTaxIdInvalid',
    });
    expect(customerFromDraft({ ...draft, taxID: '11.222.333/0001-81' })).toEqual({
      ok: true,
      customer: { name: 'Ana', taxID: '11222333000181' },
    });
    expect(customerFromDraft({ ...draft, taxID: '12.ABC.345/01DE-35' })).toEqual({
      ok: true,
      customer: { name: 'Ana', taxID: '12ABC34501DE35' },
    });
  });

  it('refuses an e-mail or a phone the service would refuse', () => {
    const draft = { ...emptyCustomerDraft, name: 'Ana' };
    expect(customerFromDraft({ ...draft, email: 'ana@' })).toEqual({
      ok: false,
      error: 'customerEmailInvalid',
      field: 'email',
    });
    expect(customerFromDraft({ ...draft, email: 'ana@loja' })).toMatchObject({
      ok: false,
      error: 'customerEmailInvalid',
    });
    expect(customerFromDraft({ ...draft, email: ' Ana@Loja.com.br ' })).toEqual({
      ok: true,
      customer: { name: 'Ana', email: 'ana@loja.com.br' },
    });
    expect(customerFromDraft({ ...draft, phone: '9876-5432' })).toEqual({
      ok: false,
      error: 'customerPhoneInvalid',
      field: 'phone',
    });
    expect(customerFromDraft({ ...draft, phone: '11 8765-43210' })).toMatchObject({
      ok: false,
      error: 'customerPhoneInvalid',
    });
    expect(customerFromDraft({ ...draft, phone: '(11) 3456-7890' })).toEqual({
      ok: true,
      customer: { name: 'Ana', phone: '+551134567890' },
    });
  });

  it('names the first field at fault, in the order the form shows them', () => {
    expect(customerFromDraft({ name: 'Ana', taxID: '123', email: 'x', phone: 'y' })).toMatchObject({ field: 'taxID' });
    expect(customerFromDraft({ name: 'Ana', taxID: '', email: 'x', phone: 'y' })).toMatchObject({ field: 'email' });
  });
});
