// A remote mode that cannot reach its service yet: no base URL, or no AppID (one kept in memory
// only is gone after a restart). The counter then sells nothing and says what to set up (the
// renderer words it from the mode and what is missing).
// Falling back to the embedded sandbox instead would show customers QR codes addressed to
// 127.0.0.1 that no bank can pay, and in production that is money the shop never receives.
import type { ServiceNotConfigured } from '#shared/counter/counter-errors';
import type { CounterMode } from '#shared/counter/counter-api';

export function notConfigured(mode: CounterMode, missing: { baseUrl: boolean; appId: boolean }): ServiceNotConfigured {
  return {
    ...(mode === 'embedded' ? {} : { mode }),
    missing: [...(missing.baseUrl ? (['baseUrl'] as const) : []), ...(missing.appId ? (['appId'] as const) : [])],
  };
}
