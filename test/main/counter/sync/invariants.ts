// What must hold once every counter's queue has drained, whatever faults came before: the
// counters' own view (listSales, getStatus), the remote's records and what the cashier was told
// must agree. Pure: it takes the three as data and returns the violations, one string each,
// "<kind>: <detail>", so a trial prints them next to its seed and a test can look for a kind.
//
// The rules, exactly:
//
// Queue. Every counter's status has queued === 0 and queuedElsewhere === 0 (nothing switches
// service in a trial), no sale has sync.queued > 0, no sale is PENDING and no refund is QUEUED.
//
// Sales (by correlationID, the service's idempotency key, which the counter mints):
// - A sale createSale returned to the cashier is still listed by that counter, with its value
//   (a kill -9 or a restart must not lose it). Each correlationID is listed by one counter once.
// The rules on a sale's charge are for ONLINE sales (sale.offline absent); an offline sale has
// no charge of its own and is judged by the offline rules below.
// - Local ACTIVE, EXPIRED or COMPLETED: the remote has that charge, with the same status and
//   value. The remote refuses a second charge with the same correlationID, so "exactly once"
//   fails the other way: a retry under a fresh id leaves a charge no counter lists, which is
//   the orphan rule below.
// - Local CANCELLED: the remote's charge is gone (the sandbox deletes it: GET answers 400 "not
//   found") or not payable (EXPIRED). COMPLETED there means the customer paid before the delete
//   arrived; the payment wins and the counter must show COMPLETED, so that is a status mismatch.
// - Local REJECTED: the service refused to create it, so it has no such charge. A charge there
//   means the counter mistook an answer (e.g. "already exists" after a lost reply) for a refusal
//   and the cashier was told "not created" about a payable QR.
// - Remote orphan: every remote charge in the trial's window is listed by some counter.
// - Cancelled by the cashier (cancelSale answered cancelled: true): the counter shows it
//   CANCELLED, or COMPLETED if the payment won the race (online sales only: an offline sale's
//   cancel is final, money that comes for it goes to the owner's review); the remote has it
//   deleted or not ACTIVE.
// - Paid by the bank in the trial with a sale's dynamic code (pay answered 200): COMPLETED at the
//   remote (and, by the status rule, at the counter).
//
// Refunds (by their correlationID):
// - At the remote, each refund correlationID appears once; per charge, the non-REJECTED refunds
//   add up to at most what was paid.
// - Every local refund that is not REJECTED exists at the remote exactly once, under the same
//   charge, with the same value. A local REJECTED refund has no non-REJECTED twin at the remote
//   (the money left while the cashier was told it did not).
// - Every remote refund is listed by a counter (a refund applied twice under two ids shows up
//   as a remote refund nobody lists).
// - A refund refundSale accepted for the cashier is still listed by the counter.
// - An offline sale has no charge: its refunds go by its payment's end-to-end id (POST
//   /api/v1/refund). The remote's refunds of that kind (GET /api/v1/refund) whose
//   originalEndToEndId is the endToEndId of a counter's COMPLETED offline sale count as that
//   sale's refunds under the rules above, their statuses read as the counter reads them
//   (REFUNDED = CONFIRMED, NOT_ACCOMPLISHED = REJECTED); what was paid is that payment's value.
//   One whose original payment is a Pix without a charge that no counter's sale has is an orphan
//   refund. (Refunds of charges are read per charge, as above.)
//
// Totals. Each counter's day totals agree with its own sales of that day (paid = Σ values of
// COMPLETED sales, refunded = Σ their non-REJECTED refunds), and the counters' nets add up, to
// the cent, to the remote's: Σ value of its COMPLETED charges in the window minus their
// non-REJECTED refunds, plus the offline sales' money (below). Values, not paidValue: the
// counter's totals count sale values, and a sandbox payment of a BR Code pays exactly its value.
// The comparison is over every day of the trial at once, because a sale made offline before
// midnight and sent after it has its local day and its remote createdAt on two different days.
// The remote's side of the totals also counts the offline sales' money: Σ value of the distinct
// remote PAYMENT transactions without a charge whose endToEndId is the endToEndId of a COMPLETED
// offline sale of some counter (each transaction once, however many sales name it; the offline
// rules below make sure none is named twice and each has the sale's value), minus the
// non-REJECTED refunds of those transactions (by end-to-end id, as above).
//
// Offline sales (sale.offline present: made with a static code of the counter's own, because the
// remote could not be reached or a create got no answer in time). The verdict is reached after
// every offline sale's window closed (the matcher's closing time: window + grace + 2·skew +
// settle delay) and the counters' reconciliation settled. A Pix's link is the static QR code the
// service linked it to (`pixQrCode` in the service's own view, its back office): the code whose
// identifier was the Pix's txid when it arrived. A bank that dropped the txid, or a txid no code
// had yet when the Pix came (a sale made with no code registered ahead, paid before its
// registration), leaves none: only its value can tell. The transaction's `transactionID` is never
// read as a txid (the service does not document it so).
// - Never two payable codes: the remote has no charge with an offline sale's correlationID
//   (neither in the window's list nor by GET, which answers 400 once a withdrawn one is deleted).
// - Registered: the sale's txid is the identifier of exactly one remote static QR code: the code
//   the counter registered ahead and the sale took (correlationID balcao-reserva-<txid>, no value;
//   its name, `Balcão reserva [<counter>] <txid>`, is not read), or, for a sale made when none was
//   left, the sale's own registration. The sale has exactly one registration (correlationID = the
//   sale's, value = the sale's, its txid a word of its name `Balcão offline <txid> <createdAt>
//   <windowEnd>`; for a sale that took a reserve, an identifier of the service's own), and the
//   counter shows it registered. Every remote static QR code is a counter's code registered ahead
//   (used or not: correlationID balcao-reserva-<its identifier>, no value) or an offline sale's
//   registration ("remote-orphan-qrcode" otherwise).
// - Zero false matches: a COMPLETED offline sale has offline state CONFIRMED (the trials never
//   decide as the owner) and an endToEndId naming a remote PAYMENT transaction without a charge,
//   with the sale's value, whose link is the code with the sale's txid (its reserve, or its own
//   registration) or none (matched by value; a sale the counter says it matched by txid must have
//   the link). No endToEndId is the payment of two sales (offline or online).
// - Paid with its txid inside its window (the bank answered 200 no later than expiresDate + grace,
//   by the trial's clock, which is the counter's and the remote's) and not cancelled: COMPLETED.
//   Paid without txid inside its window, not cancelled, and no other offline sale of any counter
//   has its value: COMPLETED too (the value rule's one sale, one Pix).
// - Paid with its txid after its window (the request left later than expiresDate + grace + skew),
//   not cancelled: under review LATE, not COMPLETED (the owner decides late money).
// - Cancelled by the cashier and paid by the bank with its txid (at any time, before or after the
//   cancel: a CANCELLED sale is never matched), or without txid inside its window while no other
//   offline sale has its value: CANCELLED and under review CANCELLED_PAID.
// - Never paid (the bank was never asked to pay it): never COMPLETED, and, not cancelled, shown
//   OFFLINE under review NO_PAYMENT (the owner's list). Exempt: a sale of the same value as a
//   txid-less Pix the trial sent for another sale, which the value rule cannot tell apart (that
//   Pix may fall in its window; the issue accepts this for a bank that drops the txid).
// - Settled: no offline sale is still shown OFFLINE awaiting (state AWAITING): each is COMPLETED,
//   CANCELLED, or under review (state REVIEW).
// - "Cliente mostrou o comprovante" (markCustomerShowedReceipt answered with the mark): the sale
//   still shows customerShowedReceiptAt. It is never a payment: the rules above hold with it.
import type { DayTotals, CounterStatus, Sale } from '#shared/counter/counter-api';
import type { Charge, ChargeRefund, PixQrCode, PixTransactionRefund, Transaction } from '#shared/service/resources';

