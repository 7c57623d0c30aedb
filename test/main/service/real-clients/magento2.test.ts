// Replay: the Magento 2 module, Open-Pix/magento2-openpix.
// Follows, request by request:
// - Pix/Controller/Adminhtml/System/Config/Button.php @698908e: the one-click webhook, under the
//   older prefix: GET /api/openpix/v1/webhook?url=<webhook URL, unencoded>, then
//   POST /api/openpix/v1/webhook {webhook: {name, url, authorization: <uuid>, isActive}} (no
//   event); reads webhook.authorization and webhook.hmacSecretKey from the answer;
// - Pix/Model/Pix/Pix.php @0301c94: getPayload/getCustomerData/formatPhone and handleCreateCharge
//   (POST /api/v1/charge, curl with Content-Type, Accept and Authorization; exactly 200 is
//   success, 401 "AppID Inválido"; reads charge.paymentLinkUrl, charge.qrCodeImage and the
//   top-level brCode), and refund() (POST /api/v1/charge/{id}/refund with
//   {correlationID: uuid4, value: round(floatval($value), 2) * 100}, a PHP float that
//   json_encode writes without ".0" when whole, and as 1989.9999999999998 for R$19.90);
// - Pix/Controller/Index/Webhook.php @6f2df8a: the receiver's authorization check (Authorization,
//   X-OpenPix-Authorization or ?authorization= equal to the configured uuid; 400 otherwise) and
//   its answers (400 with the handler's error, 200 otherwise);
// - Pix/Helper/WebhookHandler.php @6beed93: `evento` set → a test call, 200; a paid charge needs
//   charge.correlationID and pix.endToEndId; then the invoice, which Magento refuses for an
//   order already invoiced, so a repeated delivery is answered 400. The x-webhook-signature
//   check is from real-clients.md (the stored handler versions do not show it).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jsonDecode,
  startClientReceiver,
  type ClientReceiver,
  type IncomingWebhook,
  type ReceiverAnswer,
} from './support/client-receiver';
import { phpFloat, phpJsonEncode } from './support/php-json';
import { useServedSandbox } from './support/served-sandbox';
import { rsaSha256Valid } from './support/signatures';
import { until } from '#test/support/wait';
import { send, type WireReply } from './support/wire';

const sandbox = useServedSandbox();

/** The three headers every curl call of the module sets; curl adds none of its own but Host (Accept is the module's). */
const moduleHeaders = (appId: string): Array<[string, string]> => [
  ['Content-Type', 'application/json'],
  ['Accept', 'application/json'],
  ['Authorization', appId],
];

interface MagentoOrder {
  incrementId: string;
  correlationID: string;
  invoices: number;
  endToEndId?: string;
}

/** Controller/Index/Webhook.php + Helper/WebhookHandler.php + ChargePaid (invoice once). */
function magentoReceiver(orders: Map<string, MagentoOrder>, config: { authorization: string; publicKey: string }) {
  return (request: IncomingWebhook): ReceiverAnswer => {
    const authorized = [
      request.headers.authorization,
      request.headers['x-openpix-authorization'],
      request.query.get('authorization'),
    ].includes(config.authorization);
    if (!authorized) return { status: 400, body: { error: 'Invalid Webhook Authorization' } };
    if (!rsaSha256Valid(request.rawBody, request.headers['x-webhook-signature'], config.publicKey)) {
      return { status: 400, body: { error: 'Invalid Webhook Signature' } };
    }
    const body = jsonDecode(request.rawBody);
    if (body?.evento !== undefined) return { status: 200, body: { success: 'Webhook Test Call' } };
    if (!body?.charge?.correlationID || !body?.pix?.endToEndId)
      return { status: 400, body: { error: 'Invalid Webhook Payload' } };
    const order = orders.get(body.charge.correlationID);
    if (!order) return { status: 400, body: { error: 'Order not found' } };
    // $order->canInvoice() is false once invoiced: the delivery is refused.
    if (order.invoices > 0) return { status: 400, body: { error: 'Order already invoiced' } };
    order.invoices += 1;
    order.endToEndId = body.pix.endToEndId;
    return { status: 200, body: { success: 'Order invoiced' } };
  };
}

