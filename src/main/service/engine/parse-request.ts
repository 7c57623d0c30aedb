import type { ServiceRequest } from '#shared/service/service-api';
import type { AnyOperation, ParsedRequest, RequestSchemas } from './operation';
import { objectBody, parseInput } from './validation';

/**
 * Checks a request against its operation's declared schemas, path first, then query, then body,
 * and gives the handler the parsed parts. A part the operation does not declare is not passed on.
 */
export function parseRequest(declaration: AnyOperation, request: ServiceRequest): ParsedRequest<RequestSchemas> {
  const { params, query, body } = declaration.request;
  return {
    params: params ? parseInput(params, { ...request.params }, 'path') : undefined,
    query: query ? parseInput(query, presentQueryValues(request.query), 'query') : undefined,
    body: body ? parseInput(body, objectBody(request.body)) : undefined,
  };
}

/**
 * The query without its empty values: `key=` means the key is absent, for every parameter of every
 * operation. Clients write an unset field that way: the PHP SDK's webhooks()->list() always sends
 * `?url=&skip=0&limit=30` (PHP's http_build_query keeps an empty string), as HTML forms and
 * Python's urlencode do. No parameter here gives "" a meaning of its own (no record has an empty
 * id, url or status to filter by), so "" as "no filter" loses nothing, where "" as a filter value
 * matched nothing and "" as a bad value refused a call the real service answers. Decided here,
 * once, rather than in each schema, so a new filter cannot forget it; and in the engine rather
 * than in the HTTP adapter, so every transport answers the same.
 */
function presentQueryValues(query: ServiceRequest['query']): Record<string, unknown> {
  const present: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query ?? {})) if (value !== '') present[key] = value;
  return present;
}
