// BALCAO_OFFLINE_TIMING: the offline windows and margins of a counter started as a process (the
// browser host), for end-to-end tests and demos that cannot wait a quarter of an hour for a code's
// window to close. JSON, every field optional, in milliseconds:
//   {"windowMs":8000,"graceMs":500,"clockSkewMs":500,"settleDelayMs":500,"livenessMs":2000,"valueWaitMs":60000,"reconcileIntervalMs":500}
// Unset in production: the window is the sale's lifetime, and the margins are the defaults of
// sync/offline-reconciler.ts. A malformed value stops the start with the reason (never ignored).
import { z } from 'zod';
import type { CounterSyncOptions } from '../composition-root';

const ms = z
  .number()
  .int()
  .min(0)
  .max(24 * 60 * 60 * 1000);
const timingSchema = z
  .object({
    windowMs: ms.min(1),
    graceMs: ms,
    clockSkewMs: ms,
    settleDelayMs: ms,
    livenessMs: ms.min(100),
    valueWaitMs: ms,
    requestMarginMs: ms,
    watchPassMs: ms,
    reconcileIntervalMs: ms.min(10),
  })
  .partial()
  .strict();

export function offlineTimingFromEnv(
  env: NodeJS.ProcessEnv,
): Pick<CounterSyncOptions, 'offlineTiming' | 'reconcileIntervalMs'> {
  const text = env.BALCAO_OFFLINE_TIMING?.trim();
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`BALCAO_OFFLINE_TIMING must be JSON, got ${text}`);
  }
  const result = timingSchema.safeParse(parsed);
  if (!result.success)
    throw new Error(
      `BALCAO_OFFLINE_TIMING: ${result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`,
    );
  const { reconcileIntervalMs, ...timing } = result.data;
  return { offlineTiming: timing, ...(reconcileIntervalMs !== undefined ? { reconcileIntervalMs } : {}) };
}
