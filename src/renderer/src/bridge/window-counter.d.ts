// Electron's preload exposes the CounterApi as `window.counter`; in a plain browser it is absent.
import type { CounterApi } from '#shared/counter/counter-api';

declare global {
  interface Window {
    counter?: CounterApi;
    /** How many paid chimes this page played (features/sale/payment-chime.ts): the e2e tests count sounds. */
    __counterChimes?: number;
  }
}

export {};
