// The counter's contract with the Pix service (src/main/counter/sync/remote/service-contract.ts) against the
// service's published OpenAPI document: every field the counter reads must be one the document
// names for that operation's answer. The counter cannot read any other (ContractClient drops what
// the list does not name, and the sync path has no other types for the service's answers), so a
// new read of an undocumented field fails here or fails to compile.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ContractClient } from '#counter/sync/remote/contract-client';
import type { ServiceClient } from '#counter/sync/remote/service-client';
import { serviceBehaviours, serviceContract, type ContractOperation } from '#counter/sync/remote/service-contract';
import type { ServiceOutcome } from '#counter/sync/remote/service-outcome';

type Json = Record<string, any>;
/** The project's root, where the OpenAPI document and the behaviours' tests are named from. */
const ROOT = join(__dirname, '../../../..');
const document = JSON.parse(readFileSync(join(ROOT, 'resources/woovi-openapi.json'), 'utf8')) as Json;

/** Operations the counter uses that the OpenAPI document does not hold, with where they are documented. */
const DOCUMENTED_ELSEWHERE: Partial<Record<ContractOperation, string>> = {
  sandboxPay: 'docs/test-environment/test-account/pay-pix-test.md (GET /openpix/testing?transactionID=)',
};

/** Fields documented only in the operation's example, not its schema; each is optional in the contract. */
const DOCUMENTED_IN_EXAMPLE: ReadonlySet<string> = new Set(['getRefund: pixTransactionRefund.returnIdentification']);

function resolve(schema: Json | undefined): Json | undefined {
  let current = schema;
  for (let depth = 0; current?.$ref && depth < 10; depth++)
    current = document.components.schemas[String(current.$ref).split('/').pop()!];
  return current;
}

/** The document's property `key` of an object schema (through $ref, allOf, oneOf, anyOf), or undefined. */
function property(schema: Json | undefined, key: string): Json | undefined {
  const resolved = resolve(schema);
  if (!resolved) return undefined;
  if (resolved.properties?.[key]) return resolved.properties[key];
  for (const part of [...(resolved.allOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])]) {
    const found = property(part, key);
    if (found) return found;
  }
  return undefined;
}

function itemsOf(schema: Json | undefined): Json | undefined {
  return resolve(schema)?.items;
}

/** Every object key the contract reads, as dotted paths ("charge.status", "transactions[].pixQrCode.name"). */
function readPaths(
  schema: z.ZodType,
  prefix = '',
): { path: string; walk: (doc: Json | undefined) => Json | undefined }[] {
  const found: { path: string; walk: (doc: Json | undefined) => Json | undefined }[] = [];
  const visit = (node: z.ZodType, path: string, walk: (doc: Json | undefined) => Json | undefined): void => {
    if (node instanceof z.ZodOptional || node instanceof z.ZodNullable)
      return visit(node.unwrap() as z.ZodType, path, walk);
    if (node instanceof z.ZodPipe) return visit(node.in as z.ZodType, path, walk);
    if (node instanceof z.ZodUnion) {
      for (const option of node.options as z.ZodType[]) visit(option, path, walk);
      return;
    }
    if (node instanceof z.ZodArray) return visit(node.element as z.ZodType, `${path}[]`, (doc) => itemsOf(walk(doc)));
    if (node instanceof z.ZodObject) {
      for (const [key, child] of Object.entries(node.shape)) {
        const childPath = path ? `${path}.${key}` : key;
        const childWalk = (doc: Json | undefined) => property(walk(doc), key);
        found.push({ path: childPath, walk: childWalk });
        visit(child, childPath, childWalk);
      }
    }
  };
  visit(schema, prefix, (doc) => doc);
  return found;
}

function documentedAnswer(method: string, path: string): { schema: Json | undefined; example: unknown } | undefined {
  const operation = document.paths[path]?.[method.toLowerCase()];
  if (!operation) return undefined;
  const ok = Object.entries(operation.responses as Json).find(([status]) => /^2/.test(status))?.[1] as Json | undefined;
  const content = ok?.content?.['application/json'];
  return { schema: content?.schema, example: content?.schema?.example ?? content?.example };
}

function exampleHas(example: unknown, path: string): boolean {
  let current: unknown = example;
  for (const key of path.split('.')) {
    if (!current || typeof current !== 'object' || !(key in current)) return false;
    current = (current as Json)[key];
  }
  return true;
}

