import type { ServiceReply, ServiceRequest } from '#shared/service/service-api';
import type { HttpMethod } from '../engine/operation';
import { loadPublishedDocument, PublishedContract, routeKey, type DocumentedOperation } from './published-contract';
import type { TypeMismatch } from './response-shaper';
import { publishedView } from './published-views';
import { portugueseError } from './strict-errors';

/**
 * `npm run serve -- --strict`: the service as its published contract documents it, and nothing
 * more, for testing a client (the counter) that meets the real service in production.
 *
 * - Only the document's operations are served (`route`); every other operation of ours answers
 *   404 like an unknown route, but for the exceptions below.
 * - Every JSON answer is cut and typed to the documented schema of its status (PublishedContract),
 *   after the few answers the document types otherwise are given the shape its examples show
 *   (published-views.ts); a null the schema does not admit is left out (response-shaper.ts).
 * - Error texts are Portuguese (strict-errors.ts).
 * - Test knobs: `pageSize` caps every paged list, `listOrder` turns lists oldest first.
 */

export type ListOrder = 'newest-first' | 'oldest-first';

export interface StrictOptions {
  /** Test knob: every paged list answers at most this many items, whatever `limit` asks. */
  pageSize?: number;
  /** Test knob: lists oldest first instead of the service's newest first. */
  listOrder?: ListOrder;
  /** Hears of each answer value the document types otherwise (and how it was typed). */
  onMismatch?: (mismatch: TypeMismatch & { operation: string; status: number }) => void;
  /** Defaults to resources/woovi-openapi.json. */
  document?: Record<string, unknown>;
}

/**
 * Served although the document has no such path, each for its reason. Their answers pass
 * unchanged (no schema to cut them to).
 */
export const UNDOCUMENTED_BUT_SERVED: readonly { method: HttpMethod; path: string; why: string }[] = [
  {
    method: 'GET',
    path: '/openpix/testing',
    why: 'the sandbox payment simulator the real sandbox documents (?transactionID= pays a charge, ?identifier= a static QR code: developers docs pay-pix-test and pay-pix-qrcode-test, remote-api-notes.md §8.2); its answer is not documented',
  },
];

/** One operation path served in strict mode. */
export interface StrictRoute {
  /** Runs the call (more than once for an oldest-first list) and shapes its answer. */
  answer(
    call: (request: ServiceRequest) => ServiceReply | Promise<ServiceReply>,
    request: ServiceRequest,
  ): ServiceReply | Promise<ServiceReply>;
}

export interface StrictMode {
  /** The route for an operation path of ours, or null when strict mode does not serve it. */
  route(method: HttpMethod, path: string, takesLimit: boolean): StrictRoute | null;
  /** Every route served although undocumented, with why (also the extra public pages, see app.ts). */
  readonly exceptions: typeof UNDOCUMENTED_BUT_SERVED;
}

/** The largest page the service documents (and its default). */
const DOCUMENTED_MAX_LIMIT = 100;

export function createStrictMode(options: StrictOptions = {}): StrictMode {
  const contract = new PublishedContract(options.document ?? loadPublishedDocument(), options.onMismatch);
  const exceptions = new Set(UNDOCUMENTED_BUT_SERVED.map((exception) => routeKey(exception.method, exception.path)));
  return {
    exceptions: UNDOCUMENTED_BUT_SERVED,
    route(method, path, takesLimit) {
      const documented = contract.operation(method, path);
      if (!documented)
        return exceptions.has(routeKey(method, path)) ? { answer: (call, request) => call(request) } : null;
      return strictRoute(documented, options, takesLimit);
    },
  };
}

function strictRoute(documented: DocumentedOperation, options: StrictOptions, takesLimit: boolean): StrictRoute {
  const view = publishedView(documented.method, documented.path);
  const shape = (reply: ServiceReply): ServiceReply => {
    if (!('body' in reply)) return reply;
    const published = view && reply.status < 300 ? view(reply.body) : reply.body;
    const body = documented.shape(reply.status, published);
    // An error keeps its `{ error }` whatever the document's error schema names; where that schema
    // types `error` as an object, our text becomes one (its fields from the text: errorByField).
    const error = reply.status >= 400 && isRecord(reply.body) ? reply.body.error : undefined;
    const typed =
      typeof error === 'string' && documented.errorIsObject(reply.status) ? errorByField(reply.status, error) : error;
    return { status: reply.status, body: typed !== undefined && isRecord(body) ? { ...body, error: typed } : body };
  };
  const cap = takesLimit && documented.paged ? options.pageSize : undefined;
  const oldestFirst = options.listOrder === 'oldest-first';
  return {
    answer(call, request) {
      const asked = cap === undefined ? request : withCappedLimit(request, cap);
      const reply = oldestFirst && documented.method === 'GET' ? listOldestFirst(call, asked) : call(asked);
      return reply instanceof Promise ? reply.then(shape) : shape(reply);
    },
  };
}

