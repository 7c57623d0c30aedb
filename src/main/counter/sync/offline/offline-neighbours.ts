// What the other counters of the account tell through the service's static QR codes, read from
// documented fields only (name, value, correlationID, createdAt):
//
// - their offline sales, from each sale's registration (`Balcão offline <txid> <createdAt>
//   <windowEnd>`, offline-registration.ts): a Pix without txid that fits one of them is never
//   taken for one of ours by its value;
// - how far each counter's registrations are complete: a counter registers a code ahead
//   (`Balcão reserva <counterId> <identifier>`, offline-pool.ts) only when none of its offline
//   sales waits to be registered, and at least every few minutes while online. So every offline
//   sale it made before its newest code was registered is registered too, and known here.
//
// A Pix without txid at time t is matched by value only when no counter can still have an
// unregistered offline sale that it could pay: each counter's newest code came after t (with a
// margin for clocks and a request in flight), or that counter has been silent for longer than any
// counter may sell offline. Otherwise the Pix waits for the next word from that counter, and goes
// to a person after `maxWaitMs`.
import type { OfflineSale } from './offline-matcher';
import { poolCodeCounter } from './offline-pool';
import { registeredOfflineSale } from './offline-registration';
import type { ContractPixQrCode } from '../remote/service-contract';

export type ValueVerdict = 'yes' | 'wait' | 'no';

export interface AccountNeighbours {
  /** The other counters' offline sales (OPEN: their state is theirs to keep). */
  sales: OfflineSale[];
  /** The other counters, by id: when the service registered their newest code (ms). */
  counters: Map<string, number>;
}

export function readNeighbours(
  codes: readonly ContractPixQrCode[],
  ourCounterId: string,
  ourTxids: ReadonlySet<string>,
): AccountNeighbours {
  const sales: OfflineSale[] = [];
  const counters = new Map<string, number>();
  for (const code of codes) {
    const counter = poolCodeCounter(code.name);
    if (counter !== undefined) {
      const at = Date.parse(code.createdAt);
      if (counter !== ourCounterId && Number.isFinite(at))
        counters.set(counter, Math.max(counters.get(counter) ?? -Infinity, at));
      continue;
    }
    const sale = registeredOfflineSale(code);
    if (!sale || ourTxids.has(sale.txid)) continue;
    sales.push({
      correlationID: sale.correlationID,
      txid: sale.txid,
      value: sale.value,
      createdAt: sale.createdAt,
      windowEnd: sale.windowEnd,
      state: 'OPEN',
    });
  }
  return { sales, counters };
}

export interface ValueGateOptions {
  now: number;
  /** A sale made this long before a counter's newest code may still be unregistered by then (clocks, a request in flight). */
  marginMs: number;
  /** After this long without a new code, a counter cannot be selling offline any more (its caps refuse). */
  silentAfterMs: number;
  /** A Pix that still cannot be matched this long after it came goes to a person. */
  maxWaitMs: number;
}

/** Whether a Pix without txid that came at `atMs` may be matched by its value now. */
export function valueGate(
  counters: ReadonlyMap<string, number>,
  options: ValueGateOptions,
): (atMs: number) => ValueVerdict {
  return (atMs) => {
    for (const newest of counters.values()) {
      const covered = atMs < newest - options.marginMs;
      const silent = atMs > newest + options.silentAfterMs;
      if (!covered && !silent) return options.now - atMs > options.maxWaitMs ? 'no' : 'wait';
    }
    return 'yes';
  };
}
