import { describe, expect, it, vi } from 'vitest';
import type { Sale, SaleStatus } from '#shared/counter/counter-api';
import {
  acceptsUpdate,
  canMarkShowedReceipt,
  customerDisplayAdopts,
  customerView,
  liveKeyHints,
  liveSaleUpdate,
  liveViewOf,
  SHOWED_RECEIPT_KEY,
  WAITING_KEYS,
  waitingKeyAction,
  type LiveView,
} from '#renderer/lib/live-sale';
import { DIGIT_KEYS } from '#renderer/lib/next-sale';

const BR_CODE =
  '00020101021226810014br.gov.bcb.pix2559qr.example.com/pix/v2/cob/abc5204000053039865406123.455802BR6304ABCD';

function sale(status: SaleStatus, extra: Partial<Sale> = {}): Sale {
  return {
    correlationID: 'venda-1',
    value: 1234,
    status,
    ...(status === 'PENDING' ? {} : { brCode: BR_CODE }),
    sync: { queued: status === 'PENDING' ? 1 : 0 },
    expiresDate: '2025-11-22T15:15:00.000Z',
    createdAt: '2025-11-22T15:00:00.000Z',
    refunds: [],
    refundable: 0,
    ...extra,
  };
}

const draw = (brCode: string) => `qr:${brCode.length}`;

describe('the sale on screen takes an update', () => {
  it('moves forward only: PENDING → ACTIVE → an end; the ends may replace each other', () => {
    expect(acceptsUpdate('PENDING', 'ACTIVE')).toBe(true);
    expect(acceptsUpdate('PENDING', 'REJECTED')).toBe(true);
    expect(acceptsUpdate('PENDING', 'CANCELLED')).toBe(true);
    expect(acceptsUpdate('ACTIVE', 'COMPLETED')).toBe(true);
    expect(acceptsUpdate('ACTIVE', 'ACTIVE')).toBe(true);
    // A late snapshot never moves a sale back.
    expect(acceptsUpdate('ACTIVE', 'PENDING')).toBe(false);
    expect(acceptsUpdate('COMPLETED', 'ACTIVE')).toBe(false);
    expect(acceptsUpdate('CANCELLED', 'PENDING')).toBe(false);
    expect(acceptsUpdate('EXPIRED', 'ACTIVE')).toBe(false);
    // The service's word wins among the ends: a cancel refused because it was already paid.
    expect(acceptsUpdate('CANCELLED', 'COMPLETED')).toBe(true);
    expect(acceptsUpdate('EXPIRED', 'CANCELLED')).toBe(true);
    // Except that paid never goes back, not even to another end.
    expect(acceptsUpdate('COMPLETED', 'EXPIRED')).toBe(false);
    expect(acceptsUpdate('COMPLETED', 'CANCELLED')).toBe(false);
    expect(acceptsUpdate('COMPLETED', 'COMPLETED')).toBe(true);
  });

  it('a PENDING sale that turns ACTIVE gets its QR drawn at once', () => {
    const pending = liveViewOf(sale('PENDING'), draw);
    expect(pending.qrSrc).toBeNull();
    const drawSpy = vi.fn(draw);
    const active = liveSaleUpdate(pending, sale('ACTIVE'), drawSpy);
    expect(active?.sale.status).toBe('ACTIVE');
    expect(active?.qrSrc).toBe(draw(BR_CODE));
    expect(drawSpy).toHaveBeenCalledExactlyOnceWith(BR_CODE);
  });

  it('a sale created ACTIVE has its QR from the start, and keeps it as drawn', () => {
    const live = liveViewOf(sale('ACTIVE'), draw);
    expect(live.qrSrc).toBe(draw(BR_CODE));
    const drawSpy = vi.fn(draw);
    const paid = liveSaleUpdate(live, sale('COMPLETED', { paidAt: '2025-11-22T15:01:00.000Z' }), drawSpy);
    expect(paid?.sale.status).toBe('COMPLETED');
    expect(paid?.qrSrc).toBe(live.qrSrc);
    expect(drawSpy).not.toHaveBeenCalled();
  });

  it('drops stale snapshots and other sales', () => {
    const live: LiveView = liveViewOf(sale('ACTIVE'), draw);
    expect(liveSaleUpdate(live, sale('PENDING'), draw)).toBeNull();
    expect(liveSaleUpdate(live, sale('ACTIVE', { correlationID: 'outra' }), draw)).toBeNull();
    expect(liveSaleUpdate(null, sale('ACTIVE'), draw)).toBeNull();
    const paid = liveSaleUpdate(live, sale('COMPLETED'), draw)!;
    expect(liveSaleUpdate(paid, sale('ACTIVE'), draw)).toBeNull();
  });

  it('news at the same stage lands (the queue count, a refusal), the QR kept', () => {
    const pending = liveViewOf(sale('PENDING'), draw);
    const update = liveSaleUpdate(pending, sale('PENDING', { sync: { queued: 2 } }), draw);
    expect(update).toEqual({ sale: sale('PENDING', { sync: { queued: 2 } }), qrSrc: null });
    const rejected = liveSaleUpdate(
      pending,
      sale('REJECTED', { brCode: undefined, sync: { queued: 0, rejected: 'Chave Pix inválida' } }),
      draw,
    );
    expect(rejected?.sale.sync.rejected).toBe('Chave Pix inválida');
    expect(rejected?.qrSrc).toBeNull();
  });
});