/** `situationType: Invalid enum value` (the field path first, validation.ts describeIssues), several joined by `; `. */
const FIELD_TEXT = /^([A-Za-z_$][\w$]*(?:\.[\w$]+)*): (.+)$/s;
/** The parts describeIssues names by the request part, not by a field. */
const NOT_FIELDS = new Set(['body', 'query', 'path']);

/**
 * Our error text as the object the document types (`{ [field]: [text, …] }`, the shape of its
 * examples), each text in Portuguese (strict-errors.ts); a text that names no field goes under
 * `message`.
 */
export function errorByField(status: number, message: string): Record<string, string[]> {
  // A Map, then own properties: a field named `__proto__` stays a field.
  const fields = new Map<string, string[]>();
  for (const part of message.split('; ')) {
    const match = FIELD_TEXT.exec(part);
    const field = match && !NOT_FIELDS.has(match[1]!) ? match[1]! : 'message';
    const text = portugueseError(status, match && field !== 'message' ? match[2]! : part);
    fields.set(field, [...(fields.get(field) ?? []), text]);
  }
  return Object.fromEntries(fields);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `limit` as asked but at most `cap`; an invalid limit is left for the engine to refuse. An empty
 * `limit=` is no limit, as the engine reads it (parse-request.ts).
 */
function withCappedLimit(request: ServiceRequest, cap: number): ServiceRequest {
  const text = request.query?.limit;
  const asked = text === undefined || text === '' ? DOCUMENTED_MAX_LIMIT : /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(asked >= 1 && asked <= DOCUMENTED_MAX_LIMIT) || asked <= cap) return request;
  return { ...request, query: { ...request.query, limit: String(cap) } };
}

interface PageInfo {
  skip: number;
  limit: number;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
}

/** A paged list as the engine answers it: `pageInfo` and exactly one array of items. */
function listParts(body: unknown): { key: string; items: unknown[]; pageInfo: PageInfo } | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const record = body as Record<string, unknown>;
  const pageInfo = record.pageInfo as PageInfo | undefined;
  if (!pageInfo || typeof pageInfo.skip !== 'number' || typeof pageInfo.limit !== 'number') return null;
  const arrays = Object.entries(record).filter(([, value]) => Array.isArray(value));
  if (arrays.length !== 1) return null;
  return { key: arrays[0]![0], items: arrays[0]![1] as unknown[], pageInfo };
}

/**
 * Test knob `--list-order oldest-first`: the engine lists newest first, so the whole list (every
 * page of the same filters) is read, turned round, and the asked page cut from it. Costs a read of
 * the whole list per page: a test knob, for lists of test size. An answer that is not a paged list
 * (an error, a single record) is the first call's own.
 */
async function listOldestFirst(
  call: (request: ServiceRequest) => ServiceReply | Promise<ServiceReply>,
  request: ServiceRequest,
): Promise<ServiceReply> {
  const first = await call(request);
  const asked = first.status === 200 && 'body' in first ? listParts(first.body) : null;
  if (!asked) return first;
  const all: unknown[] = [];
  for (let skip = 0; ; skip += DOCUMENTED_MAX_LIMIT) {
    const page = await call({
      ...request,
      query: { ...request.query, skip: String(skip), limit: String(DOCUMENTED_MAX_LIMIT) },
    });
    const parts = page.status === 200 && 'body' in page ? listParts(page.body) : null;
    if (!parts) return page;
    all.push(...parts.items);
    if (!parts.pageInfo.hasNextPage) break;
  }
  all.reverse();
  const { skip, limit } = asked.pageInfo;
  const pageInfo: PageInfo = { skip, limit, hasPreviousPage: skip > 0, hasNextPage: all.length > skip + limit };
  return {
    status: first.status,
    body: {
      ...(first as { body: Record<string, unknown> }).body,
      [asked.key]: all.slice(skip, skip + limit),
      pageInfo,
    },
  };
}
