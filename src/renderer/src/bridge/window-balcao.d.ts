// Electron's preload exposes the PosApi as `window.balcao`; in a plain browser it is absent.
import type { PosApi } from '../../../shared/pos-api';

declare global {
  interface Window {
    balcao?: PosApi;
  }
}

export {};
