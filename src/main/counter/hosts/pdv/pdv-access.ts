// Who may reach the PDV API, checked before any route runs:
// - the Host header names the API's own address (a page elsewhere whose name resolves to this
//   machine is refused, as the browser host refuses it: DNS rebinding);
// - the caller is this machine, or, once the owner opened the API to the shop's network, one of
//   the addresses the owner listed;
// - it carries a live integration's token (Authorization: Bearer …);
// - an address that keeps sending wrong tokens is held off for a while (RATE_LIMITED), so a token
//   cannot be guessed by trying.
// Each refusal is logged with the caller's address, and does nothing else.
import { isIP } from 'node:net';
import type { Integration, IntegrationTokens } from '../../integration/integration-tokens';

/** Wrong tokens an address may send in a window before it is held off, and for how long. */
export const BAD_TOKENS_ALLOWED = 10;
export const BAD_TOKEN_WINDOW_MS = 60_000;

export type AccessVerdict =
  /** `integration`: null for what needs no token (the API's own document). */
  | { ok: true; integration: Integration | null }
  | {
      ok: false;
      status: number;
      code: 'TOKEN_REFUSED' | 'ORIGIN_REFUSED' | 'RATE_LIMITED';
      message: string;
      seconds?: number;
    };

/** "::ffff:127.0.0.1" is 127.0.0.1 arriving over an IPv6 socket. */
export function plainAddress(address: string | undefined): string {
  const bare = address ?? '';
  return bare.startsWith('::ffff:') && isIP(bare.slice(7)) === 4 ? bare.slice(7) : bare;
}

export function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.');
}

export class PdvAccess {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly options: {
      tokens: IntegrationTokens;
      /** The Host values the API answers to (host:port). */
      hosts: () => readonly string[];
      /** Addresses beyond this machine allowed to call (empty unless the owner opened it to the network). */
      allowFrom: () => readonly string[];
      now?: () => number;
      log?: (line: string) => void;
    },
  ) {}

  /** Whether the request may go on; who it is when it may. */
  check(request: { host?: string; remoteAddress?: string; authorization?: string }, needsToken = true): AccessVerdict {
    const from = plainAddress(request.remoteAddress);
    const host = (request.host ?? '').toLowerCase();
    if (!this.options.hosts().includes(host))
      return this.refuse(from, 421, 'ORIGIN_REFUSED', `Host não permitido: ${host}`);
    if (!isLoopback(from) && !this.options.allowFrom().includes(from))
      return this.refuse(from, 403, 'ORIGIN_REFUSED', `Endereço não permitido: ${from}`);
    const heldFor = this.heldOff(from);
    if (heldFor > 0)
      return { ok: false, status: 429, code: 'RATE_LIMITED', message: 'Tentativas demais', seconds: heldFor };
    if (!needsToken) return { ok: true, integration: null };
    const token = /^Bearer (\S+)$/.exec(request.authorization ?? '')?.[1];
    const integration = token ? this.options.tokens.verify(token) : null;
    if (integration) return { ok: true, integration };
    this.noteFailure(from);
    return this.refuse(
      from,
      401,
      'TOKEN_REFUSED',
      token ? 'Token recusado' : 'Falta o token (Authorization: Bearer …)',
    );
  }

  private refuse(
    from: string,
    status: number,
    code: 'TOKEN_REFUSED' | 'ORIGIN_REFUSED',
    message: string,
  ): AccessVerdict {
    (this.options.log ?? console.warn)(`[pdv] refused ${from || '?'}: ${code} ${message}`);
    return { ok: false, status, code, message };
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private recent(from: string): number[] {
    const since = this.now() - BAD_TOKEN_WINDOW_MS;
    const kept = (this.failures.get(from) ?? []).filter((at) => at > since);
    if (kept.length === 0) this.failures.delete(from);
    else this.failures.set(from, kept);
    return kept;
  }

  private noteFailure(from: string): void {
    this.failures.set(from, [...this.recent(from), this.now()]);
  }

  /** Seconds until the address is heard again (0: now). */
  private heldOff(from: string): number {
    const recent = this.recent(from);
    if (recent.length < BAD_TOKENS_ALLOWED) return 0;
    return Math.max(
      1,
      Math.ceil((recent[recent.length - BAD_TOKENS_ALLOWED]! + BAD_TOKEN_WINDOW_MS - this.now()) / 1000),
    );
  }
}