describe('keys while the sale waits', () => {
  const online = { sandbox: false };
  const sandbox = { sandbox: true };

  it('Esc cancels in both stages (never blocked offline); digits and Backspace type the next amount ahead', () => {
    for (const waiting of [sale('PENDING'), sale('ACTIVE')] as const) {
      const w = { status: waiting.status as 'PENDING' | 'ACTIVE', brCode: waiting.brCode };
      expect(waitingKeyAction(w, 'Escape', online)).toBe('cancel');
      for (const digit of DIGIT_KEYS) expect(waitingKeyAction(w, digit, online)).toBe('type-ahead');
      expect(waitingKeyAction(w, 'Backspace', online)).toBe('type-ahead');
      for (const key of ['Enter', 'a', 'F2', 'Tab', '12']) expect(waitingKeyAction(w, key, sandbox)).toBeNull();
    }
  });

  it('C copies and F8 (sandbox) pays only once there is a code', () => {
    expect(waitingKeyAction({ status: 'ACTIVE', brCode: BR_CODE }, 'c', online)).toBe('copy');
    expect(waitingKeyAction({ status: 'ACTIVE', brCode: BR_CODE }, 'C', online)).toBe('copy');
    expect(waitingKeyAction({ status: 'ACTIVE', brCode: BR_CODE }, 'F8', sandbox)).toBe('simulate');
    expect(waitingKeyAction({ status: 'ACTIVE', brCode: BR_CODE }, 'F8', online)).toBeNull();
    expect(waitingKeyAction({ status: 'PENDING' }, 'c', sandbox)).toBeNull();
    expect(waitingKeyAction({ status: 'PENDING' }, 'F8', sandbox)).toBeNull();
    expect(waitingKeyAction({ status: 'ACTIVE' }, 'c', sandbox)).toBeNull();
  });

  it('the screen listens to every key that does something, and F1 is left to the window', () => {
    const acting = ['Escape', 'c', 'F8', 'F6', ...DIGIT_KEYS, 'Backspace'];
    expect([...WAITING_KEYS].sort()).toEqual([...acting].sort());
    expect(WAITING_KEYS).not.toContain('F1');
  });
});

