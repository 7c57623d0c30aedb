// Replay: the pretix plugin, lhc/pretix-pix-openpix.
// Follows, request by request:
// - pretix_pix_openpix/openpix.py (the version with register_webhooks, WEBHOOK_EVENTS):
//   valid_credentials (GET /api/v1/account/ with its trailing slash, valid iff 200);
//   register_webhooks (GET /api/v1/webhook with params={"url": …}, reads webhooks[].event and
//   .isActive, then POST /api/v1/webhook {webhook: {name, event, url, authorization: "openpix",
//   isActive: true}} for each of TRANSACTION_RECEIVED / TRANSACTION_REFUND_RECEIVED not active);
//   qrcode_static (POST /api/v1/qrcode-static {name, correlationID, value: str(int(amount * 100)),
//   identifier, comment} all the order code; on 400 with exactly "Já existe um QRCode com este
//   identificador. O identificador deve ser único" it reads GET /api/v1/qrcode-static/{code};
//   anything without pixQrCode.brCode fails the checkout); refund (POST /api/v1/refund
//   {transactionEndToEndId, correlationID: the order code, value: str(int(amount * 100)), comment},
//   success iff 200);
// - pretix_pix_openpix/payment.py @34507d1 (version 0.2): `str(amount * 100)` on a Decimal, so
//   R$ 100.00 goes as "10000.00", meaning 10000 cents;
// - pretix_pix_openpix/views.py @8290f55: the receiver (no signature check; acts on
//   event == OPENPIX:TRANSACTION_RECEIVED: pix.transactionID is the order code, pix.value / 100
//   the order total, keeps pix.endToEndId; always answers 200);
// - tests/test_openpix.py: the exact bodies `requests` sends (json.dumps, ", " and ": ").
// Every body is Python's json.dumps (ensure_ascii), every call carries requests' own headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jsonDecode,
  startClientReceiver,
  type ClientReceiver,
  type IncomingWebhook,
  type ReceiverAnswer,
} from './support/client-receiver';
import { pythonJsonDumps, pythonUrlencode, REQUESTS_DEFAULT_HEADERS } from './support/python-json';
import { useServedSandbox } from './support/served-sandbox';
import { send, type WireReply } from './support/wire';

const sandbox = useServedSandbox();

const DUPLICATE_IDENTIFIER = 'Já existe um QRCode com este identificador. O identificador deve ser único';
// A set in Python; its iteration order is the hash's, so any order is the plugin's.
const WEBHOOK_EVENTS = ['OPENPIX:TRANSACTION_RECEIVED', 'OPENPIX:TRANSACTION_REFUND_RECEIVED'];

const getHeaders = (appId: string): Array<[string, string]> => [...REQUESTS_DEFAULT_HEADERS, ['Authorization', appId]];
const jsonHeaders = (appId: string): Array<[string, string]> => [
  ...getHeaders(appId),
  ['Content-Type', 'application/json'],
];

interface PretixPayment {
  orderCode: string;
  /** OrderPayment.amount (a Decimal in reais). */
  amount: number;
  state: 'created' | 'confirmed';
  endToEndId?: string;
}

/** views.py webhook(): no signature, always 200. */
function pretixReceiver(payments: PretixPayment[]) {
  return (request: IncomingWebhook): ReceiverAnswer => {
    const data = jsonDecode(request.rawBody.trim());
    if (data === undefined) return { status: 200 };
    if ((data.event ?? '') === 'OPENPIX:TRANSACTION_RECEIVED') {
      const pix = data.pix ?? {};
      // Python: pix.get("value", 0.0) / 100 — a string value here would be a TypeError (a 500).
      if (typeof (pix.value ?? 0) !== 'number') return { status: 500 };
      const value = (pix.value ?? 0) / 100;
      const payment = payments
        .filter((p) => p.orderCode === pix.transactionID && p.amount === value && p.state === 'created')
        .at(-1);
      if (payment) {
        payment.state = 'confirmed';
        payment.endToEndId = pix.endToEndId;
      }
    }
    return { status: 200 };
  };
}

