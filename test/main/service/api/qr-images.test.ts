import QRCode from 'qrcode';
import { expect, it } from 'vitest';
import type { ServiceReply } from '#shared/service/service-api';
import { describeContract, type Harness } from '#test/support/harness';
import { readPng } from '#test/support/png-raster';

/**
 * Proves the picture is the QR symbol of `brCode`: every module centre has the colour of the
 * symbol that the brCode encodes to at level M, and the 4-module quiet zone is white. (No QR
 * decoder package is installed; this compares against the encoder's matrix instead.)
 */
function expectQrOf(bytes: Uint8Array, brCode: string, size: number): void {
  const png = readPng(bytes);
  expect([png.width, png.height]).toEqual([size, size]);
  const symbol = QRCode.create(brCode, { errorCorrectionLevel: 'M' });
  const n = symbol.modules.size;
  const scale = size / (n + 8);
  const centre = (module: number) => Math.floor((module + 0.5) * scale);
  let mismatches = 0;
  for (let row = -4; row < n + 4; row++) {
    for (let col = -4; col < n + 4; col++) {
      const inside = row >= 0 && col >= 0 && row < n && col < n;
      const expected = inside && symbol.modules.get(row, col) === 1;
      if (png.dark(centre(col + 4), centre(row + 4)) !== expected) mismatches++;
    }
  }
  expect(mismatches).toBe(0);
}

function pngOf(reply: ServiceReply): Uint8Array {
  if (!('bytes' in reply)) throw new Error(`expected PNG bytes, got ${reply.status} ${JSON.stringify(reply.body)}`);
  expect(reply.status).toBe(200);
  expect(reply.contentType).toMatch(/^image\/png/);
  return reply.bytes;
}

async function createQr(h: Harness, body: Record<string, unknown>, appId?: string) {
  const reply = await h.client.request('createPixQrCode', { body }, { appId });
  if (reply.status !== 200 || !('body' in reply)) throw new Error(`createPixQrCode answered ${reply.status}`);
  return (reply.body as { pixQrCode: any }).pixQrCode;
}

// An empty `size=` is no size (parse-request.ts): the default, tested below, not a bad size.
const BAD_SIZES = ['299', '4097', '0', 'abc', '800.5', '1e3', '-700', ' ', ' 800', '0x400', '99999999'];