describe("the counter's contract with the service", () => {
  for (const [op, entry] of Object.entries(serviceContract) as [
    ContractOperation,
    (typeof serviceContract)[ContractOperation],
  ][]) {
    it(`${op}: ${entry.method} ${entry.path} reads only what the document names`, () => {
      const answer = documentedAnswer(entry.method, entry.path);
      if (!answer) {
        expect(
          DOCUMENTED_ELSEWHERE[op],
          `${op} is not in the OpenAPI document and names no other documentation`,
        ).toBeDefined();
        return;
      }
      const undocumented = readPaths(entry.response)
        .filter(({ walk }) => walk(answer.schema) === undefined)
        .filter(({ path }) => !(DOCUMENTED_IN_EXAMPLE.has(`${op}: ${path}`) && exampleHas(answer.example, path)))
        .map(({ path }) => path);
      expect(undocumented, `${op} reads fields its documented answer does not name`).toEqual([]);
    });
  }

  it('names, for each behaviour the counter needs, where it is documented and a test against the strict remote that exists', () => {
    for (const { behaviour, documented, testedBy } of serviceBehaviours) {
      expect(documented.length, behaviour).toBeGreaterThan(0);
      expect(existsSync(join(ROOT, testedBy)), `${testedBy} (${behaviour})`).toBe(true);
      expect(readFileSync(join(ROOT, testedBy), 'utf8'), `${testedBy} runs against a strict remote`).toMatch(/strict/);
    }
  });

  it('finds a field the document does not name (the check can fail)', () => {
    const answer = documentedAnswer('GET', '/api/v1/charge/{id}/refund')!;
    const paths = readPaths(
      z.object({ refunds: z.array(z.object({ value: z.number() })), pageInfo: z.object({ hasNextPage: z.boolean() }) }),
    );
    expect(paths.filter(({ walk }) => walk(answer.schema) === undefined).map(({ path }) => path)).toEqual([
      'pageInfo',
      'pageInfo.hasNextPage',
    ]);
  });
});

/** A service that answers every call with `body` (or `outcome`). */
function answering(outcome: ServiceOutcome<unknown>, calls: string[] = []): ServiceClient {
  return {
    serviceId: 'test',
    label: 'test',
    async call(op) {
      calls.push(op);
      return outcome;
    },
  };
}

describe('ContractClient', () => {
  const qr = {
    name: 'Balcão offline X',
    correlationID: 'c1',
    brCode: '000201',
    value: '1500',
    createdAt: '2026-11-26T12:00:00.000Z',
    identifier: 'X',
    paymentLinkID: 'p',
  };

  it('drops what the contract does not name, and reads a value typed as a string as cents', async () => {
    const client = new ContractClient(
      answering({ kind: 'ok', body: { pixQrCode: qr, correlationID: 'c1', brCode: '000201' } }),
    );
    const answer = await client.call('getPixQrCode', { params: { id: 'c1' } });
    expect(answer).toEqual({
      kind: 'ok',
      body: {
        pixQrCode: {
          name: 'Balcão offline X',
          correlationID: 'c1',
          brCode: '000201',
          value: 1500,
          createdAt: qr.createdAt,
        },
      },
    });
  });

  it('calls an answer without what the counter needs unreadable (retried later), never a guess', async () => {
    const client = new ContractClient(
      answering({
        kind: 'ok',
        body: { refunds: [{ correlationID: 'r1', value: 'ten', status: 'CONFIRMED', time: 'now' }] },
      }),
    );
    expect(await client.call('listChargeRefunds', { params: { id: 's' } })).toMatchObject({
      kind: 'server',
      status: 200,
      error: expect.stringContaining('refunds.0.value'),
    });
  });

  it('holds every call after a 429 for its Retry-After, without sending, then asks again', async () => {
    let now = 1_000_000;
    const calls: string[] = [];
    const client = new ContractClient(
      answering({ kind: 'server', status: 429, error: 'Muitas requisições', retryAfterMs: 3_000 }, calls),
      () => now,
    );
    expect(await client.call('getCompany')).toMatchObject({ kind: 'server', status: 429, retryAfterMs: 3_000 });
    now += 1_000;
    expect(await client.call('listPixKeys')).toMatchObject({ kind: 'server', status: 429, retryAfterMs: 2_000 });
    expect(calls).toEqual(['getCompany']);
    now += 2_000;
    await client.call('listPixKeys');
    expect(calls).toEqual(['getCompany', 'listPixKeys']);
  });
});