export interface CounterDay {
  day: string;
  sales: Sale[];
  totals: DayTotals;
}

export interface CounterView {
  name: string;
  status: CounterStatus;
  /** listSales of every São Paulo day the trial touched. */
  days: CounterDay[];
}

export interface RemoteLookup {
  /** 200 with the charge, or 400 once it is deleted (or was never created). */
  status: number;
  charge?: Charge;
}

export interface RemoteView {
  /** Every charge listed in the trial's time window. */
  charges: Charge[];
  /** GET /api/v1/charge/{id} of the ids the list lacks (the counters' and the cashier's). */
  lookups: Record<string, RemoteLookup>;
  /** Refunds of each COMPLETED charge, by the charge's correlationID. */
  refunds: Record<string, ChargeRefund[]>;
  /** Every static QR code of the account (the trial's remote is its own). */
  pixQrCodes: PixQrCode[];
  /** Every PAYMENT transaction in the trial's time window. */
  transactions: Transaction[];
  /** Every refund by end-to-end id (GET /api/v1/refund): offline sales' refunds are of this kind. */
  paymentRefunds: PixTransactionRefund[];
}

/** What the cashier was told during the trial: the ground truth of "it happened". */
export interface CashierLedger {
  /** createSale returned this sale. */
  created: { counter: string; correlationID: string; value: number }[];
  /** cancelSale answered { cancelled: true }. */
  cancelled: { counter: string; correlationID: string }[];
  /** refundSale returned; the refund's correlationID when it could be told apart in the answer. */
  refunds: { counter: string; saleCorrelationID: string; value: number; correlationID?: string }[];
  /** The bank's payment at the remote answered 200; `offline` when the code was an offline sale's. */
  paid: { correlationID: string; offline?: OfflinePayment }[];
  /** Every payment the bank sent to the remote, answered or not (a lost answer may hide a payment). */
  payTried: { correlationID: string; dropTxid: boolean }[];
  /** markCustomerShowedReceipt answered with the mark. */
  receiptShown: { counter: string; correlationID: string }[];
}