describeContract('QR code images', (h, transport) => {
  it('renders a static QR code as a 1024 px PNG of its BR Code by default', async () => {
    const qr = await createQr(h(), { name: 'Balcão', value: 1500, comment: 'Obrigado!' });
    const png = pngOf(await h().client.request('getChargeQrImage', { params: { id: qr.paymentLinkID } }));
    expectQrOf(png, qr.brCode, 1024);
    // `?size=` as a client writes an unset size: no size, so the same default image.
    const unset = pngOf(
      await h().client.request('getChargeQrImage', { params: { id: qr.paymentLinkID }, query: { size: '' } }),
    );
    expect(Buffer.from(unset).equals(Buffer.from(png))).toBe(true);
  });

  // The spec's least size is 600; WHMCS asks for 300 (see qr-image-size.ts).
  it('honours size at both ends of 300..4096', async () => {
    const qr = await createQr(h(), { name: 'Sizes' });
    expectQrOf(
      pngOf(await h().client.request('getChargeQrImage', { params: { id: qr.id }, query: { size: '300' } })),
      qr.brCode,
      300,
    );
    expectQrOf(
      pngOf(await h().client.request('getChargeQrImage', { params: { id: qr.id }, query: { size: '600' } })),
      qr.brCode,
      600,
    );
    expectQrOf(
      pngOf(await h().client.request('getChargeQrImage', { params: { id: qr.id }, query: { size: '4096' } })),
      qr.brCode,
      4096,
    );
    expectQrOf(
      pngOf(await h().client.request('getChargeQrImage', { params: { id: qr.id }, query: { size: '0777' } })),
      qr.brCode,
      777,
    );
  });

  it('finds a static QR code by id, correlationID, identifier and paymentLinkID alike', async () => {
    const qr = await createQr(h(), { name: 'Ids', correlationID: 'ids' });
    const images = [];
    for (const id of [qr.id, qr.correlationID, qr.identifier, qr.paymentLinkID]) {
      images.push(
        Buffer.from(
          pngOf(await h().client.request('getChargeQrImage', { params: { id }, query: { size: '600' } })),
        ).toString('hex'),
      );
    }
    expect(new Set(images).size).toBe(1);
  });

  // The link is a URL on the listening server; the engine run has no server to fetch it from.
  it.skipIf(transport !== 'http')('serves the qrCodeImage link of a static QR code as it is written', async () => {
    const qr = await createQr(h(), { name: 'Link' });
    const response = await fetch(`${qr.qrCodeImage}?size=600`, { headers: { authorization: h().appId } });
    expect(response.status).toBe(200);
    expectQrOf(new Uint8Array(await response.arrayBuffer()), qr.brCode, 600);
  });

  it('renders a charge by paymentLinkID, correlationID, globalID and transactionID', async () => {
    const { charge } = await h().ok('createCharge', { body: { correlationID: 'img-charge', value: 2590 } });
    for (const id of [charge.paymentLinkID, charge.correlationID, charge.globalID, charge.transactionID]) {
      expectQrOf(
        pngOf(await h().client.request('getChargeQrImage', { params: { id }, query: { size: '600' } })),
        charge.brCode,
        600,
      );
    }
  });

  it('renders the newest charge of a payment link', async () => {
    await h().ok('createCharge', { body: { correlationID: 'l1', value: 100, paymentLinkID: 'link-1' } });
    h().clock.advance(1_000);
    const second = await h().ok('createCharge', { body: { correlationID: 'l2', value: 200, paymentLinkID: 'link-1' } });
    const png = pngOf(
      await h().client.request('getChargeQrImage', { params: { id: 'link-1' }, query: { size: '600' } }),
    );
    expectQrOf(png, second.charge.brCode, 600);
  });

  for (const size of BAD_SIZES) {
    it(`refuses size "${size}" with 400 {error} on both endpoints`, async () => {
      const qr = await createQr(h(), { name: 'Bad size' });
      for (const op of ['getChargeQrImage', 'getQrImageBase64'] as const) {
        const reply = await h().client.request(op, { params: { id: qr.paymentLinkID }, query: { size } });
        expect(reply).toMatchObject({ status: 400, body: { error: expect.stringContaining('size') } });
      }
    });
  }

  // The spec's error table: "QR image (png) | 400", "QR image (base64) | 200, 400, 500", no 404;
  // rule 1 makes that 400's body {error}. Another company's ids must answer exactly like unknown ones.
  it('answers 400 {error: "QR code not found"} for unknown ids, deleted QR codes and another company\'s QR codes and charges', async () => {
    const theirs = await createQr(h(), { name: 'Theirs' }, h().other.appId);
    const deleted = await createQr(h(), { name: 'Deleted' });
    await h().ok('deletePixQrCode', { params: { id: deleted.id } });
    const ids = ['unknown', theirs.id, theirs.paymentLinkID, theirs.identifier, deleted.paymentLinkID, deleted.id];
    const theirCharge = await h().client.request(
      'createCharge',
      { body: { correlationID: 'their-charge', value: 100 } },
      { appId: h().other.appId },
    );
    expect(theirCharge.status).toBe(200);
    const { charge } = (theirCharge as { body: any }).body;
    ids.push(charge.paymentLinkID, charge.correlationID, charge.globalID);
    for (const id of ids) {
      for (const op of ['getChargeQrImage', 'getQrImageBase64'] as const) {
        const reply = await h().client.request(op, { params: { id } });
        expect(reply, `${op} ${id}`).toEqual({ status: 400, body: { error: 'QR code not found' } });
      }
    }
  });

  it('gives the same PNG as a base64 data URI', async () => {
    const qr = await createQr(h(), { name: 'Base64', value: 990 });
    const body = await h().ok('getQrImageBase64', { params: { id: qr.id }, query: { size: '700' } });
    expect(body.success).toBe(true);
    const prefix = 'data:image/png;base64,';
    expect(body.imageBase64.startsWith(prefix)).toBe(true);
    const png = new Uint8Array(Buffer.from(body.imageBase64.slice(prefix.length), 'base64'));
    expectQrOf(png, qr.brCode, 700);
    const direct = pngOf(
      await h().client.request('getChargeQrImage', { params: { id: qr.id }, query: { size: '700' } }),
    );
    expect(Buffer.from(direct).equals(Buffer.from(png))).toBe(true);
    const byDefault = await h().ok('getQrImageBase64', { params: { id: qr.correlationID } });
    expect(readPng(new Uint8Array(Buffer.from(byDefault.imageBase64.slice(prefix.length), 'base64'))).width).toBe(1024);
  });

  // The real service's qrCodeImage is put in an <img> in the shopper's browser (WooCommerce,
  // Magento), which sends no AppID: the PNG route opens without one, but only by an id no one can
  // guess: the paymentLinkID the service gave (the link's public id written as a UUID, the id the
  // qrCodeImage URL carries, as the real service's does) or the public id itself.
  it('opens the qrCodeImage of a charge and of a static QR code without an AppID, by the service paymentLinkID', async () => {
    const { charge } = await h().ok('createCharge', { body: { correlationID: 'no-auth', value: 1_990 } });
    const qr = await createQr(h(), { name: 'Sem AppID', value: 500 });
    for (const record of [charge, qr]) {
      expect(record.qrCodeImage).toBe(`${h().baseUrl}/openpix/charge/brcode/image/${record.paymentLinkID}.png`);
      const publicId = record.paymentLinkUrl.split('/pay/')[1];
      for (const id of [record.paymentLinkID, publicId]) {
        const reply = await h().client.request(
          'getChargeQrImage',
          { params: { id }, query: { size: '600' } },
          { appId: null },
        );
        expectQrOf(pngOf(reply), record.brCode, 600);
      }
    }
  });

  // WHMCS (ianchamba/openpix-whmcs) builds its own URL from charge.paymentLinkID, with size=300.
  it('draws the image WHMCS builds from paymentLinkID with ?size=300, without an AppID', async () => {
    const { charge } = await h().ok('createCharge', { body: { correlationID: '42', value: 1_990 } });
    const reply = await h().client.request(
      'getChargeQrImage',
      { params: { id: charge.paymentLinkID }, query: { size: '300' } },
      { appId: null },
    );
    expectQrOf(pngOf(reply), charge.brCode, 300);
  });

  it.skipIf(transport !== 'http')(
    'serves qrCodeImage to a request with no headers at all, as an <img> in a browser',
    async () => {
      const { charge } = await h().ok('createCharge', { body: { correlationID: 'browser', value: 1_234 } });
      const response = await fetch(charge.qrCodeImage);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^image\/png/);
      expectQrOf(new Uint8Array(await response.arrayBuffer()), charge.brCode, 1024);
    },
  );

  // A paymentLinkID the caller chose is caller text, which another company may choose too: it never
  // opens an image without an AppID, and the charge's qrCodeImage carries the link's public id.
  it('carries the public id, not a paymentLinkID the caller chose, and that one opens nothing without an AppID', async () => {
    const { charge } = await h().ok('createCharge', {
      body: { correlationID: 'fixo', value: 300, paymentLinkID: 'minha-loja' },
    });
    const publicId = charge.paymentLinkUrl.split('/pay/')[1];
    expect(charge.qrCodeImage).toBe(`${h().baseUrl}/openpix/charge/brcode/image/${publicId}.png`);
    expectQrOf(
      pngOf(
        await h().client.request(
          'getChargeQrImage',
          { params: { id: publicId }, query: { size: '600' } },
          { appId: null },
        ),
      ),
      charge.brCode,
      600,
    );
    expect(await h().client.request('getChargeQrImage', { params: { id: 'minha-loja' } }, { appId: null })).toEqual({
      status: 400,
      body: { error: 'QR code not found' },
    });
  });

  // Copying another company's service paymentLinkID as one's own (it is printed in every image URL)
  // must not take its image over, nor make a UUID of one's own choosing open anything.
  it('keeps a service paymentLinkID to its own link when another company chooses the same text', async () => {
    const { charge: victim } = await h().ok('createCharge', { body: { correlationID: 'original', value: 111 } });
    const copycat = (await h().client.request(
      'createCharge',
      { body: { correlationID: 'copia', value: 999, paymentLinkID: victim.paymentLinkID } },
      { appId: h().other.appId },
    )) as any;
    expect(copycat.status).toBe(200);
    expect(copycat.body.charge.qrCodeImage).not.toContain(victim.paymentLinkID);
    const anonymous = await h().client.request(
      'getChargeQrImage',
      { params: { id: victim.paymentLinkID }, query: { size: '600' } },
      { appId: null },
    );
    expectQrOf(pngOf(anonymous), victim.brCode, 600);
    const chosen = '0190f3b2-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
    await h().ok('createCharge', { body: { correlationID: 'escolhido', value: 5, paymentLinkID: chosen } });
    expect(await h().client.request('getChargeQrImage', { params: { id: chosen } }, { appId: null })).toEqual({
      status: 400,
      body: { error: 'QR code not found' },
    });
  });

  // The tenancy probe: without an AppID, any other id (the caller's own or another company's
  // correlationID, identifier, globalID…) answers exactly like an id that does not exist, so
  // nothing can be learnt by guessing; a deleted record's link opens nothing either.
  it('without an AppID, answers every other id exactly like an unknown one', async () => {
    const mine = (await h().ok('createCharge', { body: { correlationID: 'meu-pedido', value: 100 } })).charge;
    const theirs = (await h().client.request(
      'createCharge',
      { body: { correlationID: 'pedido-deles', value: 100 } },
      { appId: h().other.appId },
    )) as any;
    const myQr = await createQr(h(), { name: 'Meu', correlationID: 'meu-qr', identifier: 'meuqr1' });
    const deleted = (await h().ok('createCharge', { body: { correlationID: 'apagada', value: 100 } })).charge;
    await h().ok('deleteCharge', { params: { id: 'apagada' } });
    const unknown = await h().client.request('getChargeQrImage', { params: { id: 'nao-existe' } }, { appId: null });
    expect(unknown).toEqual({ status: 400, body: { error: 'QR code not found' } });
    const probes = [
      mine.correlationID,
      mine.globalID,
      mine.transactionID,
      mine.identifier,
      theirs.body.charge.correlationID,
      theirs.body.charge.globalID,
      theirs.body.charge.transactionID,
      myQr.id,
      myQr.correlationID,
      myQr.identifier,
      deleted.paymentLinkID,
      deleted.paymentLinkUrl.split('/pay/')[1],
      '0'.repeat(32),
      mine.paymentLinkID.toUpperCase(),
    ];
    for (const id of probes) {
      expect(await h().client.request('getChargeQrImage', { params: { id } }, { appId: null }), id).toEqual(unknown);
    }
  });

  it("with one company's AppID, answers every id of another company, its paymentLinkID and public id included, like an unknown one", async () => {
    const theirs = (
      (await h().client.request(
        'createCharge',
        { body: { correlationID: 'deles', value: 100 } },
        { appId: h().other.appId },
      )) as any
    ).body.charge;
    const theirQr = await createQr(h(), { name: 'Deles' }, h().other.appId);
    const ids = [
      theirs.paymentLinkID,
      theirs.paymentLinkUrl.split('/pay/')[1],
      theirQr.paymentLinkID,
      theirQr.paymentLinkUrl.split('/pay/')[1],
      theirs.correlationID,
      theirQr.correlationID,
    ];
    for (const id of ids) {
      for (const op of ['getChargeQrImage', 'getQrImageBase64'] as const) {
        expect(await h().client.request(op, { params: { id } }), `${op} ${id}`).toEqual({
          status: 400,
          body: { error: 'QR code not found' },
        });
      }
    }
    // Their AppID opens their own.
    const own = await h().client.request(
      'getChargeQrImage',
      { params: { id: theirs.paymentLinkID }, query: { size: '600' } },
      { appId: h().other.appId },
    );
    expectQrOf(pngOf(own), theirs.brCode, 600);
  });

  it('with the AppID, opens every id of the caller as before, and the public id too; a wrong AppID is still 401', async () => {
    const { charge } = await h().ok('createCharge', { body: { correlationID: 'com-appid', value: 700 } });
    const publicId = charge.paymentLinkUrl.split('/pay/')[1];
    for (const id of [charge.correlationID, charge.paymentLinkID, charge.globalID, publicId]) {
      expectQrOf(
        pngOf(await h().client.request('getChargeQrImage', { params: { id }, query: { size: '600' } })),
        charge.brCode,
        600,
      );
    }
    expect(
      await h().client.request(
        'getChargeQrImage',
        { params: { id: charge.paymentLinkID } },
        { appId: 'not-an-app-id' },
      ),
    ).toMatchObject({ status: 401 });
    // The base64 route is an API call of a server, not an <img>: it still needs the AppID.
    expect(
      (await h().client.request('getQrImageBase64', { params: { id: charge.paymentLinkID } }, { appId: null })).status,
    ).toBe(401);
  });
});
