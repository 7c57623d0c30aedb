import type { ServiceRequest } from '../../shared/service-api';
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
    query: query ? parseInput(query, { ...request.query }, 'query') : undefined,
    body: body ? parseInput(body, objectBody(request.body)) : undefined,
  } as ParsedRequest<RequestSchemas>;
}
