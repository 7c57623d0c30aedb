// Runs one planned step against the trial's processes, as the cashier, the customer's bank or
// the network would, and records in the ledger what the cashier was told. A refusal is an
// outcome to log, not a failure: only the invariants at the end judge the counter.
//
// Offline sales are sold, paid, cancelled and refunded by the same steps: the bank pays an
// offline sale's static code like any other (now and then as a bank that drops its txid), and
// the ledger notes how, against the sale's window, so the invariants know what to expect. A
// refund of a confirmed offline sale goes by its payment's end-to-end id; a refusal (409, e.g. a
// sale confirmed without an identified Pix) is an outcome like any other.
import type { Sale } from '#shared/counter/counter-api';
import type { Attempt } from '#test/support/bridge-client';
import { randomFaultPlan, type Fault, type FaultProxy, type ProxiedRequest } from '#test/support/fault-proxy';
import { payBrCode } from '#test/support/remote-api';
import { sleep } from '#test/support/wait';
import type { CashierLedger, OfflinePayment } from './invariants';
import type { Step } from './trial-plan';
import { TRIAL_OFFLINE_TIMING, type TrialWorld } from './trial-world';

/** A sale the cashier saw created, and what the trial did to it since. */
export interface TrialSale {
  counter: number;
  correlationID: string;
  value: number;
  brCode?: string;
  /** Sold offline: its static code is payable until expiresDate + grace. */
  offline?: { expiresDate: string };
  paid: boolean;
  cancelled: boolean;
  refundIds: Set<string>;
}

export interface TrialState {
  sales: TrialSale[];
  ledger: CashierLedger;
}

export function counterName(index: number): string {
  return `c${index}`;
}

/** Returns a one-line outcome for the step log. */
export async function runStep(world: TrialWorld, state: TrialState, step: Step): Promise<string> {
  switch (step.kind) {
    case 'create': {
      const { result, ms } = await timed(() =>
        world.counters[step.counter]!.bridge.attempt('createSale', { value: step.value }),
      );
      return `${recordCreate(state, step.counter, step.value, result)} [answered in ${ms} ms]`;
    }
    case 'cancel':
      return cancel(world, state, step.counter, step.pick);
    case 'pay':
      return pay(world, state, step);
    case 'receipt':
      return customerShowedReceipt(world, state, step.counter, step.pick);
    case 'refund':
      return refund(world, state, step.pick, step.fraction);
    case 'faults': {
      const proxy = world.proxies[step.counter]!;
      const random = randomFaultPlan(step.seed, step.rates, step.writesOnly ? { only: isWrite } : {});
      // One plan in three also refuses the counter's optional reads (its Pix keys, its company, the
      // account's static QR codes) with a 403, as a service does to an AppID without those scopes:
      // the counter must keep selling. One plan in two holds the next list page the counter reads
      // until the trial pays something (a page shift, see PageHold). Both derived from the step's
      // seed, and the random plan draws for every request whatever it gets: no other draw moves.
      const refuses = refusesOptionalReads(step);
      releaseHeldPage(proxy, 'a new plan');
      const hold = shiftsAPage(step) ? armPageHold(proxy) : undefined;
      proxy.setPlan((request) => {
        const drawn = random(request);
        if (refuses && isOptionalRead(request)) return { kind: 'status', status: 403, error: 'Acesso não permitido' };
        return hold?.take(request) ?? drawn;
      });
      return `plan set${refuses ? ', optional reads refused' : ''}${hold ? ', the next list page held until a payment' : ''}`;
    }
    case 'calm': {
      const proxy = world.proxies[step.counter]!;
      const released = releaseHeldPage(proxy, 'calm');
      proxy.setPlan();
      return `plan cleared${released ? ` (${released})` : ''}`;
    }
    case 'cut': {
      const proxy = world.proxies[step.counter]!;
      if (proxy.isCut) return 'already cut';
      await proxy.cut(step.mode);
      return 'cut';
    }
    case 'restore': {
      const proxy = world.proxies[step.counter]!;
      if (!proxy.isCut) return 'not cut';
      await proxy.restore();
      return 'restored';
    }
    case 'restart-remote':
      await world.remote.restart({ signal: step.signal, downMs: step.downMs });
      return `remote back (pid ${world.remote.pid})`;
    case 'kill-counter':
      return killCounter(world, state, step);
    case 'pause':
      await sleep(step.ms);
      return 'slept';
  }
}

