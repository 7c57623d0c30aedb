// Replay: the WHMCS gateway module, ianchamba/openpix-whmcs.
// Follows, request by request:
// - modules/gateways/openpix.php @2ea7773: openpix_link (POST /api/v1/charge, curl with
//   Authorization and Content-Type; the body's value is the invoice amount with ',' and '.'
//   stripped — the string "1990" —, correlationID the invoice id, additionalInfo Invoice/Order;
//   success is charge.paymentLinkID and charge.brCode being there; the QR image is then its own
//   URL, /openpix/charge/brcode/image/{paymentLinkID}.png?size=300, in an <img>);
// - modules/gateways/openpix/verify.php: the payment page's status poll through the vendored PHP
//   SDK (charges()->getOne: GET /api/v1/charge/{id}, reads charge.status);
// - modules/gateways/openpix/hooks.php @082fc87: InvoiceCancelled → DELETE /api/v1/charge/{id}
//   with Content-Type: application/json and no body; success on 200 or 204;
// - modules/gateways/callback/openpix.php @2fbf00f: the receiver (no signature; the
//   X-Openpix-Authorization header as getallheaders() names it, or ?authorization=, must equal
//   the module's API key, else 401; the invoice from charge.additionalInfo "Invoice", else 400;
//   an unknown invoice 404; CHARGE_EXPIRED cancels; CHARGE_COMPLETED pays with charge.transactionID
//   and charge.value / 100, 409 when already paid).
// The refund flow (GET /api/v1/refund/{candidate}: an error means the id is free; then
// POST /api/v1/charge/{id}/refund, reading refund.status and refund.refundId ?? correlationID) is
// from real-clients.md: the stored versions of the module do not show it, so its value's type
// follows the module's charge (the amount string).
// Every body is PHP json_encode output. The merchant registers the callback URL in the dashboard
// with the module's API key (the AppID) as the webhook's authorization.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jsonDecode,
  startClientReceiver,
  type ClientReceiver,
  type IncomingWebhook,
  type ReceiverAnswer,
} from './support/client-receiver';
import { getallheadersFpm, phpJsonEncode } from './support/php-json';
import { useServedSandbox } from './support/served-sandbox';
import { loadAsImgTag, PNG_SIGNATURE, send, type WireReply } from './support/wire';

const sandbox = useServedSandbox();

/** PHP curl with the module's two headers: curl adds only Accept: *\/*. */
const moduleHeaders = (apiKey: string): Array<[string, string]> => [
  ['Accept', '*/*'],
  ['Authorization', apiKey],
  ['Content-Type', 'application/json'],
];

/** The vendored woovibr/php-sdk (RequestTransport::withRequestDefaultParameters) on a GET. */
const phpSdkHeaders = (apiKey: string): Array<[string, string]> => [
  ['User-Agent', 'openpix-php-sdk'],
  ['Authorization', apiKey],
  ['version', '1.2.0'],
  ['platform', 'openpix-php-sdk'],
];

interface Invoice {
  id: string;
  status: 'Unpaid' | 'Paid' | 'Cancelled';
  payments: Array<{ transactionId: string; amount: number }>;
}

