// The public payment page behind `paymentLinkUrl` (GET /pay/:publicId). It needs no AppID, so it
// is tested over real HTTP, with two companies in one database: a link belongs to one company,
// and its public id is the service's own random id, never text a caller chose.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeBrCode } from '#lib/pix';
import { createHarness, type Harness } from '#test/support/harness';

const PUBLIC_LINK_URL = /\/pay\/([0-9a-f]{32})$/;

async function page(url: string): Promise<{ status: number; html: string }> {
  const response = await fetch(url);
  return { status: response.status, html: await response.text() };
}

/** The Pix copy-and-paste code the page prints (HTML-escaped like all page text). */
function pageBrCode(html: string): string | undefined {
  return /<p class="code">([^<]+)<\/p>/
    .exec(html)?.[1]
    ?.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
}

describe('payment links over HTTP', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness('http');
  });
  afterEach(async () => {
    await h.close();
  });

  const createCharge = async (body: Record<string, unknown>, appId = h.appId) => {
    const reply = await h.client.request('createCharge', { body }, { appId });
    if (reply.status !== 200 || !('body' in reply))
      throw new Error(`createCharge answered ${reply.status}: ${JSON.stringify(reply)}`);
    return (reply.body as { charge: any }).charge;
  };

  it('keeps a company’s public page its own when another company uses the same paymentLinkID', async () => {
    const mine = await createCharge({ correlationID: 'a-1', value: 4590, paymentLinkID: 'loja-centro' });
    const theirs = await createCharge({ correlationID: 'b-1', value: 1, paymentLinkID: 'loja-centro' }, h.other.appId);
    // The API keeps the caller's grouping key as given …
    expect(mine.paymentLinkID).toBe('loja-centro');
    expect(theirs.paymentLinkID).toBe('loja-centro');
    // … but the public URL is the service's opaque id, one per (company, paymentLinkID).
    expect(mine.paymentLinkUrl).toMatch(PUBLIC_LINK_URL);
    expect(theirs.paymentLinkUrl).toMatch(PUBLIC_LINK_URL);
    expect(theirs.paymentLinkUrl).not.toBe(mine.paymentLinkUrl);
    expect(mine.paymentLinkUrl.startsWith(`${h.baseUrl}/pay/`)).toBe(true);
    expect(mine.paymentLinkUrl).not.toContain('loja-centro');

    const ours = await page(mine.paymentLinkUrl);
    expect(ours.status).toBe(200);
    expect(ours.html).toContain('R$\u00a045,90');
    expect(ours.html).not.toContain('R$\u00a00,01');
    expect(pageBrCode(ours.html)).toBe(mine.brCode);
    const other = await page(theirs.paymentLinkUrl);
    expect(other.status).toBe(200);
    expect(other.html).toContain('R$\u00a00,01');
    expect(pageBrCode(other.html)).toBe(theirs.brCode);
  });

  it('gives the charges of one link one public page, showing the newest', async () => {
    const first = await createCharge({ correlationID: 'l-1', value: 1000, paymentLinkID: 'mesa-3' });
    const second = await createCharge({ correlationID: 'l-2', value: 2500, paymentLinkID: 'mesa-3' });
    const unlinked = await createCharge({ correlationID: 'l-3', value: 700 });
    expect(second.paymentLinkUrl).toBe(first.paymentLinkUrl);
    expect(unlinked.paymentLinkUrl).toMatch(PUBLIC_LINK_URL);
    expect(unlinked.paymentLinkUrl).not.toBe(first.paymentLinkUrl);
    const shown = await page(first.paymentLinkUrl);
    expect(shown.html).toContain('R$\u00a025,00');
    expect(pageBrCode(shown.html)).toBe(second.brCode);
    // The same link reads back the same from every endpoint.
    const got = await h.ok('getCharge', { params: { id: 'l-1' } });
    expect(got.charge.paymentLinkUrl).toBe(first.paymentLinkUrl);
  });

  it('answers 404 for an unknown public id and for the caller-chosen paymentLinkID itself', async () => {
    const charge = await createCharge({ correlationID: 'x-1', value: 990, paymentLinkID: 'vitrine' });
    expect((await page(`${h.baseUrl}/pay/vitrine`)).status).toBe(404);
    expect((await page(`${h.baseUrl}/pay/${'0'.repeat(32)}`)).status).toBe(404);
    expect((await page(`${h.baseUrl}/pay/not-an-id`)).status).toBe(404);
    expect((await page(charge.paymentLinkUrl)).status).toBe(200);
  });

  it('serves a static QR code’s page: its value, or that the payer chooses the amount, and its BR Code', async () => {
    const fixed = (await h.ok('createPixQrCode', { body: { name: 'Mesa 7', value: 1050, comment: 'Café' } })).pixQrCode;
    const open = (await h.ok('createPixQrCode', { body: { name: 'Doações' } })).pixQrCode;
    for (const qr of [fixed, open]) {
      expect(qr.paymentLinkUrl).toMatch(PUBLIC_LINK_URL);
      expect(qr.paymentLinkUrl).not.toContain(qr.paymentLinkID);
    }
    const fixedPage = await page(fixed.paymentLinkUrl);
    expect(fixedPage.status).toBe(200);
    expect(fixedPage.html).toContain('R$\u00a010,50');
    expect(fixedPage.html).toContain('Café');
    expect(pageBrCode(fixedPage.html)).toBe(fixed.brCode);
    expect(fixedPage.html).toContain('data:image/png;base64,');
    const openPage = await page(open.paymentLinkUrl);
    expect(openPage.status).toBe(200);
    expect(openPage.html).toContain('Você escolhe o valor');
    expect(pageBrCode(openPage.html)).toBe(open.brCode);
    expect(decodeBrCode(pageBrCode(openPage.html)!).amountCents).toBeUndefined();
    // A deleted QR code is gone for the API, and so is its page.
    await h.ok('deletePixQrCode', { params: { id: fixed.id } });
    expect((await page(fixed.paymentLinkUrl)).status).toBe(404);
  });

  it('refuses a charge whose paymentLinkID is a static QR code’s, writing nothing', async () => {
    const qr = (await h.ok('createPixQrCode', { body: { name: 'Caixa' } })).pixQrCode;
    const before = h.counts('charges', 'events', 'payment_links');
    const reply = await h.client.request('createCharge', {
      body: { correlationID: 'clash', value: 100, paymentLinkID: qr.paymentLinkID },
    });
    expect(reply).toEqual({ status: 400, body: { error: expect.stringContaining('static QR code') } });
    expect(h.counts('charges', 'events', 'payment_links')).toEqual(before);
    // Another company may use that text as its own grouping key: links are per company.
    expect(
      (
        await h.client.request(
          'createCharge',
          { body: { correlationID: 'clash', value: 100, paymentLinkID: qr.paymentLinkID } },
          { appId: h.other.appId },
        )
      ).status,
    ).toBe(200);
    expect((await page(qr.paymentLinkUrl)).html).toContain('Você escolhe o valor');
  });
});