function recordCreate(state: TrialState, counter: number, value: number, result: Attempt<Sale>): string {
  if (!result.ok) return `refused ${result.status}: ${result.error}`;
  const sale = result.value;
  state.sales.push({
    counter,
    correlationID: sale.correlationID,
    value,
    brCode: sale.brCode,
    ...(sale.offline ? { offline: { expiresDate: sale.expiresDate } } : {}),
    paid: false,
    cancelled: false,
    refundIds: new Set(),
  });
  state.ledger.created.push({ counter: counterName(counter), correlationID: sale.correlationID, value });
  return `created ${sale.correlationID} ${sale.status}`;
}

async function cancel(world: TrialWorld, state: TrialState, counter: number, pick: number): Promise<string> {
  const candidates = state.sales.filter((sale) => sale.counter === counter && !sale.cancelled);
  const sale = pickFrom(candidates, pick);
  if (!sale) return 'skipped: no sale to cancel';
  const { result, ms } = await timed(() =>
    world.counters[counter]!.bridge.attempt('cancelSale', { correlationID: sale.correlationID }),
  );
  if (!result.ok) return `${sale.correlationID}: refused ${result.status}: ${result.error} [answered in ${ms} ms]`;
  if (!result.value.cancelled) return `${sale.correlationID}: not cancelled [answered in ${ms} ms]`;
  sale.cancelled = true;
  state.ledger.cancelled.push({ counter: counterName(counter), correlationID: sale.correlationID });
  return `${sale.correlationID}: cancelled [answered in ${ms} ms]`;
}

async function pay(world: TrialWorld, state: TrialState, step: Extract<Step, { kind: 'pay' }>): Promise<string> {
  const { evenIfCancelled } = step;
  const candidates = state.sales.filter((sale) => !sale.paid && (evenIfCancelled || !sale.cancelled));
  const offlineCandidates = candidates.filter((sale) => sale.offline !== undefined);
  const sale = pickFrom(step.preferOffline && offlineCandidates.length > 0 ? offlineCandidates : candidates, step.pick);
  if (!sale) return 'skipped: no sale to pay';
  // The customer scans what the counter shows: its current BR Code, once the service made one
  // (a customer in front of a connected counter waits a moment for the QR to appear).
  const patience = world.proxies[sale.counter]!.isCut ? 0 : PATIENCE_MS;
  const current = await saleOnceShown(world, sale, (shown) => shown.brCode !== undefined, patience);
  if (current.ok && current.value.brCode) sale.brCode = current.value.brCode;
  if (current.ok && current.value.offline) sale.offline = { expiresDate: current.value.expiresDate };
  const shown = current.ok ? current.value.status : undefined;
  if (!sale.brCode)
    return `${sale.correlationID}: skipped, no BR Code yet (${shown ?? (current.ok ? '' : current.error)})`;
  // An offline sale's static code stays payable after its window: the customer may still pay it (late).
  const payable = shown === 'ACTIVE' || shown === 'OFFLINE' || (evenIfCancelled && shown === 'CANCELLED');
  if (shown !== undefined && !payable) return `${sale.correlationID}: skipped, shown ${shown}`;
  if (!world.remote.running) return `${sale.correlationID}: skipped, the remote is down`;
  const dropTxid = step.dropTxid && sale.offline !== undefined;
  state.ledger.payTried.push({ correlationID: sale.correlationID, dropTxid });
  const sentAt = Date.now();
  let endToEndId: string | undefined;
  try {
    const reply = await payBrCode(world.remote, sale.brCode, undefined, { dropTxid });
    if (reply.status !== 200)
      return `${sale.correlationID}: the bank's payment answered ${reply.status} ${JSON.stringify(reply.body)}`;
    endToEndId = reply.body?.transaction?.endToEndId;
  } catch (error) {
    return `${sale.correlationID}: the bank could not reach the remote (${String(error)})`;
  }
  const answeredAt = Date.now();
  // A list page a counter asked for before this payment goes to it now: its next page is read
  // after the payment moved the list.
  const released = releaseHeldPages(world, 'paid');
  sale.paid = true;
  let offline: OfflinePayment | undefined;
  if (sale.offline) {
    const windowEnd = Date.parse(sale.offline.expiresDate) + TRIAL_OFFLINE_TIMING.graceMs;
    const window =
      answeredAt <= windowEnd ? 'inside' : sentAt > windowEnd + TRIAL_OFFLINE_TIMING.clockSkewMs ? 'late' : 'edge';
    offline = { txid: !dropTxid, window, ...(endToEndId ? { endToEndId } : {}) };
  }
  state.ledger.paid.push({ correlationID: sale.correlationID, ...(offline ? { offline } : {}) });
  const how = offline
    ? ` its offline code ${offline.txid ? 'with' : 'without'} txid, ${offline.window === 'inside' ? 'inside' : offline.window === 'late' ? 'after' : 'at the edge of'} its window,`
    : '';
  return `${sale.correlationID}: paid (${sale.value})${how} while shown ${shown ?? 'unknown'}${released.length > 0 ? `; then released ${released.join(', ')}` : ''}`;
}

