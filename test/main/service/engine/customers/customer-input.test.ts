import { describe, expect, it } from 'vitest';
import { mergeAddress, isEmptyAddressChange } from '#service/engine/customers/customer-address';
import { customerInput, customerPatchInput } from '#service/engine/customers/customer-input';

describe('customerInput', () => {
  it('normalizes every field', () => {
    const parsed = customerInput.parse({
      name: '  Maria Silva ',
      taxID: '529.982.247-25',
      email: 'Maria@Example.com',
      phone: '(11) 98765-4321',
      correlationID: ' cli-1 ',
      address: { zipcode: '01310-100', state: 'sp', street: ' Av. Paulista ', complement: '' },
    });
    expect(parsed).toEqual({
      name: 'Maria Silva',
      taxID: { taxID: '52998224725', type: 'BR:CPF' },
      email: 'maria@example.com',
      phone: '+5511987654321',
      correlationID: 'cli-1',
      address: { zipcode: '01310100', state: 'SP', street: 'Av. Paulista', complement: '' },
    });
  });

  it('needs name plus taxID, email or phone, with readable messages', () => {
    expect(customerInput.safeParse({ name: 'A', email: 'a@b.co' }).success).toBe(true);
    const issues = (input: unknown) => customerInput.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ name: 'A' })).toEqual(['a customer needs taxID, email or phone besides name']);
    expect(issues({ email: 'a@b.co' })).toEqual(['name is required']);
    expect(issues({ name: 42, email: 'a@b.co' })).toEqual(['name must be a string']);
    expect(issues({ name: '   ', email: 'a@b.co' })).toEqual(['name is required']);
    expect(issues({ name: 'A', taxID: 52998224725 })).toEqual(['taxID must be a string with a CPF or CNPJ']);
    expect(issues({ name: 'A', email: 'a@b.co', address: { zipcode: '123' } })).toEqual([
      expect.stringContaining('CEP'),
    ]);
    expect(issues({ name: 'A', email: 'a@b.co', address: { state: 'SPX' } })).toEqual([
      "address.state must be a UF (e.g. SP) or a Brazilian state's name (e.g. São Paulo)",
    ]);
    expect(issues({ name: 'A', email: 'a@b.co', address: { state: 'S'.repeat(61) } })).toContainEqual(
      expect.stringContaining('too long'),
    );
    expect(issues({ name: 'A', email: 'a@b.co', address: 'Rua A' })).toEqual(['address must be an object']);
  });

  it('patch input takes any non-empty subset', () => {
    // An empty patch changes nothing: refused, as the derived document states (anyOf of the fields).
    expect(customerPatchInput.safeParse({}).error?.issues.map((issue) => issue.message)).toEqual([
      'send at least one of name, email, phone, taxID or address to update',
    ]);
    expect(customerPatchInput.parse({ phone: '11 98765-4321' })).toEqual({ phone: '+5511987654321' });
    expect(customerPatchInput.safeParse({ name: '' }).success).toBe(false);
    expect(customerPatchInput.safeParse({ email: null }).success).toBe(false);
  });
});

describe('mergeAddress', () => {
  it('merges field by field, clears on empty string and keeps the documented order', () => {
    const merged = mergeAddress(
      { street: 'Rua A', city: 'Recife', complement: 'Apto 1' },
      { complement: '', number: '10', zipcode: '50000000' },
    );
    expect(merged).toEqual({ zipcode: '50000000', street: 'Rua A', number: '10', city: 'Recife' });
    expect(Object.keys(merged!)).toEqual(['zipcode', 'street', 'number', 'city']);
  });

  it('has one representation for no address', () => {
    expect(mergeAddress(null, undefined)).toBeNull();
    expect(mergeAddress(null, { street: '' })).toBeNull();
    expect(mergeAddress({ city: 'Recife' }, { city: '' })).toBeNull();
    expect(isEmptyAddressChange({})).toBe(true);
    expect(isEmptyAddressChange(undefined)).toBe(true);
    expect(isEmptyAddressChange({ city: '' })).toBe(false);
  });
});
