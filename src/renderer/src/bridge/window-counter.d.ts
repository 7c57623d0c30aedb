// Electron's preload exposes the PosApi as `window.balcao`; in a plain browser it is absent.
import type { PosApi } from '#shared/counter-api';

declare global {
  interface Window {
    balcao?: PosApi;
    /** How many paid chimes this page played (features/sale/payment-chime.ts): the e2e tests count sounds. */
    __balcaoChimes?: number;
  }
}

export {};
