// The one error the counter's handlers throw. Both adapters (Electron IPC, the browser bridge)
// turn it into `{ error, status }`; anything else is an internal failure and is not shown raw.
import type { PosErrorBody } from '../../shared/pos-api';

export class PosError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = 'PosError';
  }
}

export const INTERNAL_ERROR_MESSAGE = 'Erro interno';

/** What crosses the boundary for a failure: the PosError's own words, or a generic 500. */
export function errorBodyOf(error: unknown): PosErrorBody & { status: number } {
  if (error instanceof PosError) return { error: error.message, status: error.status };
  return { error: INTERNAL_ERROR_MESSAGE, status: 500 };
}
