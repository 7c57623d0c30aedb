// BALCAO_CLOCK_OFFSET_MS: the counter's clock (engine, sync, history's "today") moved by a whole
// number of milliseconds from the machine's, for end-to-end tests and demos of another day: sell,
// stop the browser host, start it again with a day's offset on the same data, and "yesterday" is
// real. Unset (or 0) in production. A malformed value stops the start with the reason (never
// ignored): a counter quietly on the wrong day would file sales under it.
import { systemClock, type Clock } from '#lib/clock';

/** A year either way: enough for any demo, far from Date's limits. */
const MAX_OFFSET_MS = 366 * 24 * 60 * 60 * 1000;

export function clockFromEnv(env: NodeJS.ProcessEnv): Clock {
  const text = env.BALCAO_CLOCK_OFFSET_MS?.trim();
  if (!text) return systemClock;
  if (!/^-?\d+$/.test(text))
    throw new Error(`BALCAO_CLOCK_OFFSET_MS must be a whole number of milliseconds, got ${text}`);
  const offset = Number(text);
  if (!Number.isSafeInteger(offset) || Math.abs(offset) > MAX_OFFSET_MS) {
    throw new Error(`BALCAO_CLOCK_OFFSET_MS must be within ±${MAX_OFFSET_MS} (a year), got ${text}`);
  }
  if (offset === 0) return systemClock;
  return { now: () => new Date(Date.now() + offset) };
}
