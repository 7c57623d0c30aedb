// The invariant checker on hand-built views: a consistent world has no violation, and each kind
// of violation is detected when the world is broken in exactly the way that kind describes.
import { describe, expect, it } from 'vitest';
import type { DayTotals, CounterStatus, Sale, SaleOffline, SaleRefund } from '#shared/counter/counter-api';
import type { Charge, ChargeRefund, PixQrCode, PixTransactionRefund, Transaction } from '#shared/service/resources';
import {
  checkInvariants,
  VIOLATION_KINDS,
  violationKind,
  type CashierLedger,
  type CounterView,
  type InvariantInput,
  type RemoteView,
  type ViolationKind,
} from './invariants';

const DAY = '2026-11-22';
const AT = '2026-11-22T15:00:00.000Z';

function status(queued = 0): CounterStatus {
  return {
    mode: 'remote-sandbox',
    online: true,
    connection: 'online',
    queued,
    queuedElsewhere: 0,
    merchantName: 'Loja',
    ready: true,
    offline: { enabled: false, unconfirmedCount: 0, unconfirmedValue: 0, reviewCount: 0 },
  };
}

function sale(correlationID: string, value: number, saleStatus: Sale['status'], refunds: SaleRefund[] = []): Sale {
  const committed = refunds.filter((r) => r.status !== 'REJECTED').reduce((sum, r) => sum + r.value, 0);
  return {
    correlationID,
    value,
    status: saleStatus,
    sync: { queued: 0 },
    expiresDate: AT,
    createdAt: AT,
    refunds,
    refundable: saleStatus === 'COMPLETED' ? value - committed : 0,
    ...(saleStatus === 'ACTIVE' || saleStatus === 'COMPLETED' ? { brCode: `000201-${correlationID}` } : {}),
  };
}

/** A sale made offline: its static code's txid is `TX` + the id in capitals. */
function offlineSale(
  correlationID: string,
  value: number,
  saleStatus: Sale['status'],
  offline: Partial<SaleOffline>,
  endToEndId?: string,
): Sale {
  return {
    ...sale(correlationID, value, saleStatus),
    brCode: `000201-static-${correlationID}`,
    ...(endToEndId ? { endToEndId } : {}),
    offline: {
      txid: txid(correlationID),
      pixKey: 'loja@example.com',
      state: 'AWAITING',
      registered: true,
      dynamicChargeWithdrawn: false,
      ...offline,
    },
  };
}

function txid(correlationID: string): string {
  return `TX${correlationID.toUpperCase()}`;
}

/**
 * An offline sale's registration: its correlationID, its value, its txid in the name. Made with an
 * empty pool, its identifier is its txid; after it took a code registered ahead (`reserved`), the
 * service gave it one of its own.
 */
function qrCode(correlationID: string, value: number, reserved = false): PixQrCode {
  const identifier = reserved ? `svc${correlationID}generated` : txid(correlationID);
  return {
    id: `qr-${correlationID}`,
    correlationID,
    identifier,
    value,
    name: `Balcão offline ${txid(correlationID)} ${AT} ${AT}`,
  } as PixQrCode;
}

/** A code a counter registered ahead (open amount), by its identifier: the txid of the offline sale that takes it. */
function reserve(identifier: string, counterId = 'k3y9counter'): PixQrCode {
  return {
    id: `qr-reserva-${identifier}`,
    correlationID: `balcao-reserva-${identifier}`,
    identifier,
    value: null,
    name: `Balcão reserva ${counterId} ${identifier}`,
  } as unknown as PixQrCode;
}

/** A Pix in without a charge: linked by the service to the static code `linkedTo` (by its identifier), or to none (a bank that dropped the txid). */
function pixIn(endToEndId: string, value: number, linkedTo: PixQrCode | null): Transaction {
  return {
    type: 'PAYMENT',
    status: 'CONFIRMED',
    value,
    endToEndId,
    endToEndID: endToEndId,
    time: AT,
    transactionID: linkedTo ? linkedTo.identifier : 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
    charge: null,
    pixQrCode: linkedTo
      ? { correlationID: linkedTo.correlationID, identifier: linkedTo.identifier, id: linkedTo.id, name: linkedTo.name }
      : null,
  } as Transaction;
}

/** A refund by end-to-end id (POST /api/v1/refund), as GET /api/v1/refund lists it. */
function paymentRefund(
  correlationID: string,
  originalEndToEndId: string,
  value: number,
  refundStatus: PixTransactionRefund['status'],
): PixTransactionRefund {
  return {
    correlationID,
    originalEndToEndId,
    value,
    status: refundStatus,
    refundId: `id-${correlationID}`,
    returnIdentification: `D-${correlationID}`,
    endToEndId: `D-${correlationID}`,
    time: AT,
  };
}