/** How the bank paid an offline sale's static code, by the trial's clock against the sale's window. */
export interface OfflinePayment {
  /** The txid went with the payment (false: a bank that drops it). */
  txid: boolean;
  /** The payment's end-to-end id, from the bank's answer. */
  endToEndId?: string;
  /**
   * inside: answered no later than expiresDate + grace; late: sent after expiresDate + grace +
   * clock skew; edge: in between (the matcher may take it either way).
   */
  window: 'inside' | 'late' | 'edge';
}

export function emptyLedger(): CashierLedger {
  return { created: [], cancelled: [], refunds: [], paid: [], payTried: [], receiptShown: [] };
}

export const VIOLATION_KINDS = [
  'queue-not-empty',
  'sale-pending',
  'refund-queued',
  'sale-lost',
  'sale-listed-twice',
  'sale-missing-remote',
  'sale-duplicated-remote',
  'status-mismatch',
  'value-mismatch',
  'cancelled-still-payable',
  'cancel-lost',
  'rejected-exists-remote',
  'remote-orphan-charge',
  'paid-not-completed',
  'refund-duplicated-remote',
  'refund-over-paid',
  'refund-missing-remote',
  'refund-mismatch',
  'refund-rejected-but-applied',
  'refund-orphan-remote',
  'refund-lost',
  'local-totals-inconsistent',
  'totals-mismatch',
  'offline-charge-payable',
  'offline-not-registered',
  'offline-registration-mismatch',
  'remote-orphan-qrcode',
  'offline-false-match',
  'offline-payment-shared',
  'offline-paid-not-confirmed',
  'offline-late-not-in-review',
  'cancelled-paid-not-in-review',
  'offline-unpaid-completed',
  'offline-unpaid-not-in-review',
  'offline-unsettled',
  'receipt-mark-lost',
] as const;

export type ViolationKind = (typeof VIOLATION_KINDS)[number];

export function violationKind(violation: string): ViolationKind {
  return violation.slice(0, violation.indexOf(':')) as ViolationKind;
}

export interface InvariantInput {
  counters: CounterView[];
  remote: RemoteView;
  ledger: CashierLedger;
}

interface LocalSale {
  counter: string;
  sale: Sale;
}