/** "Cliente mostrou o comprovante": on one of the counter's offline sales (any of its sales when it has none: a 409 then). */
async function customerShowedReceipt(
  world: TrialWorld,
  state: TrialState,
  counter: number,
  pick: number,
): Promise<string> {
  const mine = state.sales.filter((sale) => sale.counter === counter && !sale.cancelled);
  const offline = mine.filter((sale) => sale.offline !== undefined);
  const sale = pickFrom(offline.length > 0 ? offline : mine, pick);
  if (!sale) return 'skipped: no sale';
  const { result, ms } = await timed(() =>
    world.counters[counter]!.bridge.attempt('markCustomerShowedReceipt', { correlationID: sale.correlationID }),
  );
  if (!result.ok) return `${sale.correlationID}: refused ${result.status}: ${result.error} [answered in ${ms} ms]`;
  if (!result.value.offline?.customerShowedReceiptAt)
    return `${sale.correlationID}: answered without the mark (${result.value.status}) [answered in ${ms} ms]`;
  state.ledger.receiptShown.push({ counter: counterName(counter), correlationID: sale.correlationID });
  return `${sale.correlationID}: marked, shown ${result.value.status} [answered in ${ms} ms]`;
}

async function refund(world: TrialWorld, state: TrialState, pick: number, fraction: number): Promise<string> {
  const sale = pickFrom(
    state.sales.filter((candidate) => candidate.paid),
    pick,
  );
  if (!sale) return 'skipped: no paid sale';
  const bridge = world.counters[sale.counter]!.bridge;
  // The cashier refunds a sale the screen shows paid; the counter may learn of the payment late.
  const patience = world.proxies[sale.counter]!.isCut ? 0 : PATIENCE_MS;
  const current = await saleOnceShown(world, sale, (shown) => shown.status === 'COMPLETED', patience);
  if (!current.ok) return `${sale.correlationID}: getSale refused ${current.status}: ${current.error}`;
  if (current.value.status !== 'COMPLETED')
    return `${sale.correlationID}: skipped, the counter shows ${current.value.status}`;
  if (current.value.refundable <= 0) return `${sale.correlationID}: skipped, nothing left to refund`;
  const value = Math.max(1, Math.floor(current.value.refundable * fraction));
  const before = new Set([...current.value.refunds.map((r) => r.correlationID), ...sale.refundIds]);
  const { result, ms } = await timed(() =>
    bridge.attempt('refundSale', { correlationID: sale.correlationID, value, reason: 'teste de falhas' }),
  );
  const kind = current.value.offline ? ' (offline sale: by end-to-end id)' : '';
  if (!result.ok)
    return `${sale.correlationID}: refund of ${value}${kind} refused ${result.status}: ${result.error} [answered in ${ms} ms]`;
  // The new refund is the one with this value that was not there before.
  const added = result.value.refunds.find((r) => !before.has(r.correlationID) && r.value === value);
  if (added) sale.refundIds.add(added.correlationID);
  state.ledger.refunds.push({
    counter: counterName(sale.counter),
    saleCorrelationID: sale.correlationID,
    value,
    ...(added ? { correlationID: added.correlationID } : {}),
  });
  return `${sale.correlationID}: refunded ${value}${kind} as ${added?.correlationID ?? '(not told apart)'} ${added?.status ?? ''} [answered in ${ms} ms]`;
}

async function killCounter(
  world: TrialWorld,
  state: TrialState,
  step: Extract<Step, { kind: 'kill-counter' }>,
): Promise<string> {
  const counter = world.counters[step.counter]!;
  let outcome = 'killed while idle';
  if (step.duringCreate) {
    const inFlight = counter.bridge.attempt('createSale', { value: step.value });
    await sleep(step.afterMs);
    await counter.kill('SIGKILL');
    // Answered before the kill: the cashier saw it, and it must survive.
    const result = await inFlight;
    outcome = `killed ${step.afterMs} ms into createSale: ${result.ok ? recordCreate(state, step.counter, step.value, result) : `no sale (${result.status === 0 ? 'no answer' : `${result.status}: ${result.error}`})`}`;
  } else {
    await counter.kill('SIGKILL');
  }
  await counter.start();
  return `${outcome}; restarted`;
}

/** The call's result and how long the counter took to answer it (the cashier's wait). */
async function timed<T>(call: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = Date.now();
  const result = await call();
  return { result, ms: Date.now() - started };
}

const PATIENCE_MS = 1_500;

