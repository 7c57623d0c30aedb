import { badRequest } from '../errors';

/** What an application holds: a chosen list, or (legacy, no list given) every scope. */
export type GrantedScopes = { everyScope: false; scopes: string[] } | { everyScope: true; scopes: readonly string[] };

/**
 * The scopes a new application gets from the `scopes` of its request. Without a list the
 * application is a legacy one, as on the real service: it holds every scope, those declared
 * later included, unless its company has APPLICATION_SCOPES_REQUIRED ("Scopes are required").
 * An empty list would make an application that can call nothing, so it is refused too; a
 * scope no operation declares is refused by name, as the real service does
 * ("Invalid scopes: INVALID_SCOPE").
 */
export function grantedScopes(
  requested: readonly string[] | undefined,
  known: readonly string[],
  scopesRequired: boolean,
): GrantedScopes {
  if (requested === undefined) {
    if (scopesRequired) throw badRequest('Scopes are required');
    return { everyScope: true, scopes: known };
  }
  if (requested.length === 0)
    throw badRequest(scopesRequired ? 'Scopes are required' : 'application.scopes must list at least one scope');
  const knownSet = new Set(known);
  const unknown = requested.filter((scope) => !knownSet.has(scope));
  if (unknown.length > 0) throw badRequest(`Invalid scopes: ${unknown.join(', ')}`);
  return { everyScope: false, scopes: [...new Set(requested)] };
}

/** Same set of scopes, in any order. */
export function sameScopes(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((scope) => right.has(scope));
}