/** callback/openpix.php */
function whmcsCallback(invoices: Map<string, Invoice>, apiKey: string) {
  return (request: IncomingWebhook): ReceiverAnswer => {
    const headers = getallheadersFpm(request.headers);
    const received = (headers['X-Openpix-Authorization'] ?? request.query.get('authorization') ?? '').trim();
    if (received === '' || received !== apiKey.trim())
      return { status: 401, body: { error: true, message: 'Unauthorized' } };
    const input = jsonDecode(request.rawBody);
    if (input === undefined) return { status: 400, body: { error: true, message: 'Erro ao decodificar JSON' } };
    const event = input.event ?? '';
    const charge = input.charge ?? {};
    const invoiceId = (Array.isArray(charge.additionalInfo) ? charge.additionalInfo : []).find(
      (info: { key?: string }) => info?.key === 'Invoice',
    )?.value;
    if (invoiceId === undefined || invoiceId === null || invoiceId === '')
      return { status: 400, body: { error: true, message: 'Invoice ID não encontrado' } };
    const invoice = invoices.get(String(invoiceId));
    if (!invoice) return { status: 404, body: { error: true, message: 'Fatura não encontrada no sistema' } };
    if (event === 'OPENPIX:CHARGE_EXPIRED') {
      if (invoice.status !== 'Paid') invoice.status = 'Cancelled';
      return { status: 200, body: { success: true, message: 'Fatura cancelada com sucesso' } };
    }
    if (event === 'OPENPIX:CHARGE_COMPLETED') {
      if (invoice.status === 'Paid') return { status: 409, body: { error: true, message: 'Fatura já paga' } };
      invoice.payments.push({ transactionId: charge.transactionID ?? '', amount: (charge.value ?? 0) / 100 });
      invoice.status = 'Paid';
      return { status: 200, body: { success: true, message: 'Pagamento confirmado' } };
    }
    return { status: 200, body: { success: true, message: 'Pagamento pendente ou falhou' } };
  };
}