describe('pretix plugin (lhc/pretix-pix-openpix)', () => {
  const payments: PretixPayment[] = [];
  let receiver: ClientReceiver;
  let webhookUrl = '';

  beforeAll(async () => {
    receiver = await startClientReceiver(pretixReceiver(payments));
    // urljoin(settings.SITE_URL, reverse("plugins:pretix_pix_openpix:webhook"))
    webhookUrl = `${receiver.url}/_pretix_pix_openpix/webhook/`;
  });
  afterAll(async () => {
    await receiver?.close();
  });

  /** OpenPix.register_webhooks(): the list, then a POST for each event not active yet. */
  async function registerWebhooks(): Promise<{ list: WireReply; posts: WireReply[] }> {
    const { url, appId } = sandbox();
    const list = await send({
      method: 'GET',
      url: `${url}/api/v1/webhook?${pythonUrlencode({ url: webhookUrl })}`,
      headers: getHeaders(appId),
    });
    const active = new Set<string>(
      (list.json?.webhooks ?? [])
        .filter((w: { isActive: boolean }) => w.isActive)
        .map((w: { event: string }) => w.event),
    );
    const posts: WireReply[] = [];
    for (const event of WEBHOOK_EVENTS.filter((name) => !active.has(name))) {
      const body = pythonJsonDumps({
        webhook: { name: event, event, url: webhookUrl, authorization: 'openpix', isActive: true },
      });
      posts.push(await send({ method: 'POST', url: `${url}/api/v1/webhook`, headers: jsonHeaders(appId), body }));
    }
    return { list, posts };
  }

  /** OpenPix.qrcode_static(payment): create, or on the duplicate text read the existing one. */
  async function qrcodeStatic(orderCode: string, value: string, comment: string) {
    const { url, appId } = sandbox();
    const body = pythonJsonDumps({ name: orderCode, correlationID: orderCode, value, identifier: orderCode, comment });
    const created = await send({
      method: 'POST',
      url: `${url}/api/v1/qrcode-static`,
      headers: jsonHeaders(appId),
      body,
    });
    let read: WireReply | undefined;
    if (created.status === 400 && created.json?.error === DUPLICATE_IDENTIFIER) {
      read = await send({ method: 'GET', url: `${url}/api/v1/qrcode-static/${orderCode}`, headers: getHeaders(appId) });
    }
    const brCode: unknown = (read ?? created).json?.pixQrCode?.brCode;
    return { created, read, brCode };
  }

  it('checks the AppID with GET /api/v1/account/ (its trailing slash): valid only on 200', async () => {
    const reply = await send({
      method: 'GET',
      url: `${sandbox().url}/api/v1/account/`,
      headers: getHeaders(sandbox().appId),
    });
    expect(reply.status, reply.text).toBe(200);
  });

  // Whether the sandbox took the TRANSACTION_REFUND_RECEIVED subscription (then it must fire)
  // or refused it at registration (then it never fires; pretix ignores the refusal).
  let refundSubscriptionTaken: boolean | undefined;

  it('registers its webhooks with json.dumps bodies, and the next registration finds them active', async () => {
    expect(pythonJsonDumps({ webhook: { name: 'X', isActive: true } })).toBe(
      '{"webhook": {"name": "X", "isActive": true}}',
    );
    const first = await registerWebhooks();
    expect(first.list.status, first.list.text).toBe(200);
    const [received, refunds] = first.posts;
    expect(received!.status, received!.text).toBe(200);
    expect(received!.json.webhook).toMatchObject({
      event: 'OPENPIX:TRANSACTION_RECEIVED',
      url: webhookUrl,
      isActive: true,
    });
    // Taken (200), or refused with a 400 {error} saying why; never anything else.
    expect([200, 400], refunds!.text).toContain(refunds!.status);
    if (refunds!.status === 400) expect(refunds!.json?.error, refunds!.text).toEqual(expect.any(String));
    refundSubscriptionTaken = refunds!.status === 200;
    const second = await registerWebhooks();
    const taken = WEBHOOK_EVENTS.filter(
      (event) => event !== 'OPENPIX:TRANSACTION_REFUND_RECEIVED' || refundSubscriptionTaken,
    );
    expect(
      second.list.json?.webhooks
        ?.map((w: { event: string; isActive: boolean; url: string }) => [w.event, w.isActive, w.url])
        .sort(),
    ).toEqual(taken.map((event) => [event, true, webhookUrl]));
    expect(second.posts.length).toBe(WEBHOOK_EVENTS.length - taken.length);
  });

  describe('order Q3ZKN, R$ 100.00', () => {
    const payment: PretixPayment = { orderCode: 'Q3ZKN', amount: 100, state: 'created' };
    let first: Awaited<ReturnType<typeof qrcodeStatic>>;

    beforeAll(async () => {
      payments.push(payment);
      // str(int(payment.amount * 100)) on Decimal("100.00")
      first = await qrcodeStatic(payment.orderCode, '10000', `Payment of order ${payment.orderCode}`);
    });

    it('creates its static QR code with value "10000" (a string of cents) and reads pixQrCode.brCode', () => {
      expect(first.created.status, first.created.text).toBe(200);
      expect(typeof first.brCode === 'string' && first.brCode !== '', first.created.text).toBe(true);
      expect(first.created.json.pixQrCode).toMatchObject({ value: 10000, identifier: payment.orderCode });
    });

    it('shows the same order again: 400 with the exact Portuguese text, then reads the code with GET /api/v1/qrcode-static/Q3ZKN', async () => {
      const again = await qrcodeStatic(payment.orderCode, '10000', `Payment of order ${payment.orderCode}`);
      expect(again.created.status, again.created.text).toBe(400);
      expect(again.created.json?.error).toBe(DUPLICATE_IDENTIFIER);
      expect(again.read?.status, again.read?.text).toBe(200);
      expect(again.brCode).toBe(first.brCode);
    });

    it('is confirmed by TRANSACTION_RECEIVED: pix.transactionID is the order code, pix.value the total in cents', async () => {
      await sandbox().simulatePayment({ identifier: payment.orderCode });
      const delivery = await receiver.next('the order’s TRANSACTION_RECEIVED', ({ request }) => {
        const body = jsonDecode(request.rawBody);
        return body?.event === 'OPENPIX:TRANSACTION_RECEIVED' && body.pixQrCode?.identifier === payment.orderCode;
      });
      const pix = jsonDecode(delivery.request.rawBody).pix;
      expect({ transactionID: pix.transactionID, value: pix.value }).toEqual({
        transactionID: payment.orderCode,
        value: 10000,
      });
      expect(payment).toMatchObject({ state: 'confirmed', endToEndId: expect.stringMatching(/^E/) });
    });

    it('refunds with the QR code’s own correlationID and value "10000": exactly 200, and a refund webhook it subscribed to fires', async () => {
      const { url, appId } = sandbox();
      const body = pythonJsonDumps({
        transactionEndToEndId: payment.endToEndId ?? '',
        correlationID: payment.orderCode,
        value: '10000',
        comment: `Devolução do pedido ${payment.orderCode}`,
      });
      expect(body).toContain('"comment": "Devolu\\u00e7\\u00e3o do pedido Q3ZKN"');
      const refund = await send({ method: 'POST', url: `${url}/api/v1/refund`, headers: jsonHeaders(appId), body });
      expect(refund.status, refund.text).toBe(200);
      // A subscription the sandbox took must fire: never accepted and silent.
      expect(refundSubscriptionTaken, 'the registration test ran first').toBeDefined();
      if (!refundSubscriptionTaken) return;
      await receiver.next(
        'OPENPIX:TRANSACTION_REFUND_RECEIVED for the refund',
        ({ request }) => jsonDecode(request.rawBody)?.event === 'OPENPIX:TRANSACTION_REFUND_RECEIVED',
      );
    });
  });

  describe('order 7WQXD with the plugin’s version 0.2', () => {
    it('creates its static QR code with value "10000.00" (str(Decimal * 100)), meaning 10000 cents', async () => {
      const made = await qrcodeStatic('7WQXD', '10000.00', 'good');
      expect(made.created.status, made.created.text).toBe(200);
      expect(made.created.json.pixQrCode).toMatchObject({ value: 10000, identifier: '7WQXD' });
    });
  });
});
