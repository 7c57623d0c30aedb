// What a client observed of one HTTP exchange, reduced to what the fault tests assert on: an
// answer (with its status, headers and body, or the body's failure), a network error (with the
// system's code), or its own timeout.

export type ClientOutcome =
  | { kind: 'answer'; status: number; headers: Headers; body: string }
  | { kind: 'answer-then-body-failed'; status: number; headers: Headers; error: string }
  | { kind: 'network-error'; code: string; message: string }
  | { kind: 'timeout'; afterMs: number };

/** Runs `request` (a fetch) and reads the whole body, classifying whatever happens. */
export async function observe(request: () => Promise<Response>): Promise<ClientOutcome> {
  const started = Date.now();
  let response: Response;
  try {
    response = await request();
  } catch (error) {
    return failure(error, started);
  }
  try {
    return { kind: 'answer', status: response.status, headers: response.headers, body: await response.text() };
  } catch (error) {
    const classified = failure(error, started);
    if (classified.kind === 'timeout') return classified;
    return {
      kind: 'answer-then-body-failed',
      status: response.status,
      headers: response.headers,
      error: `${classified.kind === 'network-error' ? classified.code : ''} ${String(error)}`,
    };
  }
}

function failure(error: unknown, started: number): ClientOutcome {
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return { kind: 'timeout', afterMs: Date.now() - started };
  }
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return {
    kind: 'network-error',
    code: cause?.code ?? (error as { code?: string }).code ?? 'UNKNOWN',
    message: `${String(error)}${cause?.message ? ` (${cause.message})` : ''}`,
  };
}