/** getSale until `shown` holds or `patienceMs` passed; the last answer either way. */
async function saleOnceShown(
  world: TrialWorld,
  sale: TrialSale,
  shown: (sale: Sale) => boolean,
  patienceMs: number,
): Promise<Attempt<Sale>> {
  const deadline = Date.now() + patienceMs;
  for (;;) {
    const current = await world.counters[sale.counter]!.bridge.attempt('getSale', {
      correlationID: sale.correlationID,
    });
    if ((current.ok && shown(current.value)) || Date.now() >= deadline) return current;
    await sleep(100);
  }
}

/** Whether a faults step also holds a list page across a payment (derived from its seed, independent of refusesOptionalReads). */
export function shiftsAPage(step: Extract<Step, { kind: 'faults' }>): boolean {
  return Math.floor(step.seed / 3) % 2 === 0;
}

/**
 * The longest a list page is held: below the counter's request timeout (5 s,
 * DEFAULT_REQUEST_TIMEOUT_MS), so it gets a late page, not a lost one, when no payment comes.
 */
const PAGE_HOLD_MAX_MS = 3_000;

/**
 * A page shift: the first list page (GET of the charges, the Pix in or the static QR codes) the
 * counter reads after the plan is set is sent to the service, whose answer the proxy keeps until
 * the trial's next payment has been answered (or PAGE_HOLD_MAX_MS passed, or the counter's plan
 * changes). The counter then reads its next page from a list the payment moved: on a newest-first
 * list a Pix pushes every item down a place, and a paid charge leaves the list of open ones.
 */
interface PageHold {
  /** The hold for this request, the first list page once armed; undefined for any other request. */
  take(request: ProxiedRequest): Fault | undefined;
  /** Whether a page is held now. */
  holding(): boolean;
  /** Lets the held page go (and disarms); what was held, for the step log (undefined when nothing was). */
  release(why: string): string | undefined;
}

const pageHolds = new Map<FaultProxy, PageHold>();

function armPageHold(proxy: FaultProxy): PageHold {
  let armed = true;
  let done = false;
  let held: { path: string; since: number } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let resolve!: () => void;
  const released = new Promise<void>((done) => (resolve = done));
  const hold: PageHold = {
    take(request) {
      if (!armed || !isListPage(request)) return undefined;
      armed = false;
      held = { path: request.path, since: Date.now() };
      timer = setTimeout(() => hold.release('the time limit'), PAGE_HOLD_MAX_MS);
      timer.unref();
      return { kind: 'hold', release: released };
    },
    holding: () => held !== undefined && !done,
    release(why) {
      if (done) return undefined;
      armed = false;
      done = true;
      if (timer) clearTimeout(timer);
      resolve();
      if (pageHolds.get(proxy) === hold) pageHolds.delete(proxy);
      return held ? `the list page GET ${held.path} held ${Date.now() - held.since} ms, on ${why}` : undefined;
    },
  };
  pageHolds.set(proxy, hold);
  return hold;
}

function releaseHeldPage(proxy: FaultProxy, why: string): string | undefined {
  return pageHolds.get(proxy)?.release(why);
}

/** Releases the pages held for every counter that is holding one (an armed hold still waiting for its page stays armed). */
function releaseHeldPages(world: TrialWorld, why: string): string[] {
  const released: string[] = [];
  for (const [index, proxy] of world.proxies.entries()) {
    const hold = pageHolds.get(proxy);
    const what = hold && hold.holding() ? hold.release(why) : undefined;
    if (what) released.push(`c${index}'s ${what}`);
  }
  return released;
}

function isListPage(request: { method: string; path: string }): boolean {
  if (request.method !== 'GET') return false;
  const path = request.path.split('?')[0]!;
  return path === '/api/v1/transaction' || path === '/api/v1/charge' || path === '/api/v1/qrcode-static';
}

/** Whether a faults step also refuses the optional reads (derived from its seed, see runStep). */
export function refusesOptionalReads(step: Extract<Step, { kind: 'faults' }>): boolean {
  return step.seed % 3 === 0;
}

/** The reads the counter can do without: each takes one feature away when refused, never selling. */
function isOptionalRead(request: { method: string; path: string }): boolean {
  if (request.method !== 'GET') return false;
  const path = request.path.split('?')[0]!;
  return path === '/api/v1/pix-keys' || path === '/api/v1/company' || path === '/api/v1/qrcode-static';
}

function isWrite(request: { method: string }): boolean {
  return request.method !== 'GET' && request.method !== 'HEAD';
}

function pickFrom<T>(items: readonly T[], pick: number): T | undefined {
  return items.length === 0 ? undefined : items[Math.min(items.length - 1, Math.floor(pick * items.length))];
}
