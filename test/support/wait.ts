// Polling with a deadline, for states another process reaches in its own time (a queue that
// drains, a payment the counter's puller has yet to see).

export class WaitTimeout extends Error {
  override name = 'WaitTimeout';
}

/**
 * Calls `probe` every `intervalMs` until it returns something other than undefined, and gives
 * that back. A probe that throws is retried too (the other process may be restarting); after
 * `timeoutMs` it throws WaitTimeout naming `what` and the last error.
 */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, options: { timeoutMs?: number; intervalMs?: number } = {}): Promise<T> {
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
      const detail = lastError === undefined ? '' : `; last error: ${lastError instanceof Error ? lastError.message : String(lastError)}`;
      throw new WaitTimeout(`${what}: not reached in ${timeoutMs} ms${detail}`);
    }
    await sleep(intervalMs);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
