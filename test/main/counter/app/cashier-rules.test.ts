// The cashier's rules on a sale (src/main/counter/app/cashier-rules.ts): every status a sale's view can
// have, for each rule, and the coded refusal it gives.
import { describe, expect, it } from 'vitest';
import {
  assertCancellable,
  assertCustomerReachable,
  assertPayableInSandbox,
  assertRefundable,
  assertShowable,
} from '#counter/app/cashier-rules';
import type { SaleStatus } from '#shared/counter/counter-api';

const STATUSES: SaleStatus[] = ['PENDING', 'ACTIVE', 'OFFLINE', 'COMPLETED', 'EXPIRED', 'CANCELLED', 'REJECTED'];

/** The refusal's code and details, or 'ok'. */
function verdict(rule: () => void): unknown {
  try {
    rule();
    return 'ok';
  } catch (error) {
    const { code, details } = error as { code: string; details?: unknown };
    return details === undefined ? code : { code, details };
  }
}

describe('the cashier rules', () => {
  it('cancel: a waiting sale, or one already cancelled (no change); a paid one is refunded instead', () => {
    const verdicts = Object.fromEntries(
      STATUSES.map((status) => [status, verdict(() => assertCancellable({ status }))]),
    );
    const notWaiting = { code: 'SALE_NOT_WAITING', details: { context: 'cancel' } };
    expect(verdicts).toEqual({
      PENDING: 'ok',
      ACTIVE: 'ok',
      OFFLINE: 'ok',
      COMPLETED: 'SALE_ALREADY_PAID',
      EXPIRED: notWaiting,
      CANCELLED: 'ok',
      REJECTED: notWaiting,
    });
  });

  it('refund: a paid sale only, up to what is still refundable', () => {
    for (const status of STATUSES.filter((status) => status !== 'COMPLETED'))
      expect(verdict(() => assertRefundable({ status, refundable: 1000 }, 1))).toBe('SALE_NOT_PAID');
    expect(verdict(() => assertRefundable({ status: 'COMPLETED', refundable: 1000 }, 1000))).toBe('ok');
    expect(verdict(() => assertRefundable({ status: 'COMPLETED', refundable: 1000 }, 1001))).toEqual({
      code: 'REFUND_TOO_LARGE',
      details: { refundable: 1000 },
    });
  });

  it('"Simular pagamento": a charge waiting for its Pix, never an offline sale', () => {
    const payable = STATUSES.filter((status) => verdict(() => assertPayableInSandbox({ status })) === 'ok');
    expect(payable).toEqual(['ACTIVE']);
    expect(verdict(() => assertPayableInSandbox({ status: 'OFFLINE' }))).toEqual({
      code: 'SALE_NOT_WAITING',
      details: { context: 'pay' },
    });
  });

  it('"Mostrar QR": a sale that can still be paid', () => {
    const showable = STATUSES.filter((status) => verdict(() => assertShowable({ status })) === 'ok');
    expect(showable).toEqual(['PENDING', 'ACTIVE', 'OFFLINE']);
    expect(verdict(() => assertShowable({ status: 'COMPLETED' }))).toEqual({
      code: 'SALE_NOT_WAITING',
      details: { context: 'show' },
    });
  });

  it('a customer named on a sale: reachable by a CPF/CNPJ, an e-mail or a phone', () => {
    expect(verdict(() => assertCustomerReachable(undefined))).toBe('ok');
    expect(verdict(() => assertCustomerReachable({ name: 'Ana' }))).toBe('CUSTOMER_CONTACT_REQUIRED');
    for (const contact of [{ taxID: '11144477735' }, { email: 'ana@example.com' }, { phone: '+5581999990000' }])
      expect(verdict(() => assertCustomerReachable({ name: 'Ana', ...contact }))).toBe('ok');
  });
});
