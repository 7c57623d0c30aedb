/**
 * The one error type operations throw. It carries the HTTP status the spec assigns, so every
 * transport (HTTP, IPC, in-process tests) answers `{ error }` with the same status.
 */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** A machine-readable code sent beside the message (`{error, errorCode}`), where the API has one. */
    readonly errorCode?: string,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/**
 * A refusal that keeps what the operation wrote before it: metering, where the attempt itself is
 * what costs (a Pix key check that finds no key spends its tokens and logs the miss, and still
 * answers 404). The single writer releases the job's savepoint instead of rolling it back, and the
 * engine announces its events; anything the handler wrote inside a nested transaction that threw
 * was rolled back by that transaction as usual.
 */
export class CommittedRefusal extends ServiceError {}

export const badRequest = (message: string) => new ServiceError(400, message);
export const unauthorized = (message = 'appID inválido') => new ServiceError(401, message);
export const forbidden = (message: string) => new ServiceError(403, message);
/**
 * Receipts only, where a 404 is documented (the OpenAPI file's "404: The specified EndToEndId was
 * not found"; the spec's error table has no receipt row), and the sandbox's payment simulators,
 * which neither file describes. An unknown id anywhere else is `unknownRecord`.
 */
export const notFound = (message: string) => new ServiceError(404, message);
/**
 * A path id that names no record of the caller's company: unknown, deleted, or another
 * company's (tenancy: the two must answer alike). The spec's error tables (service-spec.md,
 * "Errors") give these operations no 404: "Charge delete, edit, get, list, create | 200, 400",
 * "Charge refunds list and create | 200, 400", "Customer get, list, create, update | 200, 400",
 * "QR image (png) | 400", "QR image (base64) | 200, 400, 500"; and the OpenAPI file documents
 * only 200 and 400 `{error}` for get refund, get/delete static QR code and get transaction. So
 * the answer is 400 `{ error: "Charge not found" }` and the like, as the real service gives it.
 */
export const unknownRecord = (message: string) => new ServiceError(400, message);
export const unprocessable = (message: string) => new ServiceError(422, message);
