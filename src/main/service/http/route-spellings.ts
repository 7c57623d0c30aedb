/**
 * Spellings of a route that the real service answers like the route itself, so every client
 * written for it works unchanged (real-clients.md):
 *
 * - the older prefix `/api/openpix/v1/…` for `/api/v1/…` (Woovi's own example backend,
 *   woovibr/node-backend-integration, calls `POST /api/openpix/v1/charge`);
 * - a trailing slash, or none (pretix checks its credentials with `GET /api/v1/account/`).
 *
 * Declared here once: the HTTP app serves them (app.ts) and the generated OpenAPI document names
 * them once (openapi-route.ts) instead of listing every path again.
 */
export const API_PREFIX = '/api/v1';
export const LEGACY_API_PREFIX = '/api/openpix/v1';

/** The legacy prefix as a whole first segment group: `/api/openpix/v10` is not it. */
const LEGACY_PREFIX_PATTERN = /^\/api\/openpix\/v1(?=[/?#]|$)/;

/** The request's URL with the legacy prefix spelled as the current one; any other URL unchanged. */
export function withCurrentPrefix(url: string): string {
  return url.replace(LEGACY_PREFIX_PATTERN, API_PREFIX);
}

/** A route's path as the router matches it: with no trailing slash (the root stays `/`). */
export function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * The paths the app serves and the methods each answers, to tell a known path asked with another
 * method (405, with `Allow`) from an unknown path (404). Filled from Fastify's `onRoute` as routes
 * are registered, so it holds exactly what is routed (under `--strict`, only the strict routes),
 * with Fastify's own HEAD for each GET. Matched on the URL as routed: with the older prefix
 * already rewritten (`withCurrentPrefix`) and a trailing slash ignored.
 */
export class ServedPaths {
  private readonly byTemplate = new Map<string, { pattern: RegExp; methods: Set<string> }>();

  add(method: string | readonly string[], url: string): void {
    const template = withoutTrailingSlash(url);
    let entry = this.byTemplate.get(template);
    if (!entry) {
      entry = { pattern: templatePattern(template), methods: new Set() };
      this.byTemplate.set(template, entry);
    }
    for (const one of typeof method === 'string' ? [method] : method) entry.methods.add(one.toUpperCase());
  }

  /** The methods served on the path of `url` (a query ignored), sorted; empty when no route has that path. */
  methodsOf(url: string): string[] {
    const path = withoutTrailingSlash(url.split(/[?#]/, 1)[0]!);
    const methods = new Set<string>();
    for (const { pattern, methods: served } of this.byTemplate.values()) {
      if (pattern.test(path)) for (const method of served) methods.add(method);
    }
    return [...methods].sort();
  }
}

/** A route template as a regular expression: `:id` (and `:id.png`'s `:id`) is one non-empty path segment part. */
function templatePattern(template: string): RegExp {
  const source = template
    .split(/(:[A-Za-z_][A-Za-z0-9_]*)/)
    .map((part, index) => (index % 2 === 1 ? '[^/]+?' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}
