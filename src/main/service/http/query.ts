import { badRequest } from '../engine/errors';

/**
 * Operations take one value per query key; a repeated key is ambiguous (which `status`?),
 * so it is refused rather than silently picking one.
 */
export function singleValuedQuery(query: unknown): Record<string, string | undefined> {
  const result: Record<string, string | undefined> = {};
  if (!query || typeof query !== 'object') return result;
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (Array.isArray(value)) throw badRequest(`query parameter ${key} was given more than once`);
    result[key] = typeof value === 'string' ? value : undefined;
  }
  return result;
}
