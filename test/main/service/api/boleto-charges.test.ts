// BOLETO charges (issue 25). WooCommerce's boleto gateway (Open-Pix/woocommerce-openpix,
// includes/class-wc-openpix-boleto.php) creates `type: "BOLETO"` charges with interests, fines and
// daysAfterDueDate, and reads `charge.paymentMethods.boleto.{boletoBarcode, boletoDigitable,
// barcodeImage}` for the buyer. The barcode must be a real one: the sandbox's own validator
// (POST /api/v1/boleto/validate) reads it back to the charge's value and due day, and the image is
// an Interleaved 2 of 5 of exactly those 44 digits, loadable without an AppID like qrCodeImage.
import { expect, it } from 'vitest';
import type { ServiceReply } from '#shared/service/service-api';
import { describeContract, type Harness } from '#test/support/harness';
import { readPng } from '#test/support/png-raster';

/** The 2-of-5 patterns of the digits 0–9, wide elements as 1 (FEBRABAN / ITF). */
const ITF_DIGITS = ['00110', '10001', '01001', '11000', '00101', '10100', '01100', '00011', '10010', '01010'];

/**
 * Reads the digits of an Interleaved 2 of 5 PNG along its middle row: runs of dark and light
 * pixels, each narrow or wide, after the start pattern (four narrow elements); each pair of
 * digits is five bars (the first digit) interleaved with five spaces (the second).
 */
function readItf(bytes: Uint8Array): string {
  const png = readPng(bytes);
  const y = Math.floor(png.height / 2);
  const runs: number[] = [];
  let x = 0;
  while (x < png.width && !png.dark(x, y)) x++;
  let lastDark = png.width - 1;
  while (lastDark > x && !png.dark(lastDark, y)) lastDark--;
  while (x <= lastDark) {
    const dark = png.dark(x, y);
    let width = 0;
    while (x <= lastDark && png.dark(x, y) === dark) {
      width++;
      x++;
    }
    runs.push(width);
  }
  const threshold = (Math.min(...runs) + Math.max(...runs)) / 2;
  const wide = runs.map((w) => (w > threshold ? '1' : '0'));
  expect(wide.slice(0, 4).join('')).toBe('0000'); // start: narrow bar, space, bar, space
  expect(wide.slice(-3).join('')).toBe('100'); // stop: wide bar, narrow space, narrow bar
  const body = wide.slice(4, -3);
  expect(body.length % 10).toBe(0);
  let digits = '';
  for (let i = 0; i < body.length; i += 10) {
    const pair = body.slice(i, i + 10);
    for (const pattern of [pair.filter((_, j) => j % 2 === 0).join(''), pair.filter((_, j) => j % 2 === 1).join('')]) {
      const digit = ITF_DIGITS.indexOf(pattern);
      expect(digit, `pattern ${pattern}`).toBeGreaterThanOrEqual(0);
      digits += digit;
    }
  }
  return digits;
}

function pngOf(reply: ServiceReply): Uint8Array {
  if (!('bytes' in reply)) throw new Error(`expected PNG bytes, got ${reply.status} ${JSON.stringify(reply.body)}`);
  expect(reply.status).toBe(200);
  expect(reply.contentType).toMatch(/^image\/png/);
  return reply.bytes;
}

/** The body WooCommerce's boleto gateway sends (process_payment), order 42 of R$ 129,90. */
const wooCommerceBoleto = (order: number, value = 12_990) => ({
  correlationID: `wc_order_aBcD${order}-${order}`,
  value,
  type: 'BOLETO',
  comment: `Order #${order}`,
  customer: {
    name: 'Maria da Silva',
    email: 'maria@example.com',
    taxID: '12345678909',
    phone: '5511999998888',
    address: {
      zipcode: '01310100',
      street: 'Avenida Paulista',
      number: '1000',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      complement: '',
      country: 'BR',
    },
  },
  additionalInfo: [{ key: 'Order', value: order }],
  interests: { value: 100 },
  fines: { value: 200 },
  daysAfterDueDate: 5,
});