export function checkInvariants({ counters, remote, ledger }: InvariantInput): string[] {
  const violations = new Set<string>();
  const add = (kind: ViolationKind, detail: string) => violations.add(`${kind}: ${detail}`);

  // --- the counters' own view, and the queue
  const local = new Map<string, LocalSale>();
  for (const counter of counters) {
    const { status, name } = counter;
    if (status.queued !== 0) add('queue-not-empty', `${name} reports ${status.queued} commands queued`);
    if ((status.queuedElsewhere ?? 0) !== 0)
      add('queue-not-empty', `${name} reports ${status.queuedElsewhere} commands queued for another service`);
    for (const { sales } of counter.days) {
      for (const sale of sales) {
        const id = sale.correlationID;
        const earlier = local.get(id);
        if (earlier) add('sale-listed-twice', `${id} is listed by ${earlier.counter} and by ${name}`);
        else local.set(id, { counter: name, sale });
        // `sync` is part of the new contract; a counter without it has no per-sale queue to report.
        if ((sale.sync?.queued ?? 0) > 0)
          add('queue-not-empty', `${name}: ${id} still has ${sale.sync.queued} commands queued`);
        if (sale.status === 'PENDING') add('sale-pending', `${name}: ${id} is still PENDING`);
        for (const refund of sale.refunds) {
          if (refund.status === 'QUEUED')
            add('refund-queued', `${name}: refund ${refund.correlationID} of ${id} is still QUEUED`);
        }
      }
    }
  }

  // --- the remote's charges: the window's list, plus lookups of ids the list lacks
  const remoteCharges = new Map<string, Charge>();
  const listedTimes = new Map<string, number>();
  for (const charge of remote.charges) {
    listedTimes.set(charge.correlationID, (listedTimes.get(charge.correlationID) ?? 0) + 1);
    remoteCharges.set(charge.correlationID, charge);
  }
  for (const [id, times] of listedTimes) {
    if (times > 1)
      add(
        'sale-duplicated-remote',
        `${id} is listed ${times} times at the remote (its correlationID must be unique there)`,
      );
  }
  for (const [id, lookup] of Object.entries(remote.lookups)) {
    if (lookup.charge && !remoteCharges.has(id)) remoteCharges.set(id, lookup.charge);
  }

  // --- what the cashier was told about sales
  for (const created of ledger.created) {
    const found = local.get(created.correlationID);
    if (!found)
      add(
        'sale-lost',
        `${created.counter} returned ${created.correlationID} (${created.value}) to the cashier and no longer lists it`,
      );
    else if (found.counter !== created.counter)
      add('sale-lost', `${created.correlationID} was created on ${created.counter} but is listed by ${found.counter}`);
    else if (found.sale.value !== created.value)
      add(
        'value-mismatch',
        `${created.correlationID} was created for ${created.value} and is listed for ${found.sale.value}`,
      );
  }

  // --- each local sale against the remote
  for (const [id, { counter, sale }] of local) {
    const charge = remoteCharges.get(id);
    if (charge && charge.value !== sale.value)
      add('value-mismatch', `${id}: ${counter} says ${sale.value}, the remote ${charge.value}`);
    if (sale.offline) continue; // the offline rules below
    switch (sale.status) {
      case 'ACTIVE':
      case 'EXPIRED':
      case 'COMPLETED':
        if (!charge) add('sale-missing-remote', `${counter} shows ${id} ${sale.status}, the remote has no such charge`);
        else if (charge.status !== sale.status)
          add('status-mismatch', `${id}: ${counter} shows ${sale.status}, the remote ${charge.status}`);
        break;
      case 'CANCELLED':
        if (charge?.status === 'ACTIVE')
          add('cancelled-still-payable', `${id} is cancelled at ${counter} and still ACTIVE (payable) at the remote`);
        if (charge?.status === 'COMPLETED')
          add('status-mismatch', `${id}: ${counter} shows CANCELLED, the remote COMPLETED (the payment wins)`);
        break;
      case 'REJECTED':
        if (charge)
          add('rejected-exists-remote', `${id} is REJECTED at ${counter} but the remote has it ${charge.status}`);
        break;
      case 'PENDING':
      case 'OFFLINE':
        break; // reported above; OFFLINE never without sale.offline (the offline rules)
    }
  }
  for (const id of remoteCharges.keys()) {
    if (!local.has(id))
      add(
        'remote-orphan-charge',
        `the remote has ${id} (${remoteCharges.get(id)!.status}, ${remoteCharges.get(id)!.value}) and no counter lists it`,
      );
  }
  for (const cancelled of ledger.cancelled) {
    const charge = remoteCharges.get(cancelled.correlationID);
    if (charge?.status === 'ACTIVE')
      add(
        'cancelled-still-payable',
        `${cancelled.correlationID} was cancelled by the cashier and is still ACTIVE (payable) at the remote`,
      );
    const found = local.get(cancelled.correlationID)?.sale;
    const status = found?.status;
    // An offline sale's cancel is final: the money that comes for it is the owner's to look at.
    const allowed = found?.offline ? ['CANCELLED'] : ['CANCELLED', 'COMPLETED'];
    if (status !== undefined && !allowed.includes(status)) {
      add(
        'cancel-lost',
        `${cancelled.correlationID} was cancelled by the cashier and ${cancelled.counter} shows it ${status}`,
      );
    }
  }
  for (const { correlationID, offline } of ledger.paid) {
    if (offline) continue; // an offline sale's static code: the offline rules
    const charge = remoteCharges.get(correlationID);
    if (charge?.status !== 'COMPLETED')
      add('paid-not-completed', `the bank paid ${correlationID} and the remote has it ${charge?.status ?? 'missing'}`);
  }

  // --- refunds: of charges, and of offline sales' payments (by end-to-end id), per sale
  const saleRefunds: Record<string, ChargeRefund[]> = { ...remote.refunds };
  const paidBy = new Map<string, number>(); // what was paid, per key of saleRefunds that is no charge
  const offlineByPayment = new Map<string, string>();
  for (const { sale } of local.values())
    if (sale.offline && sale.status === 'COMPLETED' && sale.endToEndId)
      offlineByPayment.set(sale.endToEndId, sale.correlationID);
  const chargeless = new Map(
    remote.transactions.filter((t) => t.type === 'PAYMENT' && !t.charge).map((t) => [t.endToEndId, t]),
  );
  for (const refund of remote.paymentRefunds) {
    const payment = chargeless.get(refund.originalEndToEndId);
    if (!payment) continue; // a charge's refund: read per charge
    const key = offlineByPayment.get(refund.originalEndToEndId) ?? `payment ${refund.originalEndToEndId}`;
    paidBy.set(key, payment.value);
    saleRefunds[key] = [...(saleRefunds[key] ?? []), asChargeRefund(refund)];
  }
  const remoteRefunds = new Map<string, { charge: string; refund: ChargeRefund }[]>();
  for (const [chargeId, refunds] of Object.entries(saleRefunds)) {
    for (const refund of refunds) {
      const list = remoteRefunds.get(refund.correlationID) ?? [];
      list.push({ charge: chargeId, refund });
      remoteRefunds.set(refund.correlationID, list);
    }
    const charge = remoteCharges.get(chargeId);
    const paid = charge?.paidValue ?? charge?.value ?? paidBy.get(chargeId) ?? 0;
    const committed = refunds
      .filter((refund) => refund.status !== 'REJECTED')
      .reduce((sum, refund) => sum + refund.value, 0);
    if (committed > paid)
      add('refund-over-paid', `${chargeId}: refunds of ${committed} at the remote exceed the ${paid} paid`);
  }
  for (const [id, found] of remoteRefunds) {
    if (found.length > 1) add('refund-duplicated-remote', `refund ${id} appears ${found.length} times at the remote`);
  }
  const localRefunds = new Map<string, { sale: string; counter: string }>();
  for (const [saleId, { counter, sale }] of local) {
    for (const refund of sale.refunds) {
      localRefunds.set(refund.correlationID, { sale: saleId, counter });
      const atRemote = remoteRefunds.get(refund.correlationID) ?? [];
      const applied = atRemote.filter((entry) => entry.refund.status !== 'REJECTED');
      if (refund.status === 'REJECTED') {
        if (applied.length > 0)
          add(
            'refund-rejected-but-applied',
            `refund ${refund.correlationID} of ${saleId} is REJECTED at ${counter} and ${applied[0]!.refund.status} at the remote`,
          );
        continue;
      }
      if (refund.status === 'QUEUED') continue; // reported above
      if (atRemote.length === 0) {
        add(
          'refund-missing-remote',
          `${counter} shows refund ${refund.correlationID} of ${saleId} (${refund.value}) ${refund.status}, the remote has no such refund`,
        );
        continue;
      }
      const { charge, refund: remoteRefund } = atRemote[0]!;
      if (charge !== saleId || remoteRefund.value !== refund.value || remoteRefund.status === 'REJECTED') {
        add(
          'refund-mismatch',
          `refund ${refund.correlationID}: ${counter} has ${saleId} ${refund.value} ${refund.status}, the remote ${charge} ${remoteRefund.value} ${remoteRefund.status}`,
        );
      }
    }
  }
  for (const [id, found] of remoteRefunds) {
    if (!localRefunds.has(id))
      add(
        'refund-orphan-remote',
        `the remote has refund ${id} of ${found[0]!.charge} (${found[0]!.refund.value}) and no counter lists it`,
      );
  }
  const ledgerRefundsPerSale = new Map<string, number>();
  for (const refund of ledger.refunds) {
    ledgerRefundsPerSale.set(refund.saleCorrelationID, (ledgerRefundsPerSale.get(refund.saleCorrelationID) ?? 0) + 1);
    if (refund.correlationID !== undefined && !localRefunds.has(refund.correlationID)) {
      add(
        'refund-lost',
        `the cashier confirmed refund ${refund.correlationID} of ${refund.saleCorrelationID} (${refund.value}) and no counter lists it`,
      );
    }
  }
  for (const [saleId, confirmed] of ledgerRefundsPerSale) {
    const listed = local.get(saleId)?.sale.refunds.length ?? 0;
    if (listed < confirmed)
      add('refund-lost', `the cashier confirmed ${confirmed} refunds of ${saleId} and ${listed} are listed`);
  }

  // --- totals
  let localNet = 0;
  for (const counter of counters) {
    for (const { day, sales, totals } of counter.days) {
      const expected = totalsOf(sales);
      if (
        expected.paidValue !== totals.paidValue ||
        expected.refundedValue !== totals.refundedValue ||
        totals.net !== totals.paidValue - totals.refundedValue
      ) {
        add(
          'local-totals-inconsistent',
          `${counter.name} ${day}: totals say paid ${totals.paidValue} refunded ${totals.refundedValue} net ${totals.net}, its sales add up to paid ${expected.paidValue} refunded ${expected.refundedValue}`,
        );
      }
      localNet += totals.net;
    }
  }
  let remotePaid = 0;
  let remoteRefunded = 0;
  for (const charge of remoteCharges.values()) {
    if (charge.status !== 'COMPLETED') continue;
    remotePaid += charge.value;
    for (const refund of remote.refunds[charge.correlationID] ?? [])
      if (refund.status !== 'REJECTED') remoteRefunded += refund.value;
  }
  const offlinePaymentIds = new Set<string>();
  for (const { sale } of local.values())
    if (sale.offline && sale.status === 'COMPLETED' && sale.endToEndId) offlinePaymentIds.add(sale.endToEndId);
  const counted = new Set<string>();
  for (const transaction of remote.transactions) {
    if (
      transaction.type !== 'PAYMENT' ||
      transaction.charge ||
      !offlinePaymentIds.has(transaction.endToEndId) ||
      counted.has(transaction.endToEndId)
    )
      continue;
    counted.add(transaction.endToEndId);
    remotePaid += transaction.value;
    for (const refund of remote.paymentRefunds) {
      if (refund.originalEndToEndId === transaction.endToEndId && asChargeRefund(refund).status !== 'REJECTED')
        remoteRefunded += refund.value;
    }
  }
  if (localNet !== remotePaid - remoteRefunded) {
    add(
      'totals-mismatch',
      `the counters' net is ${localNet}, the remote's ${remotePaid - remoteRefunded} (paid ${remotePaid} − refunded ${remoteRefunded})`,
    );
  }

  checkOfflineSales(local, remote, remoteCharges, ledger, add);
  return [...violations];
}

