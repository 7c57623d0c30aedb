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

/** Errors cross the bridge as Error(message); anything else is shown as text. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Erro inesperado';
}
