// DNS rebinding: a page on evil.example whose name is made to resolve to 127.0.0.1 reaches this
// host from the cashier's own browser, with the browser's Host header still saying evil.example.
// Every request (bridge, renderer, the sandbox API) must name the host's own address, so such a
// page is refused before any token, origin or AppID check sees it.
import type { FastifyInstance } from 'fastify';

/** The `host:port` values the host's own page and local tools send. */
export function ownHostNames(origin: string): string[] {
  const { port } = new URL(origin);
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

export function registerHostCheck(app: FastifyInstance, allowedHosts: () => readonly string[]): void {
  app.addHook('onRequest', async (request, reply) => {
    const host = (request.headers.host ?? '').toLowerCase();
    if (allowedHosts().includes(host)) return;
    // 421 Misdirected Request: this server does not answer for that name.
    return reply.code(421).type('application/json; charset=utf-8').send({ error: 'Host não permitido', status: 421 });
  });
}
