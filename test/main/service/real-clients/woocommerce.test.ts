// Replay: the WooCommerce plugin, Open-Pix/woocommerce-openpix.
// Follows, request by request:
// - includes/class-wc-openpix-pix.php @c42ee58: openpix_configure_webhook (the one-click webhook:
//   GET /api/v1/webhook?url=<webhook URL, unencoded> then POST /api/v1/webhook with no event),
//   process_payment + getPayload + getCustomerData + formatPhone (POST /api/v1/charge, success
//   only on exactly 200, 401 "Invalid AppID", reads charge.paymentLinkUrl/qrCodeImage/brCode/pixKey);
// - includes/class-wc-openpix-boleto.php @3ef0a8a: process_payment of the Boleto gateway
//   (type BOLETO with interests, fines, daysAfterDueDate; success = no `error`/`errors` in the
//   body; reads charge.paymentMethods.boleto.{boletoBarcode, boletoDigitable, barcodeImage});
// - includes/customer/class-wc-openpix-customer.php (the customer address);
// - includes/webhook/class-wc-openpix-webhook.php @2f55055: the receiver (x-webhook-signature required and
//   verified with openssl_verify over the raw body, 400 otherwise; `evento == teste_webhook` → 200;
//   TRANSACTION_RECEIVED / CHARGE_COMPLETED → order paid on charge.status COMPLETED, deduped by
//   pix.endToEndId; a Pix with no charge.correlationID is "Pix Detached", 200);
// - includes/config/ProductionConfigStrategy.php (the webhook URL: home_url('/') . 'wc-api/<gateway>').
// The plugin's bodies are PHP json_encode / wp_json_encode output (`\/`, `\u00e9`), its order id
// an integer in additionalInfo. The qrCodeImage URL goes into the shopper's <img>.
// The Pix gateway of this version posts to /api/v1/charge with no ?return_existing=true and a
// uuid correlationID; its own ipn_handler is the webhook class's older twin (same checks, no
// event names), so the receiver follows the webhook class.
// Not replayed: a refund call; the versions of the plugin in the stored source show none.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boletoAmount, boletoProblems } from './support/boleto';
import {
  jsonDecode,
  startClientReceiver,
  type ClientReceiver,
  type IncomingWebhook,
  type ReceiverAnswer,
} from './support/client-receiver';
import { phpJsonEncode } from './support/php-json';
import { useServedSandbox } from './support/served-sandbox';
import { rsaSha256Valid } from './support/signatures';
import { loadAsImgTag, PNG_SIGNATURE, send, type WireReply } from './support/wire';

const sandbox = useServedSandbox();

const PLUGIN_VERSION = '2.13.0';
const STORE_NAME = 'Café do Zé';

/**
 * What WordPress's HTTP API (wp_remote_*, Requests) sends with the plugin's own headers; the
 * plugin sets Content-Type on its GETs too.
 */
function pluginHeaders(appId: string): Array<[string, string]> {
  return [
    ['User-Agent', 'WordPress/6.6.2; http://loja.example'],
    ['Accept-Encoding', 'deflate, gzip, br'],
    ['Accept', 'application/json'],
    ['Content-Type', 'application/json'],
    ['Authorization', appId],
    ['version', PLUGIN_VERSION],
    ['platform', 'WOOCOMMERCE'],
  ];
}

/** The shop's orders, as the plugin's post meta keeps them. */
interface ShopOrder {
  id: number;
  correlationID: string;
  status: 'pending' | 'processing';
  endToEndId?: string;
}

/** class-wc-openpix-webhook.php: validateWebhook then handleWebhookEvents. */
function woocommerceReceiver(orders: Map<string, ShopOrder>, publicKey: () => string) {
  return (request: IncomingWebhook): ReceiverAnswer => {
    const data = jsonDecode(request.rawBody) ?? {};
    const signature = request.headers['x-webhook-signature'];
    if (!signature || !rsaSha256Valid(request.rawBody, signature, publicKey())) {
      return { status: 400, body: { error: 'Invalid Webhook signature' } };
    }
    if (!data.event && !data.evento) return { status: 400, body: { error: 'Invalid Webhook Payload' } };
    if (data.pix !== undefined && data.pix !== null && !data.charge?.correlationID)
      return { status: 200, body: { message: 'Pix Detached' } };
    if (data.evento === 'teste_webhook') return { status: 200, body: { message: 'success' } };
    if (data.event !== 'OPENPIX:TRANSACTION_RECEIVED' && data.event !== 'OPENPIX:CHARGE_COMPLETED')
      return { status: 200 };
    const { correlationID, status } = data.charge;
    const order = orders.get(correlationID);
    if (!order)
      return { status: 200, body: { message: 'fail', error: 'order not found', correlationId: correlationID, status } };
    if (order.endToEndId) return { status: 200, body: { message: 'fail', error: 'order already with end to end id' } };
    if (order.status === 'pending' && status === 'COMPLETED') {
      order.status = 'processing';
      order.endToEndId = data.pix.endToEndId;
    }
    return { status: 200, body: { message: 'success', order_id: order.id, correlationId: correlationID, status } };
  };
}

