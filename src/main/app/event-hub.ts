// Fan-out of PosEvents to whoever listens (Electron windows, browser-host SSE streams).
import type { PosEvent } from '../../shared/pos-api';

export type PosEventListener = (event: PosEvent) => void;

export interface PosEvents {
  /** Returns the unsubscribe. */
  subscribe(listener: PosEventListener): () => void;
}

export class EventHub implements PosEvents {
  private readonly listeners = new Set<PosEventListener>();

  subscribe(listener: PosEventListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(event: PosEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        // One broken window or stream must not keep the others from hearing about a payment.
        console.error('[pos] event listener failed', error);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
