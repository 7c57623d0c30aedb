// A counter's sync as the sync tests drive it: the facade the counter uses, and beside it the
// probe tests wait on (when the queue is empty, a reconciliation pass now), both from the one
// composition root the runtime uses (src/main/counter/composition-root.ts).
import type { CounterSync } from '#counter/sync/counter-sync';
import { composeCounter, type CounterSyncOptions } from '#counter/composition-root';
import type { SyncProbe } from '#counter/sync/sync-probe';

export type TestCounter = CounterSync & { readonly probe: SyncProbe };

export function openCounterSync(options: CounterSyncOptions): TestCounter {
  const { sync, probe } = composeCounter(options);
  return Object.assign(sync, { probe });
}