function localRefund(correlationID: string, value: number, refundStatus: SaleRefund['status']): SaleRefund {
  return { correlationID, value, status: refundStatus, time: AT };
}

function charge(correlationID: string, value: number, chargeStatus: Charge['status']): Charge {
  return { correlationID, value, status: chargeStatus, createdAt: AT, brCode: `000201-${correlationID}` } as Charge;
}

function remoteRefund(correlationID: string, value: number, refundStatus: ChargeRefund['status']): ChargeRefund {
  return { correlationID, value, status: refundStatus, endToEndId: `D${correlationID.padEnd(31, '0')}`, time: AT };
}

function totals(paidValue: number, refundedValue: number, count: number, paidCount: number): DayTotals {
  return { day: DAY, count, paidCount, paidValue, refundedValue, net: paidValue - refundedValue };
}

/**
 * A consistent world. Counter A: s1 waiting; s2 paid with a confirmed partial refund r1; s3
 * cancelled (deleted remotely); s4 refused by the service; s5 cancelled by the cashier while the
 * customer paid (the payment won); s6 paid, its refund r2 refused by the service. Counter B: t1
 * paid and fully refunded (r3 still processing locally, settled remotely); t2 expired.
 * Offline sales, each registered as a static QR code: o1 (A) paid with its txid inside its window
 * and confirmed, the customer's receipt shown, partly refunded by its end-to-end id (r5); o2 (A) never paid, under review NO_PAYMENT; o3 (A)
 * paid by a bank that dropped the txid, inside its window, the only offline sale of its value,
 * confirmed by value; o4 (A) cancelled, then paid with its txid: under review CANCELLED_PAID; o5
 * (B) paid with its txid after its window: under review LATE. o1, o4 and o5 took codes registered
 * ahead as their txids (their Pix are linked to those); o2 and o3 were made with an empty pool
 * (their registrations carry their txids). Each counter also has an unused code registered ahead.
 */