describe('Magento 2 module (Open-Pix/magento2-openpix)', () => {
  const orders = new Map<string, MagentoOrder>();
  const config = { authorization: randomUUID(), publicKey: '' };
  let receiver: ClientReceiver;
  let webhookUrl = '';
  const oneClick: { list?: WireReply; create?: WireReply } = {};

  beforeAll(async () => {
    config.publicKey = await sandbox().webhookPublicKey();
    receiver = await startClientReceiver(magentoReceiver(orders, config));
    webhookUrl = `${receiver.url}/openpix/index/webhook`;
    const { url, appId } = sandbox();
    oneClick.list = await send({
      method: 'GET',
      url: `${url}/api/openpix/v1/webhook?url=${webhookUrl}`,
      headers: moduleHeaders(appId),
    });
    const payload = {
      webhook: { name: 'Magento-2-Webhook', url: webhookUrl, authorization: config.authorization, isActive: true },
    };
    oneClick.create = await send({
      method: 'POST',
      url: `${url}/api/openpix/v1/webhook`,
      headers: moduleHeaders(appId),
      body: phpJsonEncode(payload),
    });
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('configures its webhook with one click under /api/openpix/v1 and reads authorization and hmacSecretKey', () => {
    expect(oneClick.list!.status, oneClick.list!.text).toBe(200);
    expect(Array.isArray(oneClick.list!.json?.webhooks), oneClick.list!.text).toBe(true);
    expect(oneClick.create!.json, oneClick.create!.text).not.toHaveProperty('error');
    const webhook = oneClick.create!.json?.webhook;
    expect(webhook, oneClick.create!.text).toBeTypeOf('object');
    expect(webhook.authorization).toBe(config.authorization);
    expect(
      typeof webhook.hmacSecretKey === 'string' && webhook.hmacSecretKey !== '',
      `hmacSecretKey: ${JSON.stringify(webhook.hmacSecretKey)}`,
    ).toBe(true);
  });

  it('answers the teste_webhook ping 200: it carries the webhook’s authorization and is signed', async () => {
    const ping = await receiver.next(
      'the teste_webhook ping',
      ({ request }) => jsonDecode(request.rawBody)?.evento === 'teste_webhook',
    );
    expect(ping.answer, JSON.stringify(ping.answer.body)).toMatchObject({ status: 200 });
  });

  /**
   * getAddress: Magento's four street lines (street, number, complement, neighborhood) and
   * $billing->getRegion(), the region's name ("São Paulo"), not its code.
   */
  const fourLineAddress = {
    zipcode: '04538-133',
    street: 'Avenida Brigadeiro Faria Lima',
    number: '3477',
    neighborhood: 'Itaim Bibi',
    city: 'São Paulo',
    state: 'São Paulo',
    complement: 'Torre A',
    country: 'BR',
  };

  /**
   * Pix.php order(): getPayload for a logged-in customer. The address goes only when every
   * field is filled (isValidAddress): a store with three street lines has no neighborhood.
   */
  async function placeOrder(
    incrementId: string,
    value: number,
    address?: typeof fourLineAddress,
  ): Promise<{ order: MagentoOrder; created: WireReply }> {
    const order: MagentoOrder = { incrementId, correlationID: randomUUID(), invoices: 0 };
    orders.set(order.correlationID, order);
    const customer: Record<string, unknown> = {
      name: 'João Souza',
      taxID: '52998224725',
      email: 'joao@example.com',
      phone: '5511912345678',
    };
    if (address) customer.address = address;
    const payload = {
      correlationID: order.correlationID,
      value,
      comment: `Loja Magento#${incrementId}`,
      customer: customer as { [key: string]: string },
      additionalInfo: [{ key: 'Pedido', value: incrementId }],
      giftbackValueToApply: 0,
    };
    const created = await send({
      method: 'POST',
      url: `${sandbox().url}/api/v1/charge`,
      headers: moduleHeaders(sandbox().appId),
      body: phpJsonEncode(payload),
    });
    return { order, created };
  }

  describe('an order of R$ 19,90 (a store with three street lines: no address sent)', () => {
    let order: MagentoOrder;
    let created: WireReply;

    beforeAll(async () => {
      ({ order, created } = await placeOrder('000000021', 1990));
    });

    it('creates the charge with its PHP body (extra giftbackValueToApply, \\u escapes) and gets exactly 200 with the top-level brCode', () => {
      expect(created.status, created.text).toBe(200);
      expect(typeof created.json.brCode === 'string' && created.json.brCode !== '').toBe(true);
      expect(created.json.charge).toMatchObject({
        paymentLinkUrl: expect.any(String),
        qrCodeImage: expect.any(String),
        brCode: created.json.brCode,
      });
      // The \u00e3 escape decoded: the customer as the payer will see it.
      expect(created.json.charge.customer?.name).toBe('João Souza');
    });

    it('is invoiced once from its webhook; a duplicate delivery of the same event gets Magento’s 400 and is shown as failed', async () => {
      await sandbox().simulatePayment({ transactionID: created.json.charge.transactionID });
      const first = await receiver.next(
        'the paid order’s delivery',
        ({ request }) => jsonDecode(request.rawBody)?.charge?.correlationID === order.correlationID,
      );
      expect(first.answer.status, JSON.stringify(first.answer.body)).toBe(200);
      expect(order.invoices).toBe(1);
      const eventId = first.request.headers['webhook-id'] as string;
      const webhookId = oneClick.create!.json.webhook.id;
      // The same event again (what a retry after a lost answer is): Magento refuses it.
      const replay = await send({
        method: 'POST',
        url: `${sandbox().url}/api/v1/webhook/${encodeURIComponent(webhookId)}/replay`,
        headers: moduleHeaders(sandbox().appId),
        body: JSON.stringify({ eventId }),
      });
      expect(replay.status, replay.text).toBe(200);
      const again = await receiver.next(
        'the repeated delivery',
        (h) => h !== first && h.request.headers['webhook-id'] === eventId,
      );
      expect(again.answer).toMatchObject({ status: 400, body: { error: 'Order already invoiced' } });
      expect(order.invoices).toBe(1);
      // The sandbox's deliveries list (its own extension) shows the refusal once recorded: the
      // first delivery DELIVERED, the repeated one failed and waiting for its next attempt.
      const statuses = await until(async () => {
        const deliveries = await send({
          method: 'GET',
          url: `${sandbox().url}/api/v1/webhook/${encodeURIComponent(webhookId)}/deliveries`,
          headers: moduleHeaders(sandbox().appId),
        });
        const ofEvent: Array<{ eventId: string; status: string; attempts: unknown[] }> = (
          deliveries.json?.deliveries ?? []
        ).filter((d: { eventId: string }) => d.eventId === eventId);
        return (
          ofEvent.length === 2 && ofEvent.every((d) => d.attempts.length > 0) && ofEvent.map((d) => d.status).sort()
        );
      }, 'both deliveries of the event recorded');
      expect(statuses).toEqual(['DELIVERED', 'PENDING']);
    });

    it('refunds R$ 19,90 as PHP computes it: round(19.90, 2) * 100 is the float 1989.9999999999998', async () => {
      // round(floatval(19.9), 2) is 19.9; IEEE doubles make 19.9 * 100 fall just short of 1990.
      const body = phpJsonEncode({ correlationID: randomUUID(), value: phpFloat(19.9 * 100) });
      expect(body).toMatch(/"value":1989\.9999999999998}$/);
      const refund = await send({
        method: 'POST',
        url: `${sandbox().url}/api/v1/charge/${order.correlationID}/refund`,
        headers: moduleHeaders(sandbox().appId),
        body,
      });
      // Magento reads nothing back. What the real service does with this value is not documented:
      // the refund of 1990 cents, or a 400 naming value — never a 5xx, never another amount.
      expect(refund.status, refund.text).toBeLessThan(500);
      if (refund.status === 200) expect(refund.json.refund.value).toBe(1990);
      else expect(refund.json?.error, refund.text).toMatch(/value/);
    });
  });

  describe('an order of R$ 100,00', () => {
    it('refunds it in full: the PHP float 10000.0 goes on the wire as 10000, and the refund is made', async () => {
      const { order, created } = await placeOrder('000000022', 10000);
      expect(created.status, created.text).toBe(200);
      await sandbox().simulatePayment({ transactionID: created.json.charge.transactionID });
      const body = phpJsonEncode({
        correlationID: randomUUID(),
        value: phpFloat((Math.round(100.0 * 100) / 100) * 100),
      });
      expect(body).toMatch(/"value":10000}$/);
      const refund = await send({
        method: 'POST',
        url: `${sandbox().url}/api/v1/charge/${order.correlationID}/refund`,
        headers: moduleHeaders(sandbox().appId),
        body,
      });
      expect(refund.status, refund.text).toBe(200);
      expect(refund.json.refund).toMatchObject({ value: 10000 });
    });
  });

  describe('a store with four street lines: the address is sent', () => {
    it('creates the charge with the address as Magento fills it, state "São Paulo" (the region name, not its code)', async () => {
      const { created } = await placeOrder('000000023', 10000, fourLineAddress);
      expect(created.status, created.text).toBe(200);
    });
  });
});
