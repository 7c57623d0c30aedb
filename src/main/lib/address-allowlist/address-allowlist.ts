// The IP allowlist an application may carry: single addresses and CIDR blocks, IPv4 and IPv6.
//
// Why node:net's BlockList: it is Node's own, maintained matcher and it treats an IPv4-mapped
// IPv6 address ("::ffff:127.0.0.1", what a dual-stack listener reports for an IPv4 client) as
// the IPv4 address it carries, in both directions; hand-written CIDR arithmetic gets exactly that
// wrong. Only the matcher and isIP are used: no socket is ever opened here. This is a pure library
// outside src/main/service/engine because the engine's layering rule keeps node:net (sockets) out of it.
import { BlockList, isIP } from 'node:net';

/** At most this many entries per application: an allowlist is a handful of egress addresses. */
export const MAX_ALLOWED_ADDRESSES = 50;

type Family = 'ipv4' | 'ipv6';

interface AllowedEntry {
  address: string;
  /** Null for a single address. */
  prefix: number | null;
  family: Family;
}

/**
 * Parses one entry ("203.0.113.7", "10.0.0.0/8", "2001:db8::/32") and returns its canonical text
 * (the address as written, lower-cased, with its prefix), or null when it is neither an address
 * nor a CIDR block with a prefix length the family allows.
 */
export function canonicalAllowedAddress(entry: string): string | null {
  const parsed = parseEntry(entry);
  if (!parsed) return null;
  return parsed.prefix === null ? parsed.address : `${parsed.address}/${parsed.prefix}`;
}

function parseEntry(entry: string): AllowedEntry | null {
  const text = entry.trim().toLowerCase();
  const slash = text.indexOf('/');
  const address = slash === -1 ? text : text.slice(0, slash);
  const version = isIP(address);
  if (version === 0) return null;
  const family: Family = version === 4 ? 'ipv4' : 'ipv6';
  if (slash === -1) return { address, prefix: null, family };
  const prefixText = text.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  if (prefix > (family === 'ipv4' ? 32 : 128)) return null;
  return { address, prefix, family };
}

/** A compiled allowlist: answers whether a caller's address is on it. */
export interface AddressAllowlist {
  /** The canonical entries, as stored. */
  readonly entries: readonly string[];
  /** False for an address that is not on the list, and for a missing or malformed address. */
  allows(address: string | undefined): boolean;
}

/** Compiles canonical entries (see canonicalAllowedAddress); a malformed entry throws. */
export function compileAllowlist(entries: readonly string[]): AddressAllowlist {
  const list = new BlockList();
  for (const entry of entries) {
    const parsed = parseEntry(entry);
    if (!parsed) throw new Error(`not an IP address or CIDR block: ${entry}`);
    if (parsed.prefix === null) list.addAddress(parsed.address, parsed.family);
    else list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return {
    entries: [...entries],
    allows(address) {
      if (address === undefined) return false;
      const version = isIP(address);
      if (version === 0) return false;
      return list.check(address, version === 4 ? 'ipv4' : 'ipv6');
    },
  };
}
