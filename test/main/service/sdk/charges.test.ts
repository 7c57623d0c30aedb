import { describe, expect, it } from 'vitest';
import type { Charge } from '#shared/service/resources';
import { decodeBrCode } from '#lib/pix';
import { as, CPF, paidCharge, sdkRejection, START, useSdkSandbox } from './sdk-sandbox';

describe('SDK charge.* against the sandbox', () => {
  const s = useSdkSandbox();

  it('charge.create: POST /api/v1/charge answers the charge with a dynamic BR Code whose location we serve', async () => {
    const { woovi, host, baseUrl, pixKey } = s();
    const created = await woovi.charge.create({
      correlationID: 'pedido-1',
      value: 1590,
      comment: 'Café e pão de queijo',
      expiresIn: 900,
      customer: { name: 'João Souza', email: 'Joao@Example.com', taxID: '529.982.247-25' },
      additionalInfo: [{ key: 'Mesa', value: '3' }],
    });
    // The SDK builds `/api/v1/charge?` (empty params); fetch drops the bare `?`.
    expect(s().requests.at(-1)).toEqual({ method: 'POST', url: '/api/v1/charge', status: 200 });
    const charge = as<Charge>(created.charge);
    expect(charge).toMatchObject({
      status: 'ACTIVE',
      value: 1590,
      type: 'DYNAMIC',
      correlationID: 'pedido-1',
      comment: 'Café e pão de queijo',
      expiresIn: 900,
      expiresDate: '2026-11-22T15:15:00.000Z',
      createdAt: START,
      updatedAt: START,
      pixKey,
      additionalInfo: [{ key: 'Mesa', value: '3' }],
      customer: { name: 'João Souza', email: 'joao@example.com', taxID: { taxID: CPF, type: 'BR:CPF' } },
    });
    expect(created).toMatchObject({ correlationID: 'pedido-1', brCode: charge.brCode });
    expect(charge.transactionID).toMatch(/^[0-9a-f]{32}$/);
    expect(Buffer.from(charge.globalID, 'base64').toString()).toMatch(/^Charge:[0-9a-f]{24}$/);
    expect(charge.paymentMethods.pix).toMatchObject({
      method: 'PIX_COB',
      value: 1590,
      status: 'ACTIVE',
      brCode: charge.brCode,
      transactionID: charge.transactionID,
    });
    expect(charge.paymentLinkUrl).toMatch(new RegExp(`^${baseUrl}/pay/[0-9a-f]{32}$`));
    // By the service's paymentLinkID (its link's public id as a UUID), which opens it without the AppID.
    expect(charge.qrCodeImage).toBe(`${baseUrl}/openpix/charge/brcode/image/${charge.paymentLinkID}.png`);

    const decoded = decodeBrCode(charge.brCode);
    expect(decoded.pointOfInitiation).toBe('DYNAMIC');
    expect(decoded.locationUrl).toMatch(/\/qr\/v2\/cob\/[0-9a-f]{32}$/);
    expect(decoded.locationUrl!.startsWith(`${host}/`)).toBe(true);
    const location = await (await fetch(`http://${decoded.locationUrl}`)).json();
    expect(location).toMatchObject({ txid: charge.transactionID, status: 'ATIVA', valor: { original: '15.90' } });
  });

  it('charge.create with return_existing=true hands back the same charge; without it a repeat is refused', async () => {
    const { woovi } = s();
    const first = as<Charge>(
      (await woovi.charge.create({ correlationID: 'pedido-7', value: 700 }, { return_existing: 'true' })).charge,
    );
    expect(s().requests.at(-1)).toMatchObject({ url: '/api/v1/charge?return_existing=true', status: 200 });
    const events = s().count('events');

    s().clock.advance(5_000);
    // A retry after a timeout: same correlationID, even a different body, returns what exists.
    const again = as<Charge>(
      (await woovi.charge.create({ correlationID: 'pedido-7', value: 999 }, { return_existing: 'true' })).charge,
    );
    expect(again).toEqual(first);
    expect(again.value).toBe(700);
    expect(s().count('charges')).toBe(1);
    expect(s().count('events')).toBe(events);

    const refused = await sdkRejection(woovi.charge.create({ correlationID: 'pedido-7', value: 700 }));
    expect(s().lastStatus()).toBe(400);
    expect(refused.error).toMatch(/pedido-7/);
    await sdkRejection(woovi.charge.create({ correlationID: 'pedido-7', value: 700 }, { return_existing: 'false' }));
    expect(s().lastStatus()).toBe(400);
    expect(s().count('charges')).toBe(1);
  });

  it('charge.get finds a charge by correlationID, by globalID and by transactionID', async () => {
    const { woovi } = s();
    const charge = as<Charge>(
      (await woovi.charge.create({ correlationID: 'pedido-2', value: 250, comment: 'Água' })).charge,
    );
    for (const id of [charge.correlationID, charge.globalID, charge.transactionID]) {
      const got = await woovi.charge.get({ id });
      expect(got).toEqual({ charge });
    }
    expect(s().requests.at(-3)).toMatchObject({ method: 'GET', url: '/api/v1/charge/pedido-2', status: 200 });
  });

  it('charge.get does not encode the id: the caller must, and an encoded correlationID with / # % and spaces then works', async () => {
    const { woovi } = s();
    const correlationID = 'mesa 7/pedido #3 50%';
    await woovi.charge.create({ correlationID, value: 300 });
    const got = await woovi.charge.get({ id: encodeURIComponent(correlationID) });
    expect(got.charge.correlationID).toBe(correlationID);
    // Unencoded, `#` cuts the URL and `/` adds a segment: the SDK's request never names the charge.
    const wrong = await sdkRejection(woovi.charge.get({ id: correlationID }));
    expect(s().lastStatus()).toBe(404);
    expect(wrong.error).not.toBe('');
  });

  // The spec lists only 200 and 400 for "Charge delete, edit, get, list, create".
  it('charge.get of an unknown id, or of another company\'s charge, rejects 400 with exactly { error: "Charge not found" }', async () => {
    const { woovi, other } = s();
    const unknown = await sdkRejection(woovi.charge.get({ id: 'nao-existe' }));
    expect(unknown).toEqual({ error: 'Charge not found' });
    expect(s().lastStatus()).toBe(400);

    const theirs = as<Charge>((await other.woovi.charge.create({ correlationID: 'deles-1', value: 100 })).charge);
    for (const id of [theirs.correlationID, theirs.globalID, theirs.transactionID]) {
      expect(await sdkRejection(woovi.charge.get({ id }))).toEqual({ error: 'Charge not found' });
      expect(s().lastStatus()).toBe(400);
    }
    expect((await other.woovi.charge.get({ id: 'deles-1' })).charge.value).toBe(100);
  });

  it("charge.list answers under `charges` (the SDK types it `refunds`), newest first, with the SDK's default page", async () => {
    const { woovi, other } = s();
    for (const [i, value] of [100, 200, 300].entries()) {
      await woovi.charge.create({ correlationID: `lista-${i}`, value });
      s().clock.advance(1_000);
    }
    await other.woovi.charge.create({ correlationID: 'deles', value: 5 });

    const page = await woovi.charge.list();
    expect(s().requests.at(-1)).toMatchObject({ method: 'GET', url: '/api/v1/charge?limit=10&skip=0', status: 200 });
    const body = as<{ charges: Charge[]; refunds?: unknown; pageInfo: unknown }>(page);
    expect(body.refunds).toBeUndefined();
    expect(body.charges.map((c) => [c.correlationID, c.value])).toEqual([
      ['lista-2', 300],
      ['lista-1', 200],
      ['lista-0', 100],
    ]);
    expect(body.pageInfo).toEqual({ skip: 0, limit: 10, totalCount: 3, hasPreviousPage: false, hasNextPage: false });

    const second = as<{ charges: Charge[]; pageInfo: unknown }>(await woovi.charge.list({ skip: 1, limit: 1 }));
    expect(s().requests.at(-1)!.url).toBe('/api/v1/charge?skip=1&limit=1');
    expect(second.charges.map((c) => c.correlationID)).toEqual(['lista-1']);
    expect(second.pageInfo).toEqual({ skip: 1, limit: 1, totalCount: 3, hasPreviousPage: true, hasNextPage: true });
  });

  it('charge.delete answers { status: "OK", id }; the charge is gone afterwards', async () => {
    const { woovi } = s();
    await woovi.charge.create({ correlationID: 'apagar', value: 990 });
    const deleted = await woovi.charge.delete({ id: 'apagar' });
    expect(s().requests.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/v1/charge/apagar', status: 200 });
    expect(deleted).toEqual({ status: 'OK', id: 'apagar' });
    expect(await sdkRejection(woovi.charge.get({ id: 'apagar' }))).toEqual({ error: 'Charge not found' });
    expect(await sdkRejection(woovi.charge.delete({ id: 'apagar' }))).toEqual({ error: 'Charge not found' });
    expect(s().lastStatus()).toBe(400);
    expect(as<{ charges: Charge[] }>(await woovi.charge.list()).charges).toEqual([]);
  });

  it('charge.delete refuses a paid charge with a 400 {error} and keeps it', async () => {
    const { woovi } = s();
    await paidCharge(s(), 'pago', 1200);
    await sdkRejection(woovi.charge.delete({ id: 'pago' }));
    expect(s().lastStatus()).toBe(400);
    expect((await woovi.charge.get({ id: 'pago' })).charge.status).toBe('COMPLETED');
  });

  it('charge.delete of another company\'s charge is "Charge not found" and deletes nothing', async () => {
    const { woovi, other } = s();
    await other.woovi.charge.create({ correlationID: 'deles-2', value: 100 });
    expect(await sdkRejection(woovi.charge.delete({ id: 'deles-2' }))).toEqual({ error: 'Charge not found' });
    expect(s().count('charges')).toBe(1);
  });

  it('charge.create rejects bad money and missing fields with a 400 {error} and writes nothing', async () => {
    const { woovi } = s();
    const bad: unknown[] = [
      { correlationID: 'x', value: 12.5 },
      { correlationID: 'x', value: -100 },
      { correlationID: 'x', value: 0 },
      { correlationID: 'x', value: '1,00' },
      { correlationID: 'x' },
      { value: 100 },
      { correlationID: 'x', value: 100, customer: { name: 'Só Nome' } },
      { correlationID: 'x', value: 100, comment: 'x'.repeat(141) },
      { correlationID: 'x', value: 100, expiresIn: 10 },
    ];
    for (const body of bad) {
      await sdkRejection(woovi.charge.create(body as never));
      expect(s().lastStatus(), JSON.stringify(body)).toBe(400);
    }
    expect(s().count('charges')).toBe(0);
    expect(s().count('events')).toBe(0);
  });

  it('charge.getQrCode builds a URL on the real host (it ignores baseUrl); the same path on our host serves the PNG', async () => {
    const { woovi, baseUrl, appId } = s();
    const charge = as<Charge>((await woovi.charge.create({ correlationID: 'qr', value: 500 })).charge);
    const sdkUrl = woovi.charge.getQrCode({ id: charge.paymentLinkID, size: 600 });
    expect(sdkUrl).toBe(`https://api.woovi.com/openpix/charge/brcode/image/${charge.paymentLinkID}.png?size=600`);
    const ours = sdkUrl.replace('https://api.woovi.com', baseUrl);
    const response = await fetch(ours, { headers: { authorization: appId } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/png/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });
});
