// The official @woovi/node-sdk's webhook.create / list / delete against the served sandbox
// (remote-api-notes §7.2). Its list typing says `pixQrCodes`; the real key, and ours, is `webhooks`.
import { describe, expect, it } from 'vitest';
import { as, sdkRejection, useSdkSandbox } from './sdk-sandbox';

interface Listed {
  pageInfo: { skip: number; limit: number; totalCount: number; hasPreviousPage: boolean; hasNextPage: boolean };
  webhooks: { id: string; name: string; url: string; event: string; isActive: boolean; authorization?: string }[];
}

describe('SDK webhook.* against the sandbox', () => {
  const s = useSdkSandbox();

  it('webhook.create: POST /api/v1/webhook, one event per webhook, TRANSACTION_RECEIVED by default', async () => {
    const { woovi } = s();
    const created = await woovi.webhook.create({
      webhook: {
        name: 'Pix recebido',
        event: 'OPENPIX:CHARGE_COMPLETED',
        url: 'https://loja.example/pix',
        authorization: 'abc',
        isActive: true,
      },
    });
    expect(s().requests.at(-1)).toEqual({ method: 'POST', url: '/api/v1/webhook', status: 200 });
    expect(created.webhook).toMatchObject({
      name: 'Pix recebido',
      event: 'OPENPIX:CHARGE_COMPLETED',
      url: 'https://loja.example/pix',
      authorization: 'abc',
      isActive: true,
      createdAt: '2026-11-22T15:00:00.000Z',
    });
    expect(Buffer.from(created.webhook.id, 'base64').toString()).toMatch(/^Webhook:[0-9a-f]{24}$/);
    // The SDK's typing requires `event`; a client that leaves it out gets the default.
    const byDefault = await woovi.webhook.create(
      as({ webhook: { name: 'Sem evento', url: 'https://loja.example/default' } }),
    );
    expect(byDefault.webhook.event).toBe('OPENPIX:TRANSACTION_RECEIVED');
    expect(s().count('webhooks')).toBe(2);

    const rejected = await sdkRejection(
      woovi.webhook.create(as({ webhook: { name: 'Ruim', url: 'ftp://loja.example' } })),
    );
    expect(rejected.error).toMatch(/url must be an http\(s\) URL/);
    expect(s().lastStatus()).toBe(400);
    expect(s().count('webhooks')).toBe(2);
  });

  it('webhook.list: GET /api/v1/webhook?limit=10&skip=0, with the url filter; webhook.delete', async () => {
    const { woovi, other } = s();
    const a = await woovi.webhook.create({
      webhook: {
        name: 'A',
        event: 'OPENPIX:CHARGE_CREATED',
        url: 'https://a.example/h',
        authorization: '',
        isActive: true,
      },
    });
    await woovi.webhook.create({
      webhook: {
        name: 'B',
        event: 'OPENPIX:CHARGE_EXPIRED',
        url: 'https://b.example/h',
        authorization: '',
        isActive: true,
      },
    });
    await other.woovi.webhook.create({
      webhook: {
        name: 'Deles',
        event: 'OPENPIX:CHARGE_CREATED',
        url: 'https://a.example/h',
        authorization: '',
        isActive: true,
      },
    });

    const all = as<Listed>(await woovi.webhook.list());
    expect(s().requests.at(-1)).toEqual({ method: 'GET', url: '/api/v1/webhook?limit=10&skip=0', status: 200 });
    expect(all.pageInfo).toEqual({ skip: 0, limit: 10, totalCount: 2, hasPreviousPage: false, hasNextPage: false });
    expect(all.webhooks.map((w) => w.name)).toEqual(['B', 'A']);
    const byUrl = as<Listed>(await woovi.webhook.list({ query: { url: 'https://a.example/h' } }));
    expect(byUrl.webhooks.map((w) => w.name)).toEqual(['A']);

    expect(await woovi.webhook.delete({ id: a.webhook.id })).toEqual({ status: 'OK' });
    expect(as<Listed>(await woovi.webhook.list()).webhooks.map((w) => w.name)).toEqual(['B']);
    expect(await sdkRejection(woovi.webhook.delete({ id: a.webhook.id }))).toEqual({ error: 'Webhook not found' });
    // Another company's webhook stays theirs.
    const theirs = as<Listed>(await other.woovi.webhook.list());
    expect(theirs.webhooks.map((w) => w.name)).toEqual(['Deles']);
    expect(await sdkRejection(woovi.webhook.delete({ id: theirs.webhooks[0]!.id }))).toEqual({
      error: 'Webhook not found',
    });
  });
});
