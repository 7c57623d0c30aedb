import { z } from 'zod';
import type { OperationContext } from './context';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Whether an operation changes anything. Declared, never guessed from the HTTP method: a Pix
 * key check is a GET that spends a token, so it must go through the single writer.
 */
export type Access = 'read' | 'write';

/**
 * Error statuses an operation declares beyond the derived 400, 401 and 403. 400 only for an
 * operation that reads no input and still refuses with it, for the state it finds (the invoice
 * integration's test: "Configured integration cannot issue test invoices anymore").
 */
export type ExtraErrorStatus = 400 | 403 | 404 | 409 | 422 | 429;

/**
 * Company features that gate operations (service-spec.md, "What the service does"). PARTNER is
 * ours: the real service enables partner access on request ("partner (request access)"); here a
 * company is a partner when it has this feature, and partner operations answer others 403.
 */
export type Feature =
  | 'BANK_ACCOUNT'
  | 'MED_API'
  | 'APPLICATION_SCOPES_REQUIRED'
  | 'BAAS'
  | 'KYC_ONBOARDING'
  | 'PARTNER'
  /** Stablecoin subaccounts (the published document: "the company `STABLECOIN` feature"). */
  | 'STABLECOIN'
  /** Invoices and their integration (the published document's 403: "You need feature Invoice"). */
  | 'INVOICE';

/** The parts of a request an operation reads, each checked by its own schema before the handler runs. */
export interface RequestSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}

type Part<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler receives: every declared part already parsed; undeclared parts are absent. */
export interface ParsedRequest<R extends RequestSchemas> {
  params: Part<R['params']>;
  query: Part<R['query']>;
  body: Part<R['body']>;
}

/**
 * One operation of the service, declared once in its resource's module: its route, the scope
 * and feature it needs, whether it writes, its request and response schemas, and its handler.
 * The operation table, the scope list, the response types and the HTTP routes are derived from
 * these declarations (operations.ts).
 */
export interface Operation<
  Scope extends string | null = string | null,
  R extends RequestSchemas = RequestSchemas,
  S extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Path templates with `:name` parameters (`:name.png` for the image route); the first is the canonical one. */
  paths: readonly [string, ...string[]];
  /** `null`: any valid AppID may call it (the sandbox's payment simulators). */
  scope: Scope;
  /** The company feature it needs; a list when it needs several (KYC onboarding: BAAS and KYC_ONBOARDING). */
  feature?: Feature | readonly Feature[];
  /**
   * 'none': anyone may call it, with or without an AppID (GET /api/v1/webhook/public-keys: a
   * receiver verifies signatures where it has no AppID). Such a handler has no tenant.
   * 'optional': with an AppID it is checked as usual (401, scope, feature) and the handler has its
   * tenant; without one the handler runs with none (`ctx.anonymous`) and must answer only what
   * an unguessable id it is given names (the QR image of a charge's `qrCodeImage`, which a
   * shopper's browser loads with no headers).
   */
  auth?: 'none' | 'optional';
  /** A Cache-Control header for its success answers (the webhook public keys: an hour). */
  cacheControl?: string;
  access: Access;
  /** The success status. */
  status: number;
  /**
   * A second success status, for operations that answer 201 when they create and 200 when the
   * record already existed (KYC onboarding, cashback, partner pre-registrations). The handler
   * picks it with `answerWith(status, body)`.
   */
  alternateStatus?: number;
  /**
   * Error statuses beyond the ones every operation derives (400 for input it reads, 401 without a
   * valid AppID, 403 when it needs a scope or feature): a 403 refused by the handler itself, a
   * 404 for an unknown record where the spec documents one, 409, 422 for a refused state change,
   * 429. Published in the OpenAPI document; the spec coverage test provokes each one the spec
   * lists.
   */
  errors?: readonly ExtraErrorStatus[];
  /** Binary operations answer with bytes of this content type instead of JSON (an invoice's XML too). */
  contentType?: 'image/png' | 'application/pdf' | 'application/xml';
  /** A Content-Disposition header for its success answers (an invoice's PDF and XML, as the OpenAPI file shows). */
  contentDisposition?: string;
  /** One line for the published API description. */
  summary: string;
  request: R;
  response: S;
  handler(ctx: OperationContext, input: ParsedRequest<R>): z.input<S> | Promise<z.input<S>>;
}

/** Declares an operation; the identity function exists so TypeScript infers the literal scope and the schemas. */
export function operation<const Scope extends string | null, R extends RequestSchemas, S extends z.ZodType>(
  declaration: Operation<Scope, R, S>,
): Operation<Scope, R, S> {
  return declaration;
}

/** Any operation, for code that treats them alike (the engine, the HTTP layer). */
export type AnyOperation = Operation<string | null, RequestSchemas, z.ZodType>;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** The merged table of several resource modules' declarations. */
export type MergedOperations<M extends readonly Record<string, AnyOperation>[]> = UnionToIntersection<M[number]>;

/**
 * Merges the resource modules' declarations into one table. A name declared twice, or two
 * operations on one method and path, is an error at startup: either would silently shadow one
 * of them.
 */
export function declareOperations<const M extends readonly Record<string, AnyOperation>[]>(
  ...modules: M
): MergedOperations<M> {
  const table: Record<string, AnyOperation> = {};
  const routes = new Map<string, string>();
  for (const module of modules) {
    for (const [name, declaration] of Object.entries(module)) {
      if (name in table) throw new Error(`Operation ${name} is declared twice`);
      for (const path of declaration.paths) {
        const route = `${declaration.method} ${path}`;
        const taken = routes.get(route);
        if (taken) throw new Error(`Operations ${taken} and ${name} both declare ${route}`);
        routes.set(route, name);
      }
      table[name] = declaration;
    }
  }
  return table as MergedOperations<M>;
}

/** The response of a binary operation (PNG, PDF): bytes, not JSON. */
export const bytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, { error: 'expected bytes' });

const chosenStatuses = new WeakMap<object, number>();

/**
 * Answers `body` with `status` instead of the declared one: the declared `alternateStatus` (200
 * for a record that already existed where 201 means created). The body itself is returned, so
 * the handler's type is unchanged; the engine reads the choice back with `chosenStatus`.
 */
export function answerWith<T extends object>(status: number, body: T): T {
  chosenStatuses.set(body, status);
  return body;
}

/** The status a handler chose with `answerWith`, if it did. */
export function chosenStatus(body: unknown): number | undefined {
  return typeof body === 'object' && body !== null ? chosenStatuses.get(body) : undefined;
}
