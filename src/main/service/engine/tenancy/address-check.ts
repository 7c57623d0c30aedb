import { unauthorized } from '../errors';
import type { Tenant } from './tenancy-rows';

/**
 * Refuses a caller whose application carries an IP allowlist that does not hold the request's
 * address: 401, as the real service answers "the IP is not allowed" (remote-api-notes row 11c).
 * A request with no address (the counter calling the engine in process) is refused too: an
 * allowlist says where the application may be used from, and "nowhere known" is not on it.
 * The address is the TCP peer's (Fastify without trustProxy): a client cannot pick it with a
 * header such as X-Forwarded-For.
 */
export function assertAddressAllowed(tenant: Tenant, clientIp: string | undefined): void {
  const allowlist = tenant.allowedAddresses;
  if (!allowlist || allowlist.allows(clientIp)) return;
  throw unauthorized(
    clientIp === undefined
      ? 'This application only accepts requests from its allowed IP addresses, and this request has no address'
      : `IP address ${clientIp} is not allowed for this application`,
  );
}
