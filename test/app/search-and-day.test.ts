import { describe, expect, it } from 'vitest';
import { parseAmountSearch } from '../../src/main/app/sale-search';
import { saoPauloDayRange } from '../../src/main/app/sao-paulo-day';
import { operationPath, RemoteGateway, GatewayError } from '../../src/main/app/service-gateway';
import { toPosError } from '../../src/main/app/gateway-errors';
import { PosError } from '../../src/main/app/pos-error';

describe('amount search', () => {
  it.each([
    ['12,34', 1234],
    ['12.34', 1234],
    ['1234', 1234],
    ['R$ 12,34', 1234],
    ['r$1.234,56', 123456],
    ['0,5', 50],
    ['7,05', 705],
    ['1.234', null], // thousands or decimals? Neither is safe to guess.
    ['balcao-12', null],
    ['', null],
  ])('%s → %s', (text, cents) => {
    expect(parseAmountSearch(text)).toBe(cents);
  });
});

describe('São Paulo day', () => {
  it('spans the local day, whatever the machine time zone', () => {
    expect(saoPauloDayRange('2026-11-22')).toEqual({ start: '2026-11-22T03:00:00.000Z', end: '2026-11-23T02:59:59.999Z' });
  });

  it('follows the old daylight-saving days (UTC−2 in January 2018)', () => {
    expect(saoPauloDayRange('2018-01-15')).toEqual({ start: '2018-01-15T02:00:00.000Z', end: '2018-01-16T01:59:59.999Z' });
  });
});

describe('remote gateway', () => {
  it('encodes path parameters so an id cannot walk to another route', () => {
    expect(operationPath('/api/v1/charge/:id/refund', { id: '../company?x=1' })).toBe('/api/v1/charge/..%2Fcompany%3Fx%3D1/refund');
    expect(operationPath('/api/v1/receipt/:receiptType/:endToEndId', { receiptType: 'pix-in', endToEndId: 'E1' })).toBe(
      '/api/v1/receipt/pix-in/E1',
    );
  });

  it('sends the AppID, JSON and the query, and reads {error} from a refusal', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const gateway = new RemoteGateway({
      baseUrl: 'https://pix.example.com/',
      appId: 'APP',
      fetch: async (url, init) => {
        seen.push({ url: String(url), init: init! });
        return new Response(JSON.stringify({ error: 'Charge not found' }), { status: 400 });
      },
    });
    const failure = await gateway.call('getCharge', { params: { id: 'a b' }, query: { x: '1', y: undefined } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(GatewayError);
    expect(failure).toMatchObject({ status: 400, message: 'Charge not found', offline: false });
    expect(seen[0]!.url).toBe('https://pix.example.com/api/v1/charge/a%20b?x=1');
    expect(new Headers(seen[0]!.init.headers).get('authorization')).toBe('APP');
  });

  // The service answers an unknown id with 400 "… not found" (the spec's error tables list no 404
  // for charges, customers, refunds, static QR codes or transactions); receipts and unknown routes
  // still answer 404. The counter must say "not found" for both, and a refusal for other 400s.
  it('turns a 400 "… not found" or a 404 into the counter\'s 404 "Não encontrado", and keeps other 400s as refusals', async () => {
    const answering = (status: number, error: string) =>
      new RemoteGateway({ baseUrl: 'https://pix.example.com', appId: 'APP', fetch: async () => new Response(JSON.stringify({ error }), { status }) });
    const posErrorOf = async (gateway: RemoteGateway) => toPosError(await gateway.call('getCharge', { params: { id: 'x' } }).catch((e: unknown) => e));
    for (const [status, error] of [
      [400, 'Charge not found'],
      [400, 'Customer not found'],
      [404, 'Receipt not found'],
    ] as const) {
      const mapped = await posErrorOf(answering(status, error));
      expect(mapped).toBeInstanceOf(PosError);
      expect(mapped).toMatchObject({ status: 404, message: `Não encontrado no serviço Pix: ${error}` });
    }
    const refusal = await posErrorOf(answering(400, 'Only a paid (COMPLETED) charge can be refunded'));
    expect(refusal).toMatchObject({ status: 400, message: 'O serviço Pix recusou: Only a paid (COMPLETED) charge can be refunded' });
  });

  it('reports a timeout as offline (status 0)', async () => {
    const gateway = new RemoteGateway({
      baseUrl: 'https://pix.example.com',
      appId: 'APP',
      timeoutMs: 20,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason))),
    });
    await expect(gateway.call('getCompany')).rejects.toMatchObject({ status: 0, offline: true });
  });
});
