// The operations are declared once, in their resource modules (src/main/service/engine/operation.ts);
// the table, the scope list and the HTTP routes are derived from the declarations.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ManualClock } from '#lib/clock';
import { declareOperations, operation } from '#service/engine/operation';
import { ALL_SCOPES, operationTable } from '#service/engine/operations';
import { createSandboxService } from '#service/index';

const declared = (path: string) =>
  operation({
    method: 'GET',
    paths: [path],
    scope: null,
    access: 'read',
    status: 200,
    summary: 'test',
    request: {},
    response: z.object({}),
    handler: () => ({}),
  });

describe('operation declarations', () => {
  it('refuses a name declared twice, and two operations on one route, at startup', () => {
    expect(() => declareOperations({ a: declared('/a') }, { a: declared('/b') })).toThrow(
      'Operation a is declared twice',
    );
    expect(() => declareOperations({ a: declared('/a') }, { b: declared('/a') })).toThrow(
      'Operations a and b both declare GET /a',
    );
    expect(Object.keys(declareOperations({ a: declared('/a') }, { b: declared('/b') }))).toEqual(['a', 'b']);
  });

  it('derives the scope list from the declarations, each scope once', () => {
    const named = Object.values(operationTable)
      .map((op) => op.scope)
      .filter((scope) => scope !== null);
    expect(new Set(ALL_SCOPES)).toEqual(new Set(named));
    expect(ALL_SCOPES.length).toBe(new Set(ALL_SCOPES).size);
  });

  it('mounts every declared path over HTTP, so no operation is missing a route', async () => {
    const service = createSandboxService({ dbPath: ':memory:', clock: new ManualClock('2026-11-22T15:00:00Z') });
    try {
      for (const [name, op] of Object.entries(operationTable)) {
        for (const path of op.paths) {
          const url = path.replace(/:(\w+)/g, 'x');
          const reply = await service.app.inject({ method: op.method, url });
          // Without an AppID every operation answers 401 from the engine (those declared auth: 'none'
          // answer; those whose AppID is optional refuse the id `x`, which names nothing, with their
          // 400); an unmounted one would be Fastify's 404.
          const expected = op.auth === 'none' ? 200 : op.auth === 'optional' ? 400 : 401;
          expect(reply.statusCode, `${name} ${op.method} ${path}`).toBe(expected);
        }
      }
    } finally {
      await service.close();
    }
  });

  it('checks answers against the declared response schema when asked, and fails the call when one does not fit', async () => {
    for (const checkResponses of [true, false]) {
      const logged: unknown[] = [];
      const service = createSandboxService({
        dbPath: ':memory:',
        clock: new ManualClock('2026-11-22T15:00:00Z'),
        checkResponses,
      });
      try {
        const tenant = service.engine.tenancy.resolveTenant(service.appId)!;
        // A key type the schema does not know (a stored row from some older spelling).
        service.engine.db
          .prepare(
            "INSERT INTO pix_keys (key, company_id, account_id, type, is_default, created_at) VALUES ('k', ?, ?, 'RANDOM', 0, ?)",
          )
          .run(tenant.company.id, tenant.account.id, '2026-11-22T15:00:00Z');
        (service.engine as unknown as { logError: (e: unknown) => void }).logError = (error) => logged.push(error);
        const reply = await service.engine.handle(service.appId, 'listPixKeys', {});
        if (checkResponses) {
          expect(reply).toEqual({ status: 500, body: { error: 'Internal server error' } });
          expect(String(logged[0])).toContain('listPixKeys answered outside its declared response schema');
        } else {
          expect(reply.status).toBe(200);
          expect(logged).toEqual([]);
        }
      } finally {
        await service.close();
      }
    }
  });
});