describe('WooCommerce plugin (Open-Pix/woocommerce-openpix)', () => {
  const orders = new Map<string, ShopOrder>();
  let receiver: ClientReceiver;
  let key = '';
  let webhookUrl = '';
  const configure: { list?: WireReply; create?: WireReply; listAgain?: WireReply } = {};

  beforeAll(async () => {
    // The integrator swaps the plugin's hard-coded Woovi key for the sandbox's.
    key = await sandbox().webhookPublicKey();
    receiver = await startClientReceiver(woocommerceReceiver(orders, () => key));
    webhookUrl = `${receiver.url}/wc-api/WC_OpenPix_Pix_Gateway`;
    // openpix_configure_webhook: the admin's "configure now with one click".
    const { url, appId } = sandbox();
    configure.list = await send({
      method: 'GET',
      url: `${url}/api/v1/webhook?url=${webhookUrl}`,
      headers: pluginHeaders(appId),
    });
    const payload = { webhook: { name: 'WooCommerce-Webhook', url: webhookUrl, isActive: true } };
    configure.create = await send({
      method: 'POST',
      url: `${url}/api/v1/webhook`,
      headers: pluginHeaders(appId),
      body: phpJsonEncode(payload),
    });
    configure.listAgain = await send({
      method: 'GET',
      url: `${url}/api/v1/webhook?url=${webhookUrl}`,
      headers: pluginHeaders(appId),
    });
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('configures its webhook with one click: lists by its unencoded URL, creates one with no event, then finds it active', () => {
    expect(configure.list!.status, configure.list!.text).toBe(200);
    // The plugin loops over `webhooks` and reads isActive: the list must be there, empty or not.
    expect(Array.isArray(configure.list!.json?.webhooks), configure.list!.text).toBe(true);
    expect(configure.list!.json.webhooks.some((webhook: { isActive: boolean }) => webhook.isActive)).toBe(false);
    // Success is a body with neither `error` nor `errors`.
    expect(configure.create!.json, configure.create!.text).toBeTypeOf('object');
    expect(configure.create!.json).not.toHaveProperty('error');
    expect(configure.create!.json).not.toHaveProperty('errors');
    expect(configure.create!.json.webhook).toMatchObject({
      url: webhookUrl,
      isActive: true,
      event: 'OPENPIX:TRANSACTION_RECEIVED',
    });
    // The next click reads the same URL filter and must see the webhook active ("already configured").
    expect(
      configure.listAgain!.json?.webhooks?.map((webhook: { url: string; isActive: boolean }) => [
        webhook.url,
        webhook.isActive,
      ]),
    ).toEqual([[webhookUrl, true]]);
  });

  it('gets the signed teste_webhook ping when the webhook is created, and answers it 200', async () => {
    const ping = await receiver.next(
      'the teste_webhook ping',
      ({ request }) => jsonDecode(request.rawBody)?.evento === 'teste_webhook',
    );
    // 400 here means the ping was unsigned or signed with another key: the plugin refuses it.
    expect(ping.answer.status, JSON.stringify(ping.answer.body)).toBe(200);
  });

  describe('the Pix gateway at checkout', () => {
    const order: ShopOrder = { id: 42, correlationID: randomUUID(), status: 'pending' };
    let created: WireReply;

    beforeAll(async () => {
      orders.set(order.correlationID, order);
      // getPayload + getCustomerData: the billing CPF as the Brazilian checkout fields store it
      // (with its mask), the phone through formatPhone ('(11) 98765-4321' → 5511987654321).
      const payload = {
        correlationID: order.correlationID,
        value: 4990,
        comment: `${STORE_NAME}#${order.id}`,
        additionalInfo: [{ key: 'Order', value: order.id }],
        customer: { name: 'Maria Silva', email: 'maria@example.com', taxID: '529.982.247-25', phone: '5511987654321' },
      };
      created = await send({
        method: 'POST',
        url: `${sandbox().url}/api/v1/charge`,
        headers: pluginHeaders(sandbox().appId),
        body: phpJsonEncode(payload),
      });
    });

    it('sends its PHP body byte for byte (integer Order id, \\u00e9 escapes) and gets exactly 200', () => {
      expect(phpJsonEncode({ comment: `${STORE_NAME}#42` })).toBe('{"comment":"Caf\\u00e9 do Z\\u00e9#42"}');
      expect(created.status, created.text).toBe(200);
      const charge = created.json.charge;
      for (const field of ['paymentLinkUrl', 'qrCodeImage', 'brCode', 'pixKey']) {
        expect(
          typeof charge?.[field] === 'string' && charge[field] !== '',
          `charge.${field}: ${JSON.stringify(charge?.[field])}`,
        ).toBe(true);
      }
      // What the shopper sees: the escapes decoded, not stored as written.
      expect(charge.comment).toBe(`${STORE_NAME}#42`);
      expect(charge.value).toBe(4990);
    });

    it('puts qrCodeImage in an <img>: the browser loads it with no AppID and gets a PNG', async () => {
      const image = await loadAsImgTag(created.json.charge.qrCodeImage);
      expect(image.status, image.text.slice(0, 200)).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\/png/);
      expect(image.bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    });

    it('a paid order: the simulator pays it and the signed TRANSACTION_RECEIVED marks it paid with its endToEndId', async () => {
      const paid = await sandbox().simulatePayment({ transactionID: created.json.charge.transactionID });
      const endToEndId = paid.json.transaction.endToEndId;
      const delivery = await receiver.next('the paid order’s TRANSACTION_RECEIVED', ({ request }) => {
        const body = jsonDecode(request.rawBody);
        return body?.event === 'OPENPIX:TRANSACTION_RECEIVED' && body.charge?.correlationID === order.correlationID;
      });
      expect(delivery.answer.status, JSON.stringify(delivery.answer.body)).toBe(200);
      expect(delivery.answer.body).toMatchObject({ message: 'success', status: 'COMPLETED' });
      expect(order).toMatchObject({ status: 'processing', endToEndId });
      // Every delivery so far passed the plugin's signature check.
      expect(receiver.handled.filter((h) => h.answer.status === 400).map((h) => h.request.rawBody)).toEqual([]);
    });
  });

  describe('the Boleto gateway at checkout', () => {
    const order = { id: 43, key: 'wc_order_Xk29fQp1LmZa' };
    let created: WireReply;

    beforeAll(async () => {
      // generate_correlation_id: order_key-order_id; getCustomerData with the billing address
      // from WC_OpenPix_Customer::getCustomerAddress (no neighborhood meta: address_2 stands in).
      const payload = {
        correlationID: `${order.key}-${order.id}`,
        value: 15000,
        type: 'BOLETO',
        comment: `Order #${order.id}`,
        customer: {
          name: 'João Pereira',
          email: 'joao@example.com',
          taxID: '529.982.247-25',
          phone: '5511987654321',
          address: {
            zipcode: '01310-100',
            street: 'Avenida Paulista',
            number: '1000',
            neighborhood: 'Bela Vista',
            city: 'São Paulo',
            state: 'SP',
            complement: 'Bela Vista',
            country: 'BR',
          },
        },
        additionalInfo: [{ key: 'Order', value: order.id }],
        interests: { value: 100 },
        fines: { value: 200 },
        daysAfterDueDate: 3,
      };
      created = await send({
        method: 'POST',
        url: `${sandbox().url}/api/v1/charge`,
        headers: pluginHeaders(sandbox().appId),
        body: phpJsonEncode(payload),
      });
    });

    it('creates the BOLETO charge (success: no error in the body) and reads a valid barcode, digitable line and barcode image', async () => {
      expect(created.json, created.text).toBeTypeOf('object');
      expect(created.json).not.toHaveProperty('error');
      expect(created.json).not.toHaveProperty('errors');
      const boleto = created.json.charge?.paymentMethods?.boleto;
      expect(boleto, `paymentMethods: ${JSON.stringify(created.json.charge?.paymentMethods)}`).toBeTypeOf('object');
      expect(boletoProblems(String(boleto.boletoBarcode), String(boleto.boletoDigitable))).toEqual([]);
      expect(boletoAmount(boleto.boletoBarcode)).toBe(15000);
      // Saved as the order's "boletoPdf" and shown to the shopper: it must load without an AppID.
      const image = await loadAsImgTag(boleto.barcodeImage);
      expect(image.status, image.text.slice(0, 200)).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\//);
    });
  });
});