function world(): InvariantInput {
  const aSales = [
    sale('s1', 1_000, 'ACTIVE'),
    sale('s2', 5_000, 'COMPLETED', [localRefund('r1', 1_000, 'CONFIRMED')]),
    sale('s3', 700, 'CANCELLED'),
    sale('s4', 300, 'REJECTED'),
    sale('s5', 2_000, 'COMPLETED'),
    sale('s6', 3_000, 'COMPLETED', [localRefund('r2', 500, 'REJECTED')]),
    {
      ...offlineSale(
        'o1',
        1_500,
        'COMPLETED',
        { state: 'CONFIRMED', matchedBy: 'txid', customerShowedReceiptAt: AT },
        'E-o1',
      ),
      refunds: [localRefund('r5', 300, 'CONFIRMED')],
      refundable: 1_200,
    },
    offlineSale('o2', 900, 'OFFLINE', {
      state: 'REVIEW',
      review: { reason: 'NO_PAYMENT', transactions: [], saleMatched: false },
    }),
    offlineSale('o3', 2_500, 'COMPLETED', { state: 'CONFIRMED', matchedBy: 'value' }, 'E-o3'),
    offlineSale('o4', 600, 'CANCELLED', {
      state: 'REVIEW',
      review: { reason: 'CANCELLED_PAID', transactions: [], saleMatched: false },
    }),
  ];
  const bSales = [
    sale('t1', 4_000, 'COMPLETED', [localRefund('r3', 4_000, 'IN_PROCESSING')]),
    sale('t2', 100, 'EXPIRED'),
    offlineSale('o5', 800, 'OFFLINE', {
      state: 'REVIEW',
      review: { reason: 'LATE', transactions: [], saleMatched: false },
    }),
  ];
  const counters: CounterView[] = [
    { name: 'A', status: status(), days: [{ day: DAY, sales: aSales, totals: totals(14_000, 1_300, 10, 5) }] },
    { name: 'B', status: status(), days: [{ day: DAY, sales: bSales, totals: totals(4_000, 4_000, 3, 1) }] },
  ];
  const remote: RemoteView = {
    charges: [
      charge('s1', 1_000, 'ACTIVE'),
      charge('s2', 5_000, 'COMPLETED'),
      charge('s5', 2_000, 'COMPLETED'),
      charge('s6', 3_000, 'COMPLETED'),
      charge('t1', 4_000, 'COMPLETED'),
      charge('t2', 100, 'EXPIRED'),
    ],
    lookups: {
      s3: { status: 400 },
      s4: { status: 400 },
      o1: { status: 400 },
      o2: { status: 400 },
      o3: { status: 400 },
      o4: { status: 400 },
      o5: { status: 400 },
    },
    refunds: {
      s2: [remoteRefund('r1', 1_000, 'CONFIRMED')],
      s5: [],
      s6: [remoteRefund('r2', 500, 'REJECTED')],
      t1: [remoteRefund('r3', 4_000, 'CONFIRMED')],
    },
    pixQrCodes: [
      reserve(txid('o1')),
      reserve(txid('o4')),
      reserve('FREEA1'),
      reserve(txid('o5'), 'b0counter'),
      reserve('FREEB1', 'b0counter'),
      qrCode('o1', 1_500, true),
      qrCode('o2', 900),
      qrCode('o3', 2_500),
      qrCode('o4', 600, true),
      qrCode('o5', 800, true),
    ],
    transactions: [
      pixIn('E-o1', 1_500, reserve(txid('o1'))),
      pixIn('E-o3', 2_500, null),
      pixIn('E-o4', 600, reserve(txid('o4'))),
      pixIn('E-o5', 800, reserve(txid('o5'), 'b0counter')),
    ],
    // The list has the charges' refunds too (their payments are no Pix without a charge): read per charge instead.
    paymentRefunds: [paymentRefund('r5', 'E-o1', 300, 'REFUNDED'), paymentRefund('r1', 'E-s2', 1_000, 'REFUNDED')],
  };
  const ledger: CashierLedger = {
    created: [
      ...['s1', 's2', 's3', 's4', 's5', 's6'].map((id) => ({
        counter: 'A',
        correlationID: id,
        value: aSales.find((s) => s.correlationID === id)!.value,
      })),
      { counter: 'B', correlationID: 't1', value: 4_000 },
      { counter: 'B', correlationID: 't2', value: 100 },
      ...['o1', 'o2', 'o3', 'o4'].map((id) => ({
        counter: 'A',
        correlationID: id,
        value: aSales.find((s) => s.correlationID === id)!.value,
      })),
      { counter: 'B', correlationID: 'o5', value: 800 },
    ],
    cancelled: [
      { counter: 'A', correlationID: 's3' },
      { counter: 'A', correlationID: 's5' },
      { counter: 'A', correlationID: 'o4' },
    ],
    refunds: [
      { counter: 'A', saleCorrelationID: 's2', value: 1_000, correlationID: 'r1' },
      { counter: 'B', saleCorrelationID: 't1', value: 4_000 },
      { counter: 'A', saleCorrelationID: 'o1', value: 300, correlationID: 'r5' },
    ],
    paid: [
      { correlationID: 's2' },
      { correlationID: 's5' },
      { correlationID: 's6' },
      { correlationID: 't1' },
      // The remote linked each Pix that kept its txid to the sale's code registered ahead.
      { correlationID: 'o1', offline: { txid: true, window: 'inside', endToEndId: 'E-o1' } },
      { correlationID: 'o3', offline: { txid: false, window: 'inside', endToEndId: 'E-o3' } },
      { correlationID: 'o4', offline: { txid: true, window: 'inside', endToEndId: 'E-o4' } },
      { correlationID: 'o5', offline: { txid: true, window: 'late', endToEndId: 'E-o5' } },
    ],
    payTried: [
      ...['s2', 's5', 's6', 't1', 'o1', 'o4', 'o5'].map((correlationID) => ({ correlationID, dropTxid: false })),
      { correlationID: 'o3', dropTxid: true },
    ],
    receiptShown: [{ counter: 'A', correlationID: 'o1' }],
  };
  return { counters, remote, ledger };
}

function localSale(input: InvariantInput, id: string): Sale {
  for (const counter of input.counters)
    for (const day of counter.days) for (const s of day.sales) if (s.correlationID === id) return s;
  throw new Error(`no local sale ${id}`);
}

function offlineOf(input: InvariantInput, id: string): SaleOffline {
  return localSale(input, id).offline!;
}

function remoteCharge(input: InvariantInput, id: string): Charge {
  const found = input.remote.charges.find((c) => c.correlationID === id);
  if (!found) throw new Error(`no remote charge ${id}`);
  return found;
}

function removeLocal(input: InvariantInput, id: string): void {
  for (const counter of input.counters)
    for (const day of counter.days) day.sales = day.sales.filter((s) => s.correlationID !== id);
}

