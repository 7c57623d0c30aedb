// The renderer's single handle on the main process. Set once at startup from installPosApi()
// (window.balcao under Electron, the web bridge in the browser host); stores read it here.
import type { PosApi } from '../../../shared/pos-api';

let installed: PosApi | null = null;

export function providePosApi(api: PosApi): void {
  installed = api;
}

export function posApi(): PosApi {
  if (!installed) throw new Error('PosApi not installed yet');
  return installed;
}

/**
 * Errors cross the bridge as PosError(message, status). Electron's contextBridge copies a thrown
 * Error's message only, so a preload may also reject with a plain `{ message, status }`: both read.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  if (typeof message === 'string' && message) return message;
  return 'Erro inesperado';
}
