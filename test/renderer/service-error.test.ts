import { describe, expect, it } from 'vitest';
import ptBR from '#renderer/i18n/pt-BR.json';
import { readableError, readServiceError } from '#renderer/lib/service-error';

/** The pt-BR catalogue's text for a `serviceError.` key, as i18next's t gives it. */
const ptBRText = (key: `serviceError.${string}`) =>
  (ptBR.serviceError as Record<string, string>)[key.slice('serviceError.'.length)]!;

describe("the service's errors as a cashier reads them", () => {
  it('maps the refusals issue 13 found to pt-BR, keeping the original as details', () => {
    expect(readServiceError('customer.taxID: taxID is not a valid CPF or CNPJ')).toEqual({
      kind: 'customerTaxId',
      original: 'customer.taxID: taxID is not a valid CPF or CNPJ',
    });
    expect(readServiceError('Route POST /api/api/v1/charge not found')).toEqual({
      kind: 'wrongPath',
      original: 'Route POST /api/api/v1/charge not found',
    });
  });

  it('maps the other customer and value refusals of the charge schema', () => {
    expect(readServiceError('customer.email: email is not a valid e-mail address').kind).toBe('customerEmail');
    expect(
      readServiceError('customer.phone: phone must have the area code and 8 or 9 digits, e.g. 11 98765-4321').kind,
    ).toBe('customerPhone');
    expect(readServiceError('customer.phone: phone has an invalid area code (DDD)').kind).toBe('customerPhone');
    expect(readServiceError('customer: a customer needs taxID, email or phone besides name').kind).toBe(
      'customerContact',
    );
    expect(readServiceError('value: value is too large').kind).toBe('valueTooLarge');
    expect(readServiceError('value: value must be at least 1 cent').kind).toBe('valueTooSmall');
    expect(readServiceError('comment: comment is too long (max 140 characters)').kind).toBe('commentTooLong');
  });

  it('reads the service\'s words inside the counter\'s "O serviço Pix recusou:" frame', () => {
    expect(readServiceError('O serviço Pix recusou: Charge not found')).toEqual({
      kind: 'chargeNotFound',
      original: 'Charge not found',
    });
    expect(readServiceError('O serviço Pix recusou: something new')).toEqual({
      kind: 'refused',
      original: 'something new',
    });
  });

  it("leaves the counter's own pt-BR messages as they are", () => {
    const own = 'Sem conexão com o serviço Pix. Verifique a internet e tente de novo.';
    expect(readServiceError(own)).toEqual({ kind: null, original: own });
    expect(readServiceError('Só uma venda paga pode ser devolvida')).toEqual({
      kind: null,
      original: 'Só uma venda paga pode ser devolvida',
    });
  });

  it("gives the cashier the pt-BR text and keeps the service's words as details (the history list's refusal line, the detail, the error banner)", () => {
    expect(readableError('O serviço Pix recusou: customer.taxID: taxID is not a valid CPF or CNPJ', ptBRText)).toEqual({
      text: 'O serviço Pix não aceitou o CPF ou CNPJ do cliente: confira os números.',
      details: 'customer.taxID: taxID is not a valid CPF or CNPJ',
    });
    expect(readableError('O serviço Pix recusou: something new', ptBRText)).toEqual({
      text: 'O serviço Pix recusou o pedido.',
      details: 'something new',
    });
    expect(readableError('Só uma venda paga pode ser devolvida', ptBRText)).toEqual({
      text: 'Só uma venda paga pode ser devolvida',
      details: null,
    });
  });
});
