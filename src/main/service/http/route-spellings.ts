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
