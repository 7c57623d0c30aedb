import { isIP } from 'node:net';

// `npm run serve -- --host H`: the address the sandbox listens on. By default this machine only;
// `0.0.0.0` (or `::`) opens it to every network the machine is on, for a container or a CI
// service, and with it every AppID, payment and record of the sandbox to whoever can reach it.

/** Where the sandbox listens unless told otherwise: reachable from this machine only. */
export const DEFAULT_LISTEN_HOST = '127.0.0.1';

/** One label of a host name (RFC 1123): letters, digits and inner hyphens, 1 to 63 characters. */
const HOST_NAME_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * The `--host` value as listen() takes it: an IPv4 address, an IPv6 address (bare or in brackets,
 * as in a URL) or a host name. Anything else throws, saying what was expected.
 */
export function parseListenHost(value: string): string {
  const bracketed = /^\[(.*)\]$/.exec(value);
  if (bracketed) {
    if (isIP(bracketed[1]!) === 6) return bracketed[1]!;
  } else if (isIP(value) !== 0 || isHostName(value)) {
    return value;
  }
  return fail(value);
}

function isHostName(value: string): boolean {
  const name = value.endsWith('.') ? value.slice(0, -1) : value;
  if (name.length === 0 || name.length > 253) return false;
  const labels = name.split('.');
  // All digits at the end is an IPv4 address that isIP refused (`300.1.1.1`, `10.1`), not a name.
  return labels.every((label) => HOST_NAME_LABEL.test(label)) && !/^\d+$/.test(labels.at(-1)!);
}

function fail(value: string): never {
  throw new Error(
    `--host must be an IP address (127.0.0.1, 0.0.0.0, ::) or a host name (localhost), got ${JSON.stringify(value)}`,
  );
}

/** `http://host:port`, an IPv6 address in brackets. */
export function httpUrl(host: string, port: number): string {
  return `http://${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
}

/**
 * The host that links in answers (a charge's qrCodeImage, paymentLinkUrl) name: the one asked
 * for, except a wildcard address, which listens everywhere but is no address to reach: there
 * the machine's own loopback of the same family stands in.
 */
export function linkHost(requested: string, boundAddress: string): string {
  if (boundAddress === '0.0.0.0') return '127.0.0.1';
  if (boundAddress === '::') return '::1';
  return requested;
}

/**
 * The one line to print when listening on `host` failed for a reason of the host itself (no such
 * address on this machine, a name that does not resolve), or null for any other failure.
 */
export function hostFailureLine(host: string, error: unknown): string | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === 'EADDRNOTAVAIL') return `Cannot listen on ${host}: it is not an address of this machine (--host)`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME')
    return `Cannot listen on ${host}: the name does not resolve (--host)`;
  return null;
}