describe('the status bar lists the keys that work now', () => {
  const keys = (
    status: SaleStatus,
    options: { sandbox: boolean; offline: boolean },
    brCode: string | undefined = status === 'PENDING' ? undefined : BR_CODE,
  ) => liveKeyHints({ status, brCode }, options).map(([key, action]) => `${key}:${action}`);

  it('connecting: cancel, new sale, next amount (no copy, no simulate without a code)', () => {
    expect(keys('PENDING', { sandbox: true, offline: false })).toEqual(['Esc:cancel', 'F1:newSale', '0–9:nextAmount']);
    expect(keys('PENDING', { sandbox: false, offline: true })).toEqual(['Esc:cancel', 'F1:newSale', '0–9:nextAmount']);
  });

  it('a waiting QR offers F1 only offline', () => {
    expect(keys('ACTIVE', { sandbox: false, offline: false })).toEqual(['C:copy', 'Esc:cancel']);
    expect(keys('ACTIVE', { sandbox: true, offline: false })).toEqual(['C:copy', 'Esc:cancel', 'F8:simulate']);
    expect(keys('ACTIVE', { sandbox: false, offline: true })).toEqual(['C:copy', 'Esc:cancel', 'F1:newSale']);
  });

  it('a sale that is over: Enter and the next amount, and the receipt when paid', () => {
    expect(keys('COMPLETED', { sandbox: false, offline: false })).toEqual([
      'Enter:newSale',
      '0–9:nextAmount',
      'C:receipt',
    ]);
    for (const status of ['EXPIRED', 'CANCELLED', 'REJECTED'] as const) {
      expect(keys(status, { sandbox: true, offline: true })).toEqual(['Enter:newSale', '0–9:nextAmount']);
    }
  });
});

describe('the customer display', () => {
  it('shows the amount and "Aguarde…" without a code, the QR with one, and nothing of a cancelled or refused sale', () => {
    expect(customerView(null)).toBe('idle');
    expect(customerView(sale('PENDING'))).toBe('pending');
    expect(customerView({ status: 'ACTIVE' })).toBe('pending');
    expect(customerView(sale('ACTIVE'))).toBe('qr');
    expect(customerView(sale('COMPLETED'))).toBe('paid');
    expect(customerView(sale('EXPIRED'))).toBe('expired');
    expect(customerView(sale('CANCELLED'))).toBe('idle');
    expect(customerView(sale('REJECTED'))).toBe('idle');
  });

  it('takes pushes of the sale it shows only: a sale the cashier left never pops up when it turns ACTIVE', () => {
    expect(customerDisplayAdopts(sale('PENDING'), sale('ACTIVE'))).toBe(true);
    expect(customerDisplayAdopts(sale('ACTIVE'), sale('COMPLETED'))).toBe(true);
    expect(customerDisplayAdopts(null, sale('ACTIVE'))).toBe(false);
    expect(customerDisplayAdopts(sale('ACTIVE', { correlationID: 'agora' }), sale('ACTIVE'))).toBe(false);
    // Stale: a late ACTIVE after "Pago" does not bring the QR back.
    expect(customerDisplayAdopts(sale('COMPLETED'), sale('ACTIVE'))).toBe(false);
  });
});

