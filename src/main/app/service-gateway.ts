// How the counter reaches the Pix service: in-process (the embedded sandbox's engine) or over
// HTTP (a remote sandbox or production). Handlers only see `ServiceGateway`, so switching mode
// swaps one object and nothing else.
import {
  operations,
  type OperationName,
  type ResponseOf,
  type ServiceRequest,
} from '../../shared/service-api';
import type { Engine } from '../engine/engine';
import { ServiceError } from '../engine/errors';

export interface ServiceGateway {
  /** Runs one operation; throws GatewayError for any answer that is not a success. */
  call<Op extends OperationName>(op: Op, request?: ServiceRequest): Promise<ResponseOf<Op>>;
}

/** A non-2xx answer, or no answer at all (`offline`, status 0): the sync issue queues those. */
export class GatewayError extends Error {
  readonly offline: boolean;

  constructor(
    readonly status: number,
    message: string,
    options: { offline?: boolean; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'GatewayError';
    this.offline = options.offline ?? false;
  }
}

/** The embedded sandbox: the engine called directly with the sandbox company's AppID. */
export class EmbeddedGateway implements ServiceGateway {
  constructor(
    private readonly engine: Engine,
    private readonly appId: string,
  ) {}

  async call<Op extends OperationName>(op: Op, request: ServiceRequest = {}): Promise<ResponseOf<Op>> {
    try {
      return await this.engine.call(this.appId, op, request);
    } catch (error) {
      if (error instanceof ServiceError) throw new GatewayError(error.status, error.message);
      throw error;
    }
  }
}

export interface RemoteGatewayOptions {
  baseUrl: string;
  appId: string;
  timeoutMs?: number;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** A service reached over HTTP, addressed by the same operation table the engine implements. */
export class RemoteGateway implements ServiceGateway {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: RemoteGatewayOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? fetch;
  }

  async call<Op extends OperationName>(op: Op, request: ServiceRequest = {}): Promise<ResponseOf<Op>> {
    const spec = operations[op];
    const url = this.baseUrl + operationPath(spec.paths[0], request.params ?? {}) + queryString(request.query);
    const headers: Record<string, string> = { Authorization: this.options.appId, Accept: 'application/json' };
    let body: string | undefined;
    if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        method: spec.method,
        headers,
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (error) {
      // DNS failure, refused connection, timeout: nothing reached the service (or we cannot know).
      throw new GatewayError(0, 'Serviço Pix inacessível (sem conexão)', { offline: true, cause: error });
    }
    if (!response.ok) throw new GatewayError(response.status, await errorMessageOf(response));
    try {
      if ('contentType' in spec) return new Uint8Array(await response.arrayBuffer()) as ResponseOf<Op>;
      return (await response.json()) as ResponseOf<Op>;
    } catch (error) {
      // The connection dropped mid-body (or the body is not what the contract says).
      throw new GatewayError(0, 'Resposta incompleta do serviço Pix', { offline: true, cause: error });
    }
  }
}

/** `/api/v1/charge/:id/refund` with its parameters filled in, each one URL-encoded. */
export function operationPath(template: string, params: Record<string, string>): string {
  return template.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });
}

function queryString(query: ServiceRequest['query']): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function errorMessageOf(response: Response): Promise<string> {
  const fallback = `O serviço Pix respondeu ${response.status}`;
  try {
    const body = (await response.json()) as unknown;
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') return body.error;
    return fallback;
  } catch {
    return fallback;
  }
}
