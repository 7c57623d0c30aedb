// A light question while the service has said nothing for a while: is it there? It looks every
// 2 s; it asks while the counter is offline, or once the service has said nothing for 5 looks
// (10 s): an idle counter sends about one request per 10 s (its request budget) and learns of an
// outage within about 12 s. Started and stopped with the service (CounterSync.setService).
import type { Connectivity } from './connectivity';
import type { CurrentService } from '../remote/current-service';

export const DEFAULT_HEALTH_INTERVAL_MS = 2_000;
const HEALTH_SILENCE_LOOKS = 5;

export interface HealthCheckOptions {
  service: CurrentService;
  connectivity: Connectivity;
  now: () => Date;
  intervalMs?: number;
}

export class HealthCheck {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running = false;
  private readonly intervalMs: number;

  constructor(private readonly options: HealthCheckOptions) {
    this.intervalMs = options.intervalMs ?? DEFAULT_HEALTH_INTERVAL_MS;
  }

  start(): void {
    this.stop();
    this.timer = setInterval(() => void this.check(), this.intervalMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private async check(): Promise<void> {
    const { service, connectivity } = this.options;
    const client = service.client;
    const contract = service.contract;
    if (!client || !contract || this.running) return;
    // A refusal is asked about no more often than silence is: the sender probes a refused write.
    if (connectivity.current.online && connectivity.silenceMs() < HEALTH_SILENCE_LOOKS * this.intervalMs) return;
    this.running = true;
    try {
      const at = this.options.now().toISOString();
      const outcome = await contract.call('listCharges', { query: { start: at, end: at, limit: '1' } });
      // The answer of a service left meanwhile says nothing of the current one; nor does one that
      // comes after stop() (the counter closing: the store that `observe` updates is closed).
      if (service.client === client && this.timer !== undefined) connectivity.observe(outcome);
    } finally {
      this.running = false;
    }
  }
}