describe('a sale made offline (OFFLINE)', () => {
  type OfflineSale = Sale & { status: 'OFFLINE' };
  const offline = (extra: Partial<Sale> = {}) =>
    sale('OFFLINE', {
      offline: {
        txid: 'BALCAO7K2M9Q4T1X8W3',
        pixKey: 'loja@example.com',
        state: 'AWAITING',
        registered: false,
        dynamicChargeWithdrawn: false,
      },
      ...extra,
    }) as OfflineSale;
  const showed = () =>
    offline({
      offline: {
        txid: 'BALCAO7K2M9Q4T1X8W3',
        pixKey: 'loja@example.com',
        state: 'AWAITING',
        registered: false,
        dynamicChargeWithdrawn: false,
        customerShowedReceiptAt: '2025-11-22T15:03:00.000Z',
      },
    });

  it('stands where ACTIVE stands: after PENDING, before the ends; "Pago" once the service confirms it', () => {
    expect(acceptsUpdate('PENDING', 'OFFLINE')).toBe(true);
    expect(acceptsUpdate('OFFLINE', 'OFFLINE')).toBe(true);
    expect(acceptsUpdate('OFFLINE', 'COMPLETED')).toBe(true);
    expect(acceptsUpdate('OFFLINE', 'CANCELLED')).toBe(true);
    expect(acceptsUpdate('OFFLINE', 'PENDING')).toBe(false);
    expect(acceptsUpdate('COMPLETED', 'OFFLINE')).toBe(false);
  });

  it('its QR is drawn at once, kept through "cliente mostrou o comprovante", and kept when it turns paid', () => {
    const live = liveViewOf(offline(), draw);
    expect(live.qrSrc).toBe(draw(BR_CODE));
    const drawSpy = vi.fn(draw);
    const marked = liveSaleUpdate(live, showed(), drawSpy);
    expect(marked?.sale.offline?.customerShowedReceiptAt).toBe('2025-11-22T15:03:00.000Z');
    expect(marked?.qrSrc).toBe(live.qrSrc);
    const paid = liveSaleUpdate(marked, sale('COMPLETED'), drawSpy);
    expect(paid?.sale.status).toBe('COMPLETED');
    expect(drawSpy).not.toHaveBeenCalled();
    // A PENDING sale whose create timed out turns OFFLINE with the counter's own code.
    const pending = liveViewOf(sale('PENDING'), draw);
    expect(liveSaleUpdate(pending, offline(), draw)?.qrSrc).toBe(draw(BR_CODE));
  });

  it('keys: Esc cancels, digits type ahead, C copies, F6 records the receipt once, F8 never pays it', () => {
    const options = { sandbox: true };
    expect(waitingKeyAction(offline(), 'Escape', options)).toBe('cancel');
    for (const digit of DIGIT_KEYS) expect(waitingKeyAction(offline(), digit, options)).toBe('type-ahead');
    expect(waitingKeyAction(offline(), 'Backspace', options)).toBe('type-ahead');
    expect(waitingKeyAction(offline(), 'c', options)).toBe('copy');
    expect(waitingKeyAction(offline(), SHOWED_RECEIPT_KEY, options)).toBe('showed-receipt');
    expect(waitingKeyAction(offline(), 'F8', options)).toBeNull();
    expect(waitingKeyAction(offline(), 'Enter', options)).toBeNull();
    expect(waitingKeyAction(showed(), SHOWED_RECEIPT_KEY, options)).toBeNull();
    // Only an offline sale has a receipt to record.
    expect(waitingKeyAction({ status: 'ACTIVE', brCode: BR_CODE }, SHOWED_RECEIPT_KEY, options)).toBeNull();
    expect(canMarkShowedReceipt(offline())).toBe(true);
    expect(canMarkShowedReceipt(showed())).toBe(false);
    expect(SHOWED_RECEIPT_KEY).not.toBe('Enter');
  });

  it('the status bar lists copy, the receipt key, cancel, F1 (always) and the next amount', () => {
    expect(
      liveKeyHints(offline(), { sandbox: true, offline: true }).map(([key, action]) => `${key}:${action}`),
    ).toEqual(['C:copy', 'F6:showedReceipt', 'Esc:cancel', 'F1:newSale', '0–9:nextAmount']);
    expect(liveKeyHints(showed(), { sandbox: false, offline: false }).map(([key]) => key)).toEqual([
      'C',
      'Esc',
      'F1',
      '0–9',
    ]);
  });

  it('the customer sees its QR, then "Pago" when the service confirms it', () => {
    expect(customerView(offline())).toBe('qr');
    expect(customerView({ status: 'OFFLINE' })).toBe('pending');
    expect(customerDisplayAdopts(offline(), sale('COMPLETED'))).toBe(true);
  });
});
