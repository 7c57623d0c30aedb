// The transport side of the service API, the same for every caller: a request's parts and an
// answer. The operations themselves (route, scope, schemas, handler) are declared once in the
// engine's resource modules and gathered in src/main/service/engine/operations.ts.

export interface ServiceRequest {
  params?: Record<string, string>;
  query?: Record<string, string | undefined>;
  body?: unknown;
  /**
   * The caller's IP address, as the transport saw it (HTTP: the TCP peer). Checked against the
   * application's IP allowlist; in-process callers have none.
   */
  clientIp?: string;
}

/** What any transport gives back: a JSON body, or bytes for binary operations. */
export type ServiceReply =
  { status: number; body: unknown } | { status: number; bytes: Uint8Array; contentType: string };

export interface ErrorBody {
  error: string;
}
