/**
 * The one error type operations throw. It carries the HTTP status the spec assigns, so every
 * transport (HTTP, IPC, in-process tests) answers `{ error }` with the same status.
 */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export const badRequest = (message: string) => new ServiceError(400, message);
export const unauthorized = (message = 'appID inválido') => new ServiceError(401, message);
export const forbidden = (message: string) => new ServiceError(403, message);
export const notFound = (message: string) => new ServiceError(404, message);
export const unprocessable = (message: string) => new ServiceError(422, message);
