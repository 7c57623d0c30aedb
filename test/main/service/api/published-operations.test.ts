// Nothing published is left unserved (issue 37, "Done when"): every operation of the real
// service's published document (resources/woovi-openapi.json) is declared in the operation
// table, and a strict server (`npm run serve -- --strict`) routes it. The lists come from the
// document and the table themselves, never from a hand list, so an operation added to either is
// covered at once. A failure names every operation that falls short.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '#lib/clock';
import type { AnyOperation } from '#service/engine/operation';
import { operationTable } from '#service/engine/operations';
import { loadPublishedDocument, routeKey } from '#service/http/published-contract';
import { createSandboxService, type SandboxService } from '#service/index';
import { documentOperations } from '#test/support/openapi-arbitrary';

const published = documentOperations(loadPublishedDocument());
const declarations = Object.entries(operationTable as Record<string, AnyOperation>);

/** Every route the table declares, by routeKey (parameter names left out), with the operation's name. */
const declared = new Map<string, { name: string; declaration: AnyOperation }>();
for (const [name, declaration] of declarations) {
  for (const path of declaration.paths) declared.set(routeKey(declaration.method, path), { name, declaration });
}

/** The document's path with each parameter filled by a word, so the URL reaches a route. */
function concretePath(path: string): string {
  return path.replace(/\{[^}/]+\}|:[A-Za-z_][A-Za-z0-9_]*/g, 'x1');
}

describe('the published document, served', () => {
  it('lists the operations the issue counts', () => {
    expect(published.length).toBe(122);
  });

  it('declares every published operation in the operation table', () => {
    const missing = published
      .filter(({ method, path }) => !declared.has(routeKey(method, path)))
      .map(({ method, path }) => `${method} ${path}`);
    expect(
      missing,
      `${missing.length} published operation(s) have no declaration in operationTable:\n  ${missing.join('\n  ')}`,
    ).toEqual([]);
  });

  describe('over HTTP, under --strict', () => {
    let service: SandboxService;
    let unknownRoute: { status: number; body: string };

    beforeAll(async () => {
      service = createSandboxService({
        dbPath: ':memory:',
        clock: new ManualClock('2026-11-22T15:00:00.000Z'),
        strict: true,
        company: { features: ['BANK_ACCOUNT', 'MED_API', 'BAAS', 'KYC_ONBOARDING', 'PARTNER'] },
      });
      await service.app.ready();
      const reply = await service.app.inject({ method: 'GET', url: '/api/v1/no-such-route-anywhere' });
      unknownRoute = { status: reply.statusCode, body: reply.body };
    });
    afterAll(() => service?.close());

    it('answers an unknown route 404, the answer an unrouted operation would give', () => {
      expect(unknownRoute.status).toBe(404);
      expect(JSON.parse(unknownRoute.body)).toEqual({ error: expect.any(String) });
    });

    it('routes every published operation: without an AppID it asks for one (401), never "route not found"', async () => {
      const unrouted: string[] = [];
      const unexpected: string[] = [];
      for (const { method, path, operation } of published) {
        const reply = await service.app.inject({
          method: method as 'GET',
          url: concretePath(path),
          ...(method === 'GET' || method === 'DELETE'
            ? {}
            : { headers: { 'content-type': 'application/json' }, payload: '{}' }),
        });
        const answer = `${reply.statusCode} ${reply.body.slice(0, 120)}`;
        if (reply.statusCode === unknownRoute.status && reply.body === unknownRoute.body) {
          unrouted.push(`${method} ${path}`);
          continue;
        }
        // Our declaration says who may call it without an AppID (the webhook public keys: anyone;
        // a charge's QR image: with no AppID, by its unguessable id). Everything else is 401.
        const ours = declared.get(routeKey(method, path))?.declaration;
        const needsAppId = ours ? ours.auth === undefined : (operation.security as unknown[] | undefined)?.length !== 0;
        if (needsAppId && reply.statusCode !== 401) unexpected.push(`${method} ${path}: ${answer}`);
        if (reply.statusCode >= 500) unexpected.push(`${method} ${path}: ${answer}`);
      }
      expect
        .soft(
          unrouted,
          `${unrouted.length} published operation(s) answer "route not found" under --strict:\n  ${unrouted.join('\n  ')}`,
        )
        .toEqual([]);
      expect(unexpected, `routed, but not asking for an AppID (or failing):\n  ${unexpected.join('\n  ')}`).toEqual([]);
    });
  });
});