/** The id a barcodeImage URL carries. */
function imageIdOf(barcodeImage: string): string {
  const match = /\/openpix\/charge\/boleto\/barcode\/([^/]+)\.png$/.exec(barcodeImage);
  if (!match) throw new Error(`not a barcode image URL: ${barcodeImage}`);
  return match[1]!;
}

async function createBoleto(h: Harness, order: number, value?: number) {
  const reply = await h.client.request('createCharge', { body: wooCommerceBoleto(order, value) });
  // WooCommerce takes only exactly 200 for success.
  expect(reply.status, JSON.stringify('body' in reply ? reply.body : null)).toBe(200);
  return (reply as { body: any }).body.charge;
}

describeContract('BOLETO charges', (h, transport) => {
  it('answers WooCommerce with paymentMethods.boleto: a 44-digit barcode, a 47-digit line and an image URL', async () => {
    const charge = await createBoleto(h(), 42);
    const boleto = charge.paymentMethods.boleto;
    expect(boleto).toEqual({
      method: 'BOLETO',
      value: 12_990,
      status: 'ACTIVE',
      fee: 0,
      boletoBarcode: expect.stringMatching(/^\d{44}$/),
      boletoDigitable: expect.stringMatching(/^\d{47}$/),
      barcodeImage: `${h().baseUrl}/openpix/charge/boleto/barcode/${charge.paymentLinkID}.png`,
    });
    // Issued by the sandbox's institution (COMPE 694), in reais, for the charge's value.
    expect(boleto.boletoBarcode.slice(0, 4)).toBe('6949');
    expect(boleto.boletoBarcode.slice(9, 19)).toBe('0000012990');
    // Addressed like the QR image: by the paymentLinkID the service gave, which opens it without an AppID.
    expect(charge.qrCodeImage).toBe(`${h().baseUrl}/openpix/charge/brcode/image/${charge.paymentLinkID}.png`);
    // The same barcode every time the charge is read, and in the list.
    expect((await h().ok('getCharge', { params: { id: charge.correlationID } })).charge.paymentMethods.boleto).toEqual(
      boleto,
    );
    expect((await h().ok('listCharges')).charges[0].paymentMethods.boleto).toEqual(boleto);
    // A Pix charge has none.
    const pix = (await h().ok('createCharge', { body: { correlationID: 'pix', value: 100 } })).charge;
    expect(pix.paymentMethods.boleto).toBeUndefined();
  });

  it("is read back by the sandbox's own validator: the charge's value, due day and issuing bank, by barcode or line", async () => {
    const charge = await createBoleto(h(), 43, 250_075);
    expect(charge.dueDate).toBeDefined();
    const { boletoBarcode, boletoDigitable } = charge.paymentMethods.boleto;
    for (const barcode of [boletoBarcode, boletoDigitable]) {
      const { boleto } = await h().ok('validateBoleto', { body: { barcode } });
      expect(boleto).toMatchObject({
        barcode: boletoBarcode,
        digitable: boletoDigitable,
        totalValue: 250_075,
        issuingEntity: { code: '694', name: 'WOOVI IP LTDA.' },
      });
      // The end of the due day in São Paulo (-03:00), the day the charge is due.
      const dueDay = new Date(new Date(charge.dueDate).getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
      expect(boleto.expiresDate).toBe(new Date(Date.parse(`${dueDay}T23:59:59.999-03:00`)).toISOString());
    }
    // Two charges of the same value and day never share a barcode.
    const other = await createBoleto(h(), 44, 250_075);
    expect(other.paymentMethods.boleto.boletoBarcode).not.toBe(boletoBarcode);
    expect(other.paymentMethods.boleto.boletoBarcode.slice(5, 19)).toBe(boletoBarcode.slice(5, 19));
  });

  it('serves the barcode image without an AppID by its public id: an Interleaved 2 of 5 of exactly those digits', async () => {
    const charge = await createBoleto(h(), 45);
    const png = pngOf(
      await h().client.request(
        'getBoletoBarcodeImage',
        { params: { id: imageIdOf(charge.paymentMethods.boleto.barcodeImage) } },
        { appId: null },
      ),
    );
    expect(readItf(png)).toBe(charge.paymentMethods.boleto.boletoBarcode);
    const byPublicId = pngOf(
      await h().client.request(
        'getBoletoBarcodeImage',
        { params: { id: charge.paymentLinkUrl.split('/pay/')[1] } },
        { appId: null },
      ),
    );
    expect(Buffer.from(byPublicId).equals(Buffer.from(png))).toBe(true);
    // With the AppID, by any of the charge's ids too.
    const withAppId = pngOf(
      await h().client.request('getBoletoBarcodeImage', { params: { id: charge.correlationID } }),
    );
    expect(Buffer.from(withAppId).equals(Buffer.from(png))).toBe(true);
  });

  it.skipIf(transport !== 'http')('loads barcodeImage as written, from a request with no headers', async () => {
    const charge = await createBoleto(h(), 46);
    const response = await fetch(charge.paymentMethods.boleto.barcodeImage);
    expect(response.status).toBe(200);
    expect(readItf(new Uint8Array(await response.arrayBuffer()))).toBe(charge.paymentMethods.boleto.boletoBarcode);
  });

  it("opens no other id without an AppID, nor another company's boleto with an AppID, nor a Pix charge's", async () => {
    const charge = await createBoleto(h(), 47);
    const pix = (await h().ok('createCharge', { body: { correlationID: 'pix-only', value: 100 } })).charge;
    const notFound = { status: 400, body: { error: 'Boleto not found' } };
    for (const id of [
      charge.correlationID,
      charge.globalID,
      charge.transactionID,
      charge.identifier,
      'f'.repeat(32),
      pix.paymentLinkID,
    ]) {
      expect(await h().client.request('getBoletoBarcodeImage', { params: { id } }, { appId: null }), id).toEqual(
        notFound,
      );
    }
    for (const id of [charge.paymentLinkID, charge.paymentLinkUrl.split('/pay/')[1], charge.correlationID]) {
      expect(
        await h().client.request('getBoletoBarcodeImage', { params: { id } }, { appId: h().other.appId }),
        id,
      ).toEqual(notFound);
    }
  });

  it('refuses a boleto the barcode cannot carry: a value over 10 digits, a due date beyond the factor range', async () => {
    const before = h().counts('charges', 'payment_links', 'events');
    const tooMuch = await h().client.request('createCharge', {
      body: { ...wooCommerceBoleto(48), value: 10_000_000_000 },
    });
    expect(tooMuch).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('at most 9999999999 cents') },
    });
    const tooFar = await h().client.request('createCharge', {
      body: { correlationID: 'longe', value: 100, type: 'BOLETO', dueDate: '2042-01-01' },
    });
    expect(tooFar).toMatchObject({ status: 400, body: { error: expect.stringContaining('5500 days') } });
    expect(h().counts('charges', 'payment_links', 'events')).toEqual(before);
    // The same value as a Pix charge is fine: only the barcode's field is narrower.
    expect(
      (await h().client.request('createCharge', { body: { correlationID: 'pix-grande', value: 10_000_000_000 } }))
        .status,
    ).toBe(200);
  });

  // WooCommerce's Pix Parcelado and Pix Crediário gateways send these; the sandbox has neither.
  it('refuses the charge types the sandbox does not implement with a 400 naming the type, writing nothing', async () => {
    const before = h().counts('charges', 'payment_links', 'events');
    for (const type of ['PIX_CREDIT', 'PIX_CREDIARY']) {
      const reply = await h().client.request('createCharge', {
        body: { correlationID: `t-${type}`, value: 100, type },
      });
      expect(reply, type).toMatchObject({
        status: 400,
        body: { error: expect.stringContaining(`${type} is not implemented by this sandbox`) },
      });
    }
    const unknown = await h().client.request('createCharge', {
      body: { correlationID: 't-x', value: 100, type: 'CARTAO' },
    });
    expect(unknown).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('type must be DYNAMIC, OVERDUE or BOLETO') },
    });
    expect(h().counts('charges', 'payment_links', 'events')).toEqual(before);
  });
});