const cases: { kind: ViolationKind; why: string; breakIt: (w: InvariantInput) => void }[] = [
  {
    kind: 'queue-not-empty',
    why: 'a counter still has commands queued',
    breakIt: (w) => (w.counters[0]!.status = status(2)),
  },
  {
    kind: 'queue-not-empty',
    why: 'commands queued for another service',
    breakIt: (w) => (w.counters[1]!.status = { ...status(), queuedElsewhere: 1 }),
  },
  {
    kind: 'queue-not-empty',
    why: 'one sale still has a queued command',
    breakIt: (w) => (localSale(w, 's3').sync = { queued: 1 }),
  },
  {
    kind: 'sale-pending',
    why: 'a sale never got past PENDING',
    breakIt: (w) => (localSale(w, 's1').status = 'PENDING'),
  },
  {
    kind: 'refund-queued',
    why: 'a refund is still QUEUED',
    breakIt: (w) => (localSale(w, 's2').refunds[0]!.status = 'QUEUED'),
  },
  {
    kind: 'sale-lost',
    why: 'a sale the cashier saw created is gone (kill -9 lost it)',
    breakIt: (w) => removeLocal(w, 's1'),
  },
  {
    kind: 'sale-listed-twice',
    why: 'two counters list the same sale',
    breakIt: (w) => w.counters[1]!.days[0]!.sales.push(sale('s1', 1_000, 'ACTIVE')),
  },
  {
    kind: 'sale-missing-remote',
    why: 'a sale the counter shows ACTIVE/EXPIRED/COMPLETED is not at the remote',
    breakIt: (w) => (w.remote.charges = w.remote.charges.filter((c) => c.correlationID !== 't2')),
  },
  {
    kind: 'sale-duplicated-remote',
    why: 'the remote lists one correlationID twice',
    breakIt: (w) => w.remote.charges.push(charge('s1', 1_000, 'ACTIVE')),
  },
  {
    kind: 'status-mismatch',
    why: 'paid at the remote, waiting at the counter',
    breakIt: (w) => (localSale(w, 's2').status = 'ACTIVE'),
  },
  {
    kind: 'status-mismatch',
    why: 'cancelled at the counter although the payment won',
    breakIt: (w) => (localSale(w, 's5').status = 'CANCELLED'),
  },
  {
    kind: 'value-mismatch',
    why: 'the remote charged another value',
    breakIt: (w) => (remoteCharge(w, 's1').value = 1_001),
  },
  {
    kind: 'value-mismatch',
    why: 'the counter lists another value than createSale returned',
    breakIt: (w) => (w.ledger.created[0]!.value = 999),
  },
  {
    kind: 'cancelled-still-payable',
    why: 'a cancelled sale is still ACTIVE at the remote',
    breakIt: (w) => (w.remote.lookups.s3 = { status: 200, charge: charge('s3', 700, 'ACTIVE') }),
  },
  {
    kind: 'cancel-lost',
    why: 'the cashier cancelled it, the counter shows it waiting',
    breakIt: (w) => (localSale(w, 's3').status = 'EXPIRED'),
  },
  {
    kind: 'rejected-exists-remote',
    why: 'a REJECTED sale exists at the remote',
    breakIt: (w) => (w.remote.lookups.s4 = { status: 200, charge: charge('s4', 300, 'ACTIVE') }),
  },
  {
    kind: 'remote-orphan-charge',
    why: 'a remote charge no counter lists (a create retried under a new id)',
    breakIt: (w) => w.remote.charges.push(charge('x9', 1_000, 'ACTIVE')),
  },
  {
    kind: 'paid-not-completed',
    why: 'the bank paid it, the remote does not have it COMPLETED',
    breakIt: (w) => w.ledger.paid.push({ correlationID: 's1' }),
  },
  {
    kind: 'refund-duplicated-remote',
    why: 'one refund correlationID twice at the remote',
    breakIt: (w) => w.remote.refunds.s6!.push(remoteRefund('r1', 1_000, 'CONFIRMED')),
  },
  {
    kind: 'refund-over-paid',
    why: 'more refunded than paid at the remote',
    breakIt: (w) => w.remote.refunds.t1!.push(remoteRefund('r4', 1, 'IN_PROCESSING')),
  },
  {
    kind: 'refund-missing-remote',
    why: 'a refund the counter shows is not at the remote',
    breakIt: (w) => (w.remote.refunds.s2 = []),
  },
  {
    kind: 'refund-mismatch',
    why: 'the remote refunded another value',
    breakIt: (w) => (w.remote.refunds.s2![0]!.value = 999),
  },
  {
    kind: 'refund-mismatch',
    why: 'the refund is under another charge at the remote',
    breakIt: (w) => w.remote.refunds.s6!.push(...w.remote.refunds.s2!.splice(0)),
  },
  {
    kind: 'refund-rejected-but-applied',
    why: 'REJECTED at the counter, applied at the remote',
    breakIt: (w) => (w.remote.refunds.s6![0]!.status = 'CONFIRMED'),
  },
  {
    kind: 'refund-orphan-remote',
    why: 'a remote refund no counter lists (applied twice under two ids)',
    breakIt: (w) => w.remote.refunds.s2!.push(remoteRefund('r1-again', 1_000, 'IN_PROCESSING')),
  },
  {
    kind: 'refund-lost',
    why: 'a refund the cashier confirmed is gone (with its id)',
    breakIt: (w) => (localSale(w, 's2').refunds = []),
  },
  {
    kind: 'refund-lost',
    why: 'a refund the cashier confirmed is gone (id unknown)',
    breakIt: (w) => (localSale(w, 't1').refunds = []),
  },
  {
    kind: 'local-totals-inconsistent',
    why: 'the day totals disagree with the sales',
    breakIt: (w) => (w.counters[0]!.days[0]!.totals = totals(10_000, 0, 6, 3)),
  },
  {
    kind: 'offline-charge-payable',
    why: 'an offline sale also has a payable charge at the remote',
    breakIt: (w) => w.remote.charges.push(charge('o2', 900, 'ACTIVE')),
  },
  {
    kind: 'offline-charge-payable',
    why: 'a withdrawn dynamic charge was never deleted',
    breakIt: (w) => (w.remote.lookups.o2 = { status: 200, charge: charge('o2', 900, 'ACTIVE') }),
  },
  {
    kind: 'offline-not-registered',
    why: 'no static QR code for an offline sale at the remote',
    breakIt: (w) => (w.remote.pixQrCodes = w.remote.pixQrCodes.filter((c) => c.correlationID !== 'o2')),
  },
  {
    kind: 'offline-not-registered',
    why: 'registered at the remote, the counter shows it unregistered',
    breakIt: (w) => (offlineOf(w, 'o2').registered = false),
  },
  {
    kind: 'offline-registration-mismatch',
    why: 'the QR code with its txid names another sale',
    breakIt: (w) => (w.remote.pixQrCodes.find((c) => c.correlationID === 'o2')!.correlationID = 'x1'),
  },
  {
    kind: 'offline-registration-mismatch',
    why: 'two QR codes with its txid (registered twice)',
    breakIt: (w) => w.remote.pixQrCodes.push({ ...qrCode('o2', 900), id: 'qr-again' }),
  },
  {
    kind: 'offline-registration-mismatch',
    why: 'registered twice (a second registration under another identifier)',
    breakIt: (w) => w.remote.pixQrCodes.push({ ...qrCode('o1', 1_500, true), id: 'qr-again', identifier: 'svcAgain' }),
  },
  {
    kind: 'offline-registration-mismatch',
    why: 'registered with another value',
    breakIt: (w) => (w.remote.pixQrCodes.find((c) => c.correlationID === 'o1')!.value = 1_400),
  },
  {
    kind: 'offline-registration-mismatch',
    why: 'registered without its txid in the name',
    breakIt: (w) =>
      (w.remote.pixQrCodes.find((c) => c.correlationID === 'o1')!.name = `Balcão offline OUTRO ${AT} ${AT}`),
  },
  {
    kind: 'offline-registration-mismatch',
    why: 'it took a code registered ahead and its registration carries the same txid as identifier (two codes, one txid)',
    breakIt: (w) => (w.remote.pixQrCodes.find((c) => c.correlationID === 'o4')!.identifier = txid('o4')),
  },
  {
    kind: 'offline-registration-mismatch',
    why: 'the code with its txid is no code registered ahead (it has a value) and not its registration',
    breakIt: (w) => (w.remote.pixQrCodes.find((c) => c.correlationID === `balcao-reserva-${txid('o5')}`)!.value = 800),
  },
  {
    kind: 'offline-registration-mismatch',
    why: 'neither a code registered ahead nor its registration has its txid',
    breakIt: (w) => (w.remote.pixQrCodes = w.remote.pixQrCodes.filter((c) => c.identifier !== txid('o1'))),
  },
  {
    kind: 'remote-orphan-qrcode',
    why: 'a static QR code no offline sale has',
    breakIt: (w) => w.remote.pixQrCodes.push(qrCode('zz', 100)),
  },
  {
    kind: 'remote-orphan-qrcode',
    why: 'a code named like one registered ahead, with a value',
    breakIt: (w) => w.remote.pixQrCodes.push({ ...reserve('FREEA2'), value: 100 }),
  },
  {
    kind: 'remote-orphan-qrcode',
    why: "a reserve's correlationID whose suffix is not its identifier",
    breakIt: (w) => w.remote.pixQrCodes.push({ ...reserve('FREEA3'), identifier: 'OTHER3' }),
  },
  {
    kind: 'offline-false-match',
    why: 'confirmed by a Pix of another value',
    breakIt: (w) => (w.remote.transactions[0]!.value = 1_499),
  },
  {
    kind: 'offline-false-match',
    why: "confirmed by the Pix of another sale's txid",
    breakIt: (w) => (w.remote.transactions[0] = pixIn('E-o1', 1_500, qrCode('o2', 900))),
  },
  {
    kind: 'offline-false-match',
    why: "confirmed by a Pix linked to another sale's code registered ahead",
    breakIt: (w) => (w.remote.transactions[0] = pixIn('E-o1', 1_500, reserve(txid('o4')))),
  },
  {
    kind: 'offline-false-match',
    why: 'confirmed by value with a Pix linked to an unused code registered ahead',
    breakIt: (w) => (w.remote.transactions[1] = pixIn('E-o3', 2_500, reserve('FREEA1'))),
  },
  {
    kind: 'offline-false-match',
    why: "confirmed by a Pix linked to its own registration's identifier of the service (not its txid)",
    breakIt: (w) => (w.remote.transactions[0] = pixIn('E-o1', 1_500, qrCode('o1', 1_500, true))),
  },
  {
    kind: 'offline-false-match',
    why: 'said to be matched by txid, the service linked its Pix to no code',
    breakIt: (w) => (offlineOf(w, 'o3').matchedBy = 'txid'),
  },
  {
    kind: 'offline-false-match',
    why: 'confirmed with no such Pix at the remote',
    breakIt: (w) => (localSale(w, 'o3').endToEndId = 'E-nowhere'),
  },
  {
    kind: 'offline-false-match',
    why: 'COMPLETED without being CONFIRMED by reconciliation',
    breakIt: (w) => (offlineOf(w, 'o1').state = 'AWAITING'),
  },
  {
    kind: 'offline-payment-shared',
    why: 'one Pix is the payment of two sales',
    breakIt: (w) => {
      const o2 = localSale(w, 'o2');
      Object.assign(o2, { status: 'COMPLETED', endToEndId: 'E-o3' });
      Object.assign(o2.offline!, { state: 'CONFIRMED', matchedBy: 'value' });
    },
  },
  {
    kind: 'offline-paid-not-confirmed',
    why: 'paid with its txid inside its window, not COMPLETED',
    breakIt: (w) =>
      Object.assign(localSale(w, 'o1'), {
        status: 'OFFLINE',
        offline: {
          ...offlineOf(w, 'o1'),
          state: 'REVIEW',
          review: { reason: 'NO_PAYMENT', transactions: [], saleMatched: false },
        },
      }),
  },
  {
    kind: 'offline-paid-not-confirmed',
    why: 'paid without txid inside its window, the only sale of its value, not COMPLETED',
    breakIt: (w) =>
      Object.assign(localSale(w, 'o3'), {
        status: 'OFFLINE',
        offline: {
          ...offlineOf(w, 'o3'),
          state: 'REVIEW',
          review: { reason: 'AMBIGUOUS', transactions: [], saleMatched: false },
        },
      }),
  },
  {
    kind: 'offline-late-not-in-review',
    why: 'paid after its window and not under review LATE',
    breakIt: (w) => (offlineOf(w, 'o5').review!.reason = 'NO_PAYMENT'),
  },
  {
    kind: 'cancelled-paid-not-in-review',
    why: 'cancelled, then paid, and nobody is told',
    breakIt: (w) =>
      Object.assign(localSale(w, 'o4'), { offline: { ...offlineOf(w, 'o4'), state: 'AWAITING', review: undefined } }),
  },
  {
    kind: 'offline-unpaid-completed',
    why: 'never paid and COMPLETED',
    breakIt: (w) =>
      Object.assign(localSale(w, 'o2'), {
        status: 'COMPLETED',
        offline: { ...offlineOf(w, 'o2'), state: 'CONFIRMED', review: undefined },
      }),
  },
  {
    kind: 'offline-unpaid-not-in-review',
    why: 'never paid and not in the owner list as NO_PAYMENT',
    breakIt: (w) => (offlineOf(w, 'o2').review!.reason = 'AMBIGUOUS'),
  },
  {
    kind: 'offline-unsettled',
    why: 'an offline sale still awaiting after its window closed',
    breakIt: (w) =>
      Object.assign(localSale(w, 'o5'), { offline: { ...offlineOf(w, 'o5'), state: 'AWAITING', review: undefined } }),
  },
  {
    kind: 'refund-missing-remote',
    why: "an offline sale's refund is not at the remote",
    breakIt: (w) => (w.remote.paymentRefunds = w.remote.paymentRefunds.filter((r) => r.correlationID !== 'r5')),
  },
  {
    kind: 'refund-mismatch',
    why: "an offline sale's refund is NOT_ACCOMPLISHED at the remote",
    breakIt: (w) => (w.remote.paymentRefunds[0]!.status = 'NOT_ACCOMPLISHED'),
  },
  {
    kind: 'refund-over-paid',
    why: "more refunded of an offline sale's Pix than it paid",
    breakIt: (w) => w.remote.paymentRefunds.push(paymentRefund('r6', 'E-o1', 1_300, 'IN_PROCESSING')),
  },
  {
    kind: 'refund-orphan-remote',
    why: 'a refund of a Pix no counter confirmed',
    breakIt: (w) => w.remote.paymentRefunds.push(paymentRefund('r7', 'E-o4', 100, 'IN_PROCESSING')),
  },
  {
    kind: 'receipt-mark-lost',
    why: '"cliente mostrou o comprovante" is gone',
    breakIt: (w) => delete offlineOf(w, 'o1').customerShowedReceiptAt,
  },
  {
    kind: 'cancel-lost',
    why: 'an offline sale the cashier cancelled shows COMPLETED (its cancel is final)',
    breakIt: (w) => {
      Object.assign(localSale(w, 'o4'), { status: 'COMPLETED', endToEndId: 'E-o4' });
      Object.assign(offlineOf(w, 'o4'), { state: 'CONFIRMED', review: undefined });
    },
  },
  {
    kind: 'totals-mismatch',
    why: 'the counters and the remote disagree on the net',
    breakIt: (w) => {
      // Paid at the remote, expired at the counter: the status rule catches it, and the money
      // counted on one side only shows in the totals too (the backstop for any rule missed).
      remoteCharge(w, 't2').status = 'COMPLETED';
      localSale(w, 't2').status = 'EXPIRED';
    },
  },
];

