import { describe, expect, it } from 'vitest';
import type { PixQrCode } from '#shared/service/resources';
import { decodeBrCode } from '#lib/pix';
import { as, sdkRejection, START, useSdkSandbox } from './sdk-sandbox';

describe('SDK pixQrCode.* against the sandbox', () => {
  const s = useSdkSandbox();

  it("pixQrCode.create: POST /api/v1/qrcode-static gives a static BR Code for the account's key and amount", async () => {
    const { woovi, pixKey, baseUrl } = s();
    const created = await woovi.pixQrCode.create({
      name: 'Balcão 1',
      correlationID: 'qr-balcao-1',
      value: 1250,
      comment: 'Cafezinho',
    });
    expect(s().requests.at(-1)).toEqual({ method: 'POST', url: '/api/v1/qrcode-static', status: 200 });
    const qr = as<PixQrCode>(created.pixQrCode);
    expect(qr).toMatchObject({
      name: 'Balcão 1',
      correlationID: 'qr-balcao-1',
      value: 1250,
      comment: 'Cafezinho',
      pixKey,
      createdAt: START,
      updatedAt: START,
    });
    expect(qr.id).toEqual(expect.any(String));
    expect(qr.paymentLinkUrl).toMatch(new RegExp(`^${baseUrl}/pay/[0-9a-f]{32}$`));
    expect(qr.qrCodeImage).toBe(`${baseUrl}/openpix/charge/brcode/image/${qr.paymentLinkID}.png`);
    expect(created).toMatchObject({ correlationID: 'qr-balcao-1', brCode: qr.brCode });

    const decoded = decodeBrCode(qr.brCode);
    expect(decoded).toMatchObject({ pointOfInitiation: 'STATIC', pixKey, amountCents: 1250, txid: qr.identifier });
  });

  it('a static QR without value leaves the amount to the payer', async () => {
    const { woovi } = s();
    const { pixQrCode } = await woovi.pixQrCode.create({ name: 'Gorjeta', correlationID: 'gorjeta' });
    const qr = as<PixQrCode>(pixQrCode);
    expect(qr.value ?? null).toBeNull();
    expect(decodeBrCode(qr.brCode).amountCents).toBeUndefined();
  });

  it('pixQrCode.get finds it by id, by correlationID and by its EMV identifier', async () => {
    const { woovi } = s();
    const qr = as<PixQrCode>(
      (await woovi.pixQrCode.create({ name: 'Mesa 4', correlationID: 'mesa-4', value: 500 })).pixQrCode,
    );
    for (const id of [qr.id, 'mesa-4', qr.identifier]) {
      expect(await woovi.pixQrCode.get({ id })).toEqual({ pixQrCode: qr });
    }
    expect(s().requests.at(-1)).toMatchObject({
      method: 'GET',
      url: `/api/v1/qrcode-static/${qr.identifier}`,
      status: 200,
    });
  });

  it("pixQrCode.list: GET /api/v1/qrcode-static?limit=10&skip=0 lists this company's codes newest first", async () => {
    const { woovi, other, clock } = s();
    for (const [i, value] of [100, 200, 300].entries()) {
      await woovi.pixQrCode.create({ name: `Caixa ${i}`, correlationID: `caixa-${i}`, value });
      clock.advance(1_000);
    }
    await other.woovi.pixQrCode.create({ name: 'Deles', correlationID: 'deles', value: 1 });

    const listed = await woovi.pixQrCode.list();
    expect(s().requests.at(-1)).toMatchObject({
      method: 'GET',
      url: '/api/v1/qrcode-static?limit=10&skip=0',
      status: 200,
    });
    expect(listed.pixQrCodes.map((q) => [q.correlationID, q.value])).toEqual([
      ['caixa-2', 300],
      ['caixa-1', 200],
      ['caixa-0', 100],
    ]);
    expect(listed.pageInfo).toEqual({ skip: 0, limit: 10, totalCount: 3, hasPreviousPage: false, hasNextPage: false });
    const page = await woovi.pixQrCode.list({ skip: 2, limit: 5 });
    expect(page.pixQrCodes.map((q) => q.correlationID)).toEqual(['caixa-0']);
    expect(page.pageInfo).toEqual({ skip: 2, limit: 5, totalCount: 3, hasPreviousPage: true, hasNextPage: false });
  });

  it('paying a static QR through the sandbox records a PAYMENT transaction linked to it', async () => {
    const { woovi } = s();
    const qr = as<PixQrCode>(
      (await woovi.pixQrCode.create({ name: 'Caixa', correlationID: 'caixa', value: 880 })).pixQrCode,
    );
    s().clock.advance(30_000);
    const paid = await s().payBrCode(qr.brCode);
    expect(paid.transaction).toMatchObject({
      type: 'PAYMENT',
      value: 880,
      time: '2026-11-22T15:00:30.000Z',
      pixQrCode: { id: qr.id, correlationID: 'caixa', identifier: qr.identifier, name: 'Caixa' },
    });
    const { transactions } = await woovi.transactions.list({ query: { pixQrCode: 'caixa' } });
    expect(transactions.map((t) => [t.endToEndId, t.value])).toEqual([[paid.transaction.endToEndId, 880]]);
  });

  // The OpenAPI file lists only 200 and 400 {error} for get static QR code.
  it('pixQrCode.get of an unknown id or another company\'s code rejects 400 { error: "Pix QR code not found" }', async () => {
    const { woovi, other } = s();
    const theirs = as<PixQrCode>(
      (await other.woovi.pixQrCode.create({ name: 'Deles', correlationID: 'deles', value: 10 })).pixQrCode,
    );
    for (const id of ['nao-existe', 'deles', theirs.id, theirs.identifier]) {
      expect(await sdkRejection(woovi.pixQrCode.get({ id }))).toEqual({ error: 'Pix QR code not found' });
      expect(s().lastStatus()).toBe(400);
    }
  });

  it('pixQrCode.create refuses bad input with a 400 {error} and writes nothing', async () => {
    const { woovi } = s();
    await woovi.pixQrCode.create({ name: 'Existe', correlationID: 'repetido', value: 10 });
    const before = { qr: s().count('pix_qr_codes'), events: s().count('events') };
    const bad: unknown[] = [
      { correlationID: 'sem-nome', value: 100 },
      { name: '', value: 100 },
      { name: 7, value: 100 },
      { name: 'x'.repeat(1000), value: 100 },
      { name: 'Fração', value: 10.5 },
      { name: 'Negativo', value: -1 },
      { name: 'Texto', value: '1,00' },
      { name: 'Comentário longo', value: 100, comment: 'z'.repeat(1000) },
      { name: 'Repetido', correlationID: 'repetido', value: 10 },
    ];
    for (const body of bad) {
      await sdkRejection(woovi.pixQrCode.create(body as never));
      expect(s().lastStatus(), JSON.stringify(body)).toBe(400);
    }
    expect({ qr: s().count('pix_qr_codes'), events: s().count('events') }).toEqual(before);
  });
});
