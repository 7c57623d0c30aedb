// Polling with a deadline, for states another process reaches in its own time (a queue that
// drains, a payment the counter's puller has yet to see).
import { inspect } from 'node:util';

export class WaitTimeout extends Error {
  override name = 'WaitTimeout';
}

/**
 * Calls `probe` every `intervalMs` until it returns something other than undefined, and gives
 * that back. A probe that throws is retried too (the other process may be restarting); after
 * `timeoutMs` it throws WaitTimeout naming `what` and the last error.
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const intervalMs = options.intervalMs ?? 100;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const detail =
        lastError === undefined
          ? ''
          : `; last error: ${lastError instanceof Error ? lastError.message : inspect(lastError)}`;
      throw new WaitTimeout(`${what}: not reached in ${timeoutMs} ms${detail}`);
    }
    await sleep(intervalMs);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * For in-process state that a probe reads synchronously or nearly: polls every 20 ms until the
 * probe gives something other than undefined or false, and throws naming `what` after `timeoutMs`.
 * A probe that throws fails at once (unlike waitFor, which retries through another process's restarts).
 */
export async function until<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeoutMs = 8_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}