describe('checkInvariants', () => {
  it('finds nothing wrong in a consistent world', () => {
    expect(checkInvariants(world())).toEqual([]);
  });

  it.each(cases)('detects $kind: $why', ({ kind, breakIt }) => {
    const broken = world();
    breakIt(broken);
    const violations = checkInvariants(broken);
    expect(violations.map(violationKind)).toContain(kind);
    for (const violation of violations) expect(VIOLATION_KINDS).toContain(violationKind(violation));
  });

  it('has a breaking case for every kind it can report', () => {
    expect(new Set(cases.map((c) => c.kind))).toEqual(new Set(VIOLATION_KINDS));
  });

  it('names the sale and the numbers, so a failing trial can be read without a debugger', () => {
    const broken = world();
    remoteCharge(broken, 's1').value = 1_001;
    expect(checkInvariants(broken)).toContain('value-mismatch: s1: A says 1000, the remote 1001');
    const totalsBroken = world();
    totalsBroken.remote.refunds.t1![0]!.status = 'REJECTED';
    const violations = checkInvariants(totalsBroken);
    expect(violations).toContain(
      "totals-mismatch: the counters' net is 12700, the remote's 16700 (paid 18000 − refunded 1300)",
    );
  });

  it("counts an offline sale's Pix once on the remote's side, and only when a counter confirmed it", () => {
    const w = world();
    // The same Pix listed twice (two pages crossing) still counts once: no totals mismatch.
    w.remote.transactions.push(w.remote.transactions[0]!);
    expect(checkInvariants(w)).toEqual([]);
    // A Pix no counter confirmed (o5's, late) is not the counters' money.
    const late = world();
    late.remote.transactions.push(pixIn('E-stray', 5_000, null));
    expect(checkInvariants(late)).toEqual([]);
  });

  it('does not require NO_PAYMENT of a sale a txid-less Pix of its value could belong to (the value rule cannot tell)', () => {
    const w = world();
    localSale(w, 'o2').value = 2_500;
    w.remote.pixQrCodes.find((c) => c.correlationID === 'o2')!.value = 2_500;
    w.ledger.created.find((c) => c.correlationID === 'o2')!.value = 2_500;
    offlineOf(w, 'o2').review!.reason = 'AMBIGUOUS';
    // o3 has a twin value now: its own expectation is relaxed too (COMPLETED or in review).
    expect(checkInvariants(w)).toEqual([]);
  });

  it('takes a Pix sent with the txid of a sale made with an empty pool, before its registration, as txid-less (the service linked it to nothing)', () => {
    const w = world();
    // o1 made with no code registered ahead: its txid is its registration's identifier, and its
    // Pix came before that registration, so the service kept it unlinked: confirmed by value.
    w.remote.pixQrCodes = w.remote.pixQrCodes.filter(
      (c) => c.correlationID !== `balcao-reserva-${txid('o1')}` && c.correlationID !== 'o1',
    );
    w.remote.pixQrCodes.push(qrCode('o1', 1_500));
    w.remote.transactions[0] = pixIn('E-o1', 1_500, null);
    offlineOf(w, 'o1').matchedBy = 'value';
    expect(checkInvariants(w)).toEqual([]);
    // With a twin value, such a Pix could be either sale's: neither is required COMPLETED or NO_PAYMENT.
    localSale(w, 'o1').status = 'OFFLINE';
    Object.assign(offlineOf(w, 'o1'), {
      state: 'REVIEW',
      review: { reason: 'AMBIGUOUS', transactions: [], saleMatched: false },
    });
    delete localSale(w, 'o1').endToEndId;
    Object.assign(localSale(w, 'o2'), { value: 1_500 });
    w.remote.pixQrCodes.find((c) => c.correlationID === 'o2')!.value = 1_500;
    w.ledger.created.find((c) => c.correlationID === 'o2')!.value = 1_500;
    offlineOf(w, 'o2').review!.reason = 'AMBIGUOUS';
    // o1's refund went with its confirmation: the owner has not decided yet.
    localSale(w, 'o1').refunds = [];
    w.remote.paymentRefunds = w.remote.paymentRefunds.filter((r) => r.correlationID !== 'r5');
    w.ledger.refunds = w.ledger.refunds.filter((r) => r.saleCorrelationID !== 'o1');
    w.counters[0]!.days[0]!.totals = totals(12_500, 1_000, 10, 4);
    expect(checkInvariants(w)).toEqual([]);
  });

  it('reads a code registered ahead by its correlationID, whatever its name says (with or without the counter)', () => {
    const w = world();
    for (const code of w.remote.pixQrCodes)
      if (code.correlationID.startsWith('balcao-reserva-')) code.name = `Balcão reserva ${code.identifier}`;
    expect(checkInvariants(w)).toEqual([]);
    for (const code of w.remote.pixQrCodes)
      if (code.correlationID.startsWith('balcao-reserva-')) code.name = 'anything';
    expect(checkInvariants(w)).toEqual([]);
  });

  it("does not let an online sale's payment of the same value excuse an unpaid offline sale", () => {
    const w = world();
    // s6 (3 000, paid with its dynamic code) and o2 now share a value: a charge's Pix is the charge's.
    localSale(w, 'o2').value = 3_000;
    w.remote.pixQrCodes.find((c) => c.correlationID === 'o2')!.value = 3_000;
    w.ledger.created.find((c) => c.correlationID === 'o2')!.value = 3_000;
    expect(checkInvariants(w)).toEqual([]);
    offlineOf(w, 'o2').review!.reason = 'AMBIGUOUS';
    expect(checkInvariants(w).map(violationKind)).toEqual(['offline-unpaid-not-in-review']);
  });

  it('expects nothing but "settled" of a payment at the edge of its window', () => {
    const w = world();
    w.ledger.paid.find((p) => p.correlationID === 'o5')!.offline!.window = 'edge';
    expect(checkInvariants(w)).toEqual([]);
    Object.assign(localSale(w, 'o5'), {
      status: 'COMPLETED',
      endToEndId: 'E-o5',
      offline: { ...offlineOf(w, 'o5'), state: 'CONFIRMED', review: undefined },
    });
    w.counters[1]!.days[0]!.totals = totals(4_800, 4_000, 3, 2);
    expect(checkInvariants(w)).toEqual([]);
  });

  it('accepts a cancelled sale the remote still has but cannot be paid (EXPIRED)', () => {
    const w = world();
    w.remote.lookups.s3 = { status: 200, charge: charge('s3', 700, 'EXPIRED') };
    expect(checkInvariants(w)).toEqual([]);
  });

  it('reads a counter without per-sale sync info (the pre-sync contract) as having nothing queued per sale', () => {
    const w = world();
    delete (localSale(w, 's1') as Partial<Sale>).sync;
    expect(checkInvariants(w)).toEqual([]);
  });
});
