// What tests and the bench ask of the sync besides what the counter does: when its queue is
// empty, and one reconciliation pass on demand. Never part of the counter's own path; the
// composition root hands it out beside the facade (counter-sync-root.ts).
import type { CommandOutbox } from './commands/command-outbox';
import type { CommandSender } from './commands/command-sender';
import type { CurrentService } from './remote/current-service';
import type { OfflineSelling } from './offline/offline-selling';

export interface SyncProbe {
  /** Resolves once the outbox of the current service is empty and nothing is in flight. */
  drained(timeoutMs?: number): Promise<void>;
  /** One reconciliation pass of the offline sales now (it also runs by itself while online). */
  reconcileOffline(): Promise<void>;
}

export function syncProbe(parts: {
  service: CurrentService;
  outbox: CommandOutbox;
  sender: CommandSender;
  offlineSelling: OfflineSelling;
}): SyncProbe {
  const queued = () => {
    const serviceId = parts.service.id;
    return serviceId === undefined ? 0 : parts.outbox.queued(serviceId);
  };
  return {
    async drained(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (queued() > 0) {
        if (Date.now() > deadline) throw new Error(`queue not drained: ${queued()} commands left`);
        parts.sender.kick();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await parts.sender.idle();
    },
    reconcileOffline() {
      return parts.offlineSelling.reconcile();
    },
  };
}