/** The correlationID of a code a counter registered ahead (src/main/counter/sync/offline/offline-pool.ts): `balcao-reserva-<identifier>`. */
const RESERVE_PREFIX = 'balcao-reserva-';

/**
 * Whether a remote static QR code is a code a counter registered ahead, used or not: told by its
 * correlationID (its name may or may not carry the counter's id), whose suffix is its identifier,
 * open-amount (no value).
 */
export function isReserve(code: PixQrCode): boolean {
  return code.correlationID === `${RESERVE_PREFIX}${code.identifier}` && code.value === null;
}

/** Whether a code's name holds this txid as a word (`Balcão offline <txid> <createdAt> <windowEnd>`). */
function nameHolds(name: string, txid: string): boolean {
  return name.split(' ').includes(txid);
}

/**
 * The static QR code the service linked a Pix to, as its back office shows it (`pixQrCode`), or
 * undefined: a bank that dropped the txid, or a txid no code had when the Pix arrived. The
 * transaction's own `transactionID` is not read: the service does not document it as the txid.
 */
export function linkOf(transaction: Transaction): { identifier: string; correlationID: string } | undefined {
  const code = transaction.pixQrCode;
  return code ? { identifier: code.identifier, correlationID: code.correlationID } : undefined;
}

function checkOfflineSales(
  local: Map<string, LocalSale>,
  remote: RemoteView,
  remoteCharges: Map<string, Charge>,
  ledger: CashierLedger,
  add: (kind: ViolationKind, detail: string) => void,
): void {
  const offline = [...local.values()].filter((entry) => entry.sale.offline !== undefined);
  const codesByIdentifier = new Map<string, PixQrCode[]>();
  for (const code of remote.pixQrCodes)
    codesByIdentifier.set(code.identifier, [...(codesByIdentifier.get(code.identifier) ?? []), code]);
  const transactions = new Map(remote.transactions.map((transaction) => [transaction.endToEndId, transaction]));
  const cancelled = new Set(ledger.cancelled.map((entry) => entry.correlationID));
  const paid = new Map(ledger.paid.map((entry) => [entry.correlationID, entry]));
  const tried = new Set(ledger.payTried.map((entry) => entry.correlationID));
  const offlineValues = new Map<number, number>();
  for (const { sale } of offline) offlineValues.set(sale.value, (offlineValues.get(sale.value) ?? 0) + 1);
  // The code registered ahead that an offline sale took as its txid: a Pix that keeps the txid is
  // linked to it by the service as it comes (the code existed before the sale). A sale made when
  // none was left has a txid of its own, linked only from its registration on.
  const reserveOf = (txid: string) => (codesByIdentifier.get(txid) ?? []).find(isReserve);
  const offlineTxid = new Map(offline.map(({ sale }) => [sale.correlationID, sale.offline!.txid]));
  // Whether the service linked a Pix the trial sent with the sale's txid to the sale's code: by
  // the transaction's link when the bank's answer named it, else by whether the code existed
  // before the sale (a reserve). A txid it could not link counts as none: only its value can tell.
  const linked = (txid: string, payment: { txid: boolean; endToEndId?: string }) => {
    if (!payment.txid) return false;
    const transaction = payment.endToEndId ? transactions.get(payment.endToEndId) : undefined;
    if (transaction) return linkOf(transaction)?.identifier === txid;
    return reserveOf(txid) !== undefined;
  };
  // Values of the Pix the trial sent that the service could not link to their sale (txid dropped,
  // or kept to a code not registered yet), by the sale it meant to pay.
  const endToEndOf = new Map(
    ledger.paid.flatMap((entry) =>
      entry.offline?.endToEndId ? [[entry.correlationID, entry.offline.endToEndId] as const] : [],
    ),
  );
  const txidLess = ledger.payTried
    .filter((entry) => {
      const txid = offlineTxid.get(entry.correlationID);
      if (txid === undefined) return false; // an online sale's dynamic code: its charge's
      const endToEndId = endToEndOf.get(entry.correlationID);
      return !linked(txid, { txid: !entry.dropTxid, ...(endToEndId ? { endToEndId } : {}) });
    })
    .map((entry) => ({ id: entry.correlationID, value: local.get(entry.correlationID)?.sale.value }));
  const shadowed = (sale: Sale) => txidLess.some((pix) => pix.id !== sale.correlationID && pix.value === sale.value);

  const offlineIds = new Set(offline.map(({ sale }) => sale.correlationID));
  for (const { counter, sale } of offline) {
    const id = sale.correlationID;
    const info = sale.offline!;
    const where = `${counter}: ${id} (${sale.value}, txid ${info.txid})`;
    const charge = remoteCharges.get(id);
    if (charge)
      add(
        'offline-charge-payable',
        `${where} was sold offline and the remote has its charge ${charge.status} (a second payable code)`,
      );

    // Its txid is one code's identifier: the reserve it took (balcao-reserva-<txid>, no value) or,
    // made when none was left, its own registration. And it is registered once: correlationID the
    // sale's, its value, its txid in the name (the registration of a sale that took a reserve
    // has an identifier of the service's own, so it is not among the codes with its txid).
    const codes = codesByIdentifier.get(info.txid) ?? [];
    const registration = remote.pixQrCodes.filter((code) => code.correlationID === id);
    if (registration.length === 0 || !info.registered) {
      add(
        'offline-not-registered',
        `${where} ${registration.length === 0 ? 'has no registration at the remote' : 'is registered at the remote but the counter shows it unregistered'}`,
      );
    }
    const codeFits = codes.length === 1 && (isReserve(codes[0]!) || codes[0]!.correlationID === id);
    if (
      !codeFits ||
      registration.length > 1 ||
      registration.some((code) => code.value !== sale.value || !nameHolds(code.name, info.txid))
    ) {
      add(
        'offline-registration-mismatch',
        `${where}: the remote's codes with its identifier are ${codes.map((code) => `${code.correlationID} (${code.value})`).join(', ') || 'none'}; its registrations ${registration.map((code) => `${code.identifier} "${code.name}" (${code.value})`).join(', ') || 'none'}`,
      );
    }

    const state = info.state;
    const reason = info.review?.reason;
    const shown = `${sale.status}/${state}${reason ? `/${reason}` : ''}`;
    if (sale.status === 'COMPLETED') {
      // Zero false matches: its payment is a Pix without charge, of its value, that the service
      // linked to the code with the sale's txid or to none (then the value matched it); a sale
      // matched "by txid" had its Pix linked (the counter reads no txid from anywhere else).
      const payment = sale.endToEndId ? transactions.get(sale.endToEndId) : undefined;
      const link = payment ? linkOf(payment) : undefined;
      const linkFits = link === undefined ? info.matchedBy !== 'txid' : link.identifier === info.txid;
      if (
        state !== 'CONFIRMED' ||
        !payment ||
        payment.type !== 'PAYMENT' ||
        payment.charge ||
        payment.value !== sale.value ||
        !linkFits
      ) {
        add(
          'offline-false-match',
          `${where} is ${shown}${info.matchedBy ? ` (matched by ${info.matchedBy})` : ''} with payment ${sale.endToEndId ?? '(none)'}: ${payment ? `the remote's ${payment.type} of ${payment.value}, linked to ${link ? `${link.correlationID} (identifier ${link.identifier})` : 'no code'}${payment.charge ? `, of charge ${payment.charge.correlationID}` : ''}` : 'no such remote PAYMENT'}`,
        );
      }
    }
    if (sale.status === 'OFFLINE' && state === 'AWAITING')
      add('offline-unsettled', `${where} is still OFFLINE awaiting after its window closed`);

    const paidEntry = paid.get(id)?.offline;
    // As the service could see it: a txid it could not link to the sale's code counts as none.
    const payment = paidEntry ? { ...paidEntry, txid: linked(info.txid, paidEntry) } : undefined;
    const unique = offlineValues.get(sale.value) === 1;
    const expectation = payment && (payment.txid || (unique && payment.window === 'inside')) ? payment : undefined;
    if (cancelled.has(id)) {
      if (expectation && (sale.status !== 'CANCELLED' || state !== 'REVIEW' || reason !== 'CANCELLED_PAID')) {
        add(
          'cancelled-paid-not-in-review',
          `${where} was cancelled and paid (${describePayment(expectation)}) and is ${shown}`,
        );
      }
    } else if (expectation?.window === 'inside') {
      if (sale.status !== 'COMPLETED')
        add(
          'offline-paid-not-confirmed',
          `${where} was paid inside its window (${describePayment(expectation)}) and is ${shown}`,
        );
    } else if (expectation?.window === 'late' && expectation.txid) {
      if (sale.status === 'COMPLETED' || state !== 'REVIEW' || reason !== 'LATE')
        add(
          'offline-late-not-in-review',
          `${where} was paid after its window (${describePayment(expectation)}) and is ${shown}`,
        );
    }
    if (!tried.has(id) && !shadowed(sale)) {
      if (sale.status === 'COMPLETED')
        add(
          'offline-unpaid-completed',
          `${where} was never paid and is ${shown} (payment ${sale.endToEndId ?? '(none)'})`,
        );
      else if (!cancelled.has(id) && (sale.status !== 'OFFLINE' || state !== 'REVIEW' || reason !== 'NO_PAYMENT')) {
        add('offline-unpaid-not-in-review', `${where} was never paid and is ${shown}, not under review NO_PAYMENT`);
      }
    }
  }
  // Every remote static QR code is a counter's: a code registered ahead (used or not) or an
  // offline sale's registration (the trial's remote is its own, nothing else makes codes there).
  for (const code of remote.pixQrCodes) {
    if (!isReserve(code) && !offlineIds.has(code.correlationID)) {
      add(
        'remote-orphan-qrcode',
        `the remote has static QR code ${code.identifier} (${code.correlationID}, "${code.name}", ${code.value}) that is neither a counter's code registered ahead nor an offline sale's registration`,
      );
    }
  }

  // No Pix pays two sales: every COMPLETED sale's endToEndId is its own.
  const payers = new Map<string, string>();
  for (const { sale } of local.values()) {
    if (sale.status !== 'COMPLETED' || !sale.endToEndId) continue;
    const other = payers.get(sale.endToEndId);
    if (other)
      add('offline-payment-shared', `${sale.endToEndId} is the payment of ${other} and of ${sale.correlationID}`);
    else payers.set(sale.endToEndId, sale.correlationID);
  }
  for (const { correlationID } of ledger.receiptShown) {
    const found = local.get(correlationID)?.sale;
    if (found && !found.offline?.customerShowedReceiptAt)
      add(
        'receipt-mark-lost',
        `the cashier marked ${correlationID} "cliente mostrou o comprovante" and it no longer shows the mark`,
      );
  }
}

/** A refund by end-to-end id in the counter's shape (a charge refund's), as the counter reads it. */
function asChargeRefund(refund: PixTransactionRefund): ChargeRefund {
  const status = { IN_PROCESSING: 'IN_PROCESSING', REFUNDED: 'CONFIRMED', NOT_ACCOMPLISHED: 'REJECTED' } as const;
  return {
    correlationID: refund.correlationID,
    value: refund.value,
    status: status[refund.status],
    endToEndId: refund.returnIdentification,
    time: refund.time,
  };
}

function describePayment(payment: OfflinePayment): string {
  const when = { inside: 'inside', late: 'after', edge: 'at the edge of' }[payment.window];
  return `${payment.txid ? 'with its txid' : 'without txid'}, ${when} its window`;
}

function totalsOf(sales: readonly Sale[]): { paidValue: number; refundedValue: number } {
  let paidValue = 0;
  let refundedValue = 0;
  for (const sale of sales) {
    if (sale.status !== 'COMPLETED') continue;
    paidValue += sale.value;
    for (const refund of sale.refunds) if (refund.status !== 'REJECTED') refundedValue += refund.value;
  }
  return { paidValue, refundedValue };
}