describe('WHMCS gateway module (ianchamba/openpix-whmcs)', () => {
  const invoices = new Map<string, Invoice>();
  let receiver: ClientReceiver;

  beforeAll(async () => {
    const { url, appId } = sandbox();
    receiver = await startClientReceiver(whmcsCallback(invoices, appId));
    // The merchant's setup in the dashboard: the callback URL, the API key as authorization.
    for (const event of ['OPENPIX:CHARGE_COMPLETED', 'OPENPIX:CHARGE_EXPIRED']) {
      const webhook = {
        name: `WHMCS ${event}`,
        event,
        url: `${receiver.url}/modules/gateways/callback/openpix.php`,
        authorization: appId,
        isActive: true,
      };
      const made = await send({
        method: 'POST',
        url: `${url}/api/v1/webhook`,
        headers: moduleHeaders(appId),
        body: JSON.stringify({ webhook }),
      });
      if (made.status !== 200) throw new Error(`webhook setup answered ${made.status}: ${made.text}`);
    }
  });
  afterAll(async () => {
    await receiver?.close();
  });

  /** openpix_link(): the charge of an unpaid invoice with no QR code yet. */
  function openpixLink(invoiceId: string, amount: string, comment: string): Promise<WireReply> {
    invoices.set(invoiceId, { id: invoiceId, status: 'Unpaid', payments: [] });
    const data = {
      correlationID: invoiceId,
      value: amount.replace(/[,.]/g, ''),
      comment,
      customer: { name: 'Ana Lima', taxID: '52998224725', email: 'ana@example.com', phone: '11987654321' },
      additionalInfo: [
        { key: 'Invoice', value: invoiceId },
        { key: 'Order', value: invoiceId },
      ],
    };
    return send({
      method: 'POST',
      url: `${sandbox().url}/api/v1/charge`,
      headers: moduleHeaders(sandbox().appId),
      body: phpJsonEncode(data),
    });
  }

  describe('invoice #42, R$ 19.90', () => {
    let created: WireReply;

    beforeAll(async () => {
      created = await openpixLink('42', '19.90', 'Hospedagem Básica - meusite.com.br (01/12/2026 - 31/12/2026)');
    });

    it('creates the charge with value "1990" (a string) and reads charge.paymentLinkID and charge.brCode', () => {
      expect(created.status, created.text).toBe(200);
      expect(
        typeof created.json.charge?.paymentLinkID === 'string' && created.json.charge.paymentLinkID !== '',
        created.text,
      ).toBe(true);
      expect(typeof created.json.charge?.brCode === 'string' && created.json.charge.brCode !== '').toBe(true);
      expect(created.json.charge).toMatchObject({
        value: 1990,
        correlationID: '42',
        comment: 'Hospedagem Básica - meusite.com.br (01/12/2026 - 31/12/2026)',
      });
    });

    it('shows its own image URL (by paymentLinkID, ?size=300) in an <img>: no AppID, a PNG', async () => {
      const image = await loadAsImgTag(
        `${sandbox().url}/openpix/charge/brcode/image/${created.json.charge.paymentLinkID}.png?size=300`,
      );
      expect(image.status, image.text.slice(0, 200)).toBe(200);
      expect(image.bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    });

    it('polls the status through the PHP SDK: GET /api/v1/charge/42 answers ACTIVE with no error', async () => {
      const polled = await send({
        method: 'GET',
        url: `${sandbox().url}/api/v1/charge/42`,
        headers: phpSdkHeaders(sandbox().appId),
      });
      expect(polled.json?.error, polled.text).toBeFalsy();
      expect(polled.json.charge.status).toBe('ACTIVE');
    });

    it('is paid by CHARGE_COMPLETED with the API key in X-Openpix-Authorization, for R$ 19.90 and the charge’s transactionID', async () => {
      await sandbox().simulatePayment({ transactionID: created.json.charge.transactionID });
      const delivery = await receiver.next('CHARGE_COMPLETED for invoice 42', ({ request }) => {
        const body = jsonDecode(request.rawBody);
        return body?.event === 'OPENPIX:CHARGE_COMPLETED' && body.charge?.correlationID === '42';
      });
      expect(delivery.answer, JSON.stringify(delivery.answer.body)).toMatchObject({ status: 200 });
      expect(invoices.get('42')).toMatchObject({
        status: 'Paid',
        payments: [{ transactionId: created.json.charge.transactionID, amount: 19.9 }],
      });
    });

    it('answers the teste_webhook ping 400 (it has no invoice), and that refusal holds up no other delivery', async () => {
      const ping = await receiver.next(
        'the teste_webhook ping',
        ({ request }) => jsonDecode(request.rawBody)?.evento === 'teste_webhook',
      );
      expect(ping.answer).toMatchObject({ status: 400, body: { message: 'Invoice ID não encontrado' } });
      // The paid invoice above was delivered after the ping failed.
      expect(invoices.get('42')!.status).toBe('Paid');
    });

    it('refunds: GET /api/v1/refund/{candidate} answers an error (the id is free), the charge refund answers refund.status, and the candidate is then found', async () => {
      const { url, appId } = sandbox();
      const candidate = '42-refund-1';
      const free = await send({
        method: 'GET',
        url: `${url}/api/v1/refund/${candidate}`,
        headers: moduleHeaders(appId),
      });
      expect(free.json?.error, free.text).toEqual(expect.any(String));
      const made = await send({
        method: 'POST',
        url: `${url}/api/v1/charge/42/refund`,
        headers: moduleHeaders(appId),
        body: phpJsonEncode({ correlationID: candidate, value: '1990', comment: 'Reembolso da fatura #42' }),
      });
      expect(made.status, made.text).toBe(200);
      expect(['IN_PROCESSING', 'CONFIRMED', 'REFUNDED']).toContain(made.json.refund?.status);
      expect(made.json.refund.refundId ?? made.json.refund.correlationID).toEqual(expect.any(String));
      const found = await send({
        method: 'GET',
        url: `${url}/api/v1/refund/${candidate}`,
        headers: moduleHeaders(appId),
      });
      expect(found.json?.error, found.text).toBeFalsy();
      expect(['IN_PROCESSING', 'CONFIRMED', 'REFUNDED']).toContain(found.json?.refund?.status);
    });
  });

  describe('invoice #43, cancelled in WHMCS', () => {
    it('deletes its charge with DELETE /api/v1/charge/43, Content-Type: application/json and no body: 200 or 204', async () => {
      const created = await openpixLink('43', '59.90', 'Domínio meusite.com.br - Registro (1 ano)');
      expect(created.status, created.text).toBe(200);
      const deleted = await send({
        method: 'DELETE',
        url: `${sandbox().url}/api/v1/charge/43`,
        headers: moduleHeaders(sandbox().appId),
      });
      expect([200, 204], deleted.text).toContain(deleted.status);
    });
  });
});
