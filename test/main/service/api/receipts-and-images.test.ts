import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeContract, type Harness } from '#test/support/harness';

function pdfText(h: Harness, name: string, bytes: Uint8Array): string {
  mkdirSync('test-artifacts/receipts-api', { recursive: true });
  const path = `test-artifacts/receipts-api/${name}-${h.transport}.pdf`;
  writeFileSync(path, bytes);
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
}

function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = Buffer.from(bytes);
  expect(view.subarray(1, 4).toString()).toBe('PNG');
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}

describeContract('receipts', (h) => {
  it('renders pix-in and pix-refund receipts as PDFs with payer, receiver, value, time and end-to-end id', async () => {
    const { charge } = await h().ok('createCharge', { body: { correlationID: 'cafe', value: 1234 } });
    const { transaction } = await h().ok('sandboxPayBrCode', {
      body: { brCode: charge.brCode, payer: { name: 'João da Silva', taxID: '529.982.247-25' } },
    });
    const pixIn = await h().client.request('getReceipt', {
      params: { receiptType: 'pix-in', endToEndId: transaction.endToEndId },
    });
    expect(pixIn.status).toBe(200);
    if (!('bytes' in pixIn)) throw new Error('expected a PDF');
    expect(pixIn.contentType).toMatch(/application\/pdf/);
    const text = pdfText(h(), 'pix-in', pixIn.bytes);
    for (const expected of [
      'João da Silva',
      'R$ 12,34',
      transaction.endToEndId,
      'Balcão Sandbox',
      '22/11/2026 12:00:00',
      '***.982.247-**',
    ]) {
      expect(text.replace(/\u00a0/g, ' ')).toContain(expected);
    }

    const { refund } = await h().ok('createChargeRefund', {
      params: { id: 'cafe' },
      body: { correlationID: 'dev', value: 234, comment: 'Produto em falta' },
    });
    const pixRefund = await h().client.request('getReceipt', {
      params: { receiptType: 'pix-refund', endToEndId: refund.endToEndId },
    });
    if (!('bytes' in pixRefund)) throw new Error('expected a PDF');
    const refundText = pdfText(h(), 'pix-refund', pixRefund.bytes).replace(/\u00a0/g, ' ');
    expect(refundText).toContain('R$ 2,34');
    expect(refundText).toContain('Produto em falta');
    expect(refundText).toContain(transaction.endToEndId);
  });

  it('lays a receipt out for 80 mm thermal paper on request, A4 by default', async () => {
    const { charge } = await h().ok('createCharge', { body: { correlationID: 'thermal', value: 990 } });
    const { transaction } = await h().ok('sandboxPayBrCode', { body: { brCode: charge.brCode } });
    const params = { receiptType: 'pix-in', endToEndId: transaction.endToEndId };
    const widthOf = async (query: Record<string, string>) => {
      const reply = await h().client.request('getReceipt', { params, query });
      if (!('bytes' in reply)) throw new Error(`expected a PDF, got ${reply.status}`);
      const { PDFDocument } = await import('pdf-lib');
      return (await PDFDocument.load(reply.bytes)).getPage(0).getWidth();
    };
    expect(await widthOf({})).toBeCloseTo(595.28, 0);
    expect(await widthOf({ layout: 'a4' })).toBeCloseTo(595.28, 0);
    expect(await widthOf({ layout: 'thermal80' })).toBeCloseTo((80 / 25.4) * 72, 0);
    expect((await h().client.request('getReceipt', { params, query: { layout: 'letter' } })).status).toBe(400);
  });

  // Issue 8: a payer's bank may send a name with a line break; the thermal layout answered 500.
  it('prints thermal receipts of a payer whose name and refund comment hold line breaks', async () => {
    const { charge } = await h().ok('createCharge', { body: { correlationID: 'quebra', value: 1500 } });
    const { transaction } = await h().ok('sandboxPayBrCode', {
      body: { brCode: charge.brCode, payer: { name: 'Maria\nda\rPenha\u2028Souza' } },
    });
    const { refund } = await h().ok('createChargeRefund', {
      params: { id: 'quebra' },
      body: { correlationID: 'quebra-dev', value: 500, comment: 'Troca\r\nde\u2029produto' },
    });
    const receipts = { 'pix-in': transaction.endToEndId, 'pix-refund': refund.endToEndId };
    for (const [receiptType, endToEndId] of Object.entries(receipts)) {
      const reply = await h().client.request('getReceipt', {
        params: { receiptType, endToEndId },
        query: { layout: 'thermal80' },
      });
      expect(reply.status, receiptType).toBe(200);
      if (!('bytes' in reply)) throw new Error(`expected a PDF for ${receiptType}`);
      expect(reply.contentType).toMatch(/application\/pdf/);
      const text = pdfText(h(), `line-breaks-${receiptType}-thermal80`, reply.bytes).replace(/\s+/g, ' ');
      expect(text).toContain('Maria da Penha Souza');
      if (receiptType === 'pix-refund') expect(text).toContain('Troca de produto');
    }
  });

  it('answers 400 for a bad type or id, 404 for unknown or another company’s receipts', async () => {
    const { charge } = await h().ok('createCharge', { body: { correlationID: 'x', value: 100 } });
    const { transaction } = await h().ok('sandboxPayBrCode', { body: { brCode: charge.brCode } });
    expect(
      (
        await h().client.request('getReceipt', {
          params: { receiptType: 'pix-cash', endToEndId: transaction.endToEndId },
        })
      ).status,
    ).toBe(400);
    expect(
      (await h().client.request('getReceipt', { params: { receiptType: 'pix-in', endToEndId: 'E123' } })).status,
    ).toBe(400);
    expect(
      (
        await h().client.request('getReceipt', {
          params: { receiptType: 'pix-out', endToEndId: transaction.endToEndId },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await h().client.request('getReceipt', {
          params: { receiptType: 'pix-refund', endToEndId: transaction.endToEndId },
        })
      ).status,
    ).toBe(404);
    const foreign = await h().client.request(
      'getReceipt',
      { params: { receiptType: 'pix-in', endToEndId: transaction.endToEndId } },
      { appId: h().other.appId },
    );
    expect(foreign).toMatchObject({ status: 404, body: { error: 'Receipt not found' } });
  });
});

describeContract('QR images', (h) => {
  it('serves a PNG of the requested size by payment link id, and base64 of a static QR code', async () => {
    const { charge } = await h().ok('createCharge', { body: { correlationID: 'img', value: 100 } });
    const png = await h().client.request('getChargeQrImage', { params: { id: charge.paymentLinkID } });
    if (!('bytes' in png)) throw new Error('expected a PNG');
    expect(png.contentType).toBe('image/png');
    expect(pngSize(png.bytes)).toEqual({ width: 1024, height: 1024 });
    const big = await h().client.request('getChargeQrImage', {
      params: { id: charge.paymentLinkID },
      query: { size: '4096' },
    });
    if (!('bytes' in big)) throw new Error('expected a PNG');
    expect(pngSize(big.bytes).width).toBe(4096);
    const qr = (await h().ok('createPixQrCode', { body: { name: 'Mesa 4', value: 990 } })).pixQrCode;
    const b64 = await h().ok('getQrImageBase64', { params: { id: qr.id }, query: { size: '600' } });
    expect(b64.success).toBe(true);
    expect(pngSize(Buffer.from(b64.imageBase64.replace('data:image/png;base64,', ''), 'base64')).width).toBe(600);
  });

  it('answers 400 { error } for sizes outside 300–4096 and for unknown or foreign ids (the spec lists no 404)', async () => {
    const { charge } = await h().ok('createCharge', { body: { correlationID: 'img', value: 100 } });
    for (const size of ['299', '4097', 'abc', '1024.5', '-1']) {
      for (const op of ['getChargeQrImage', 'getQrImageBase64'] as const) {
        const reply = await h().client.request(op, { params: { id: charge.paymentLinkID }, query: { size } });
        expect(reply.status, `${op} ${size}`).toBe(400);
        expect('body' in reply && typeof (reply.body as any).error).toBe('string');
      }
    }
    expect(await h().client.request('getChargeQrImage', { params: { id: 'nope' } })).toEqual({
      status: 400,
      body: { error: 'QR code not found' },
    });
    const foreign = await h().client.request(
      'getChargeQrImage',
      { params: { id: charge.paymentLinkID } },
      { appId: h().other.appId },
    );
    expect(foreign).toEqual({ status: 400, body: { error: 'QR code not found' } });
  });
});
