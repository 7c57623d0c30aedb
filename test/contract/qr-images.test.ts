import { inflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import { expect, it } from 'vitest';
import type { ServiceReply } from '../../src/shared/service-api';
import { describeContract, type Harness } from '../support/harness';

interface Raster {
  width: number;
  height: number;
  /** Whether the pixel is dark (luma below half). */
  dark(x: number, y: number): boolean;
}

/**
 * A small PNG reader (8-bit grey/RGB/RGBA, non-interlaced: what the qrcode package writes), so
 * the test checks the pixels without a decoder package in package.json.
 */
function readPng(bytes: Uint8Array): Raster {
  const buf = Buffer.from(bytes);
  expect(buf.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  let offset = 8;
  let width = 0;
  let height = 0;
  let colorType = -1;
  const idat: Buffer[] = [];
  while (offset < buf.length) {
    const length = buf.readUInt32BE(offset);
    const type = buf.toString('latin1', offset + 4, offset + 8);
    const data = buf.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect(data[8]).toBe(8);
      colorType = data[9]!;
      expect(data[12]).toBe(0);
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[colorType];
  if (!channels) throw new Error(`unsupported PNG colour type ${colorType}`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? pixels[y * stride + i - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + i]! : 0;
      const c = y > 0 && i >= channels ? pixels[(y - 1) * stride + i - channels]! : 0;
      let predictor = 0;
      if (filter === 1) predictor = a;
      else if (filter === 2) predictor = b;
      else if (filter === 3) predictor = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      pixels[y * stride + i] = (line[i]! + predictor) & 0xff;
    }
  }
  return {
    width,
    height,
    dark(x, y) {
      const at = y * stride + x * channels;
      const luma = channels >= 3 ? (pixels[at]! + pixels[at + 1]! + pixels[at + 2]!) / 3 : pixels[at]!;
      return luma < 128;
    },
  };
}

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

const BAD_SIZES = ['599', '4097', '0', 'abc', '800.5', '1e3', '-700', '', ' 800', '0x400', '99999999'];

describeContract('QR code images', (h, transport) => {
  it('renders a static QR code as a 1024 px PNG of its BR Code by default', async () => {
    const qr = await createQr(h(), { name: 'Balcão', value: 1500, comment: 'Obrigado!' });
    const png = pngOf(await h().client.request('getChargeQrImage', { params: { id: qr.paymentLinkID } }));
    expectQrOf(png, qr.brCode, 1024);
  });

  it('honours size at both ends of 600..4096', async () => {
    const qr = await createQr(h(), { name: 'Sizes' });
    expectQrOf(pngOf(await h().client.request('getChargeQrImage', { params: { id: qr.id }, query: { size: '600' } })), qr.brCode, 600);
    expectQrOf(pngOf(await h().client.request('getChargeQrImage', { params: { id: qr.id }, query: { size: '4096' } })), qr.brCode, 4096);
    expectQrOf(pngOf(await h().client.request('getChargeQrImage', { params: { id: qr.id }, query: { size: '0777' } })), qr.brCode, 777);
  });

  it('finds a static QR code by id, correlationID, identifier and paymentLinkID alike', async () => {
    const qr = await createQr(h(), { name: 'Ids', correlationID: 'ids' });
    const images = [];
    for (const id of [qr.id, qr.correlationID, qr.identifier, qr.paymentLinkID]) {
      images.push(Buffer.from(pngOf(await h().client.request('getChargeQrImage', { params: { id }, query: { size: '600' } }))).toString('hex'));
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
      expectQrOf(pngOf(await h().client.request('getChargeQrImage', { params: { id }, query: { size: '600' } })), charge.brCode, 600);
    }
  });

  it('renders the newest charge of a payment link', async () => {
    await h().ok('createCharge', { body: { correlationID: 'l1', value: 100, paymentLinkID: 'link-1' } });
    h().clock.advance(1_000);
    const second = await h().ok('createCharge', { body: { correlationID: 'l2', value: 200, paymentLinkID: 'link-1' } });
    const png = pngOf(await h().client.request('getChargeQrImage', { params: { id: 'link-1' }, query: { size: '600' } }));
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
    const theirCharge = await h().client.request('createCharge', { body: { correlationID: 'their-charge', value: 100 } }, { appId: h().other.appId });
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
    const direct = pngOf(await h().client.request('getChargeQrImage', { params: { id: qr.id }, query: { size: '700' } }));
    expect(Buffer.from(direct).equals(Buffer.from(png))).toBe(true);
    const byDefault = await h().ok('getQrImageBase64', { params: { id: qr.correlationID } });
    expect(readPng(new Uint8Array(Buffer.from(byDefault.imageBase64.slice(prefix.length), 'base64'))).width).toBe(1024);
  });

  it('needs an AppID', async () => {
    const qr = await createQr(h(), { name: 'Auth' });
    expect((await h().client.request('getChargeQrImage', { params: { id: qr.id } }, { appId: null })).status).toBe(401);
    expect((await h().client.request('getQrImageBase64', { params: { id: qr.id } }, { appId: null })).status).toBe(401);
  });
});
