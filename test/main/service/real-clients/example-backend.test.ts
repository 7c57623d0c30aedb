// Replay: Woovi's own example backend, woovibr/node-backend-integration (Koa + koa-bodyparser).
// Follows, request by request:
// - script/registerOpenPixWebhook.ts @13a5e7f + src/openpixApi/webhookPost.ts: POST
//   /api/openpix/v1/webhook {webhook: {isActive, name, url, authorization}} (no event); the
//   answer's hmacSecretKey becomes HMAC_SECRET_KEY (.env.example);
// - src/modules/donation/donationPost.ts + src/openpixApi/chargePost.ts: POST
//   /api/openpix/v1/charge {correlationID: the donation's ObjectId, value, comment}, reading the
//   top-level brCode and error;
// - src/openpixApi/chargeGet.ts, chargeGetAll.ts: GET /api/openpix/v1/charge/{id} and
//   GET /api/openpix/v1/charge, both with Content-Type: application/json and no body;
// - src/webhook/webhookPost.ts @d13fc75 (the receiver): the Authorization header must equal the
//   webhook's authorization (401 otherwise); X-OpenPix-Signature must equal the base64
//   HMAC-SHA1 (hmacSignature.ts) of JSON.stringify(ctx.request.body) — the parsed body written
//   again — keyed by HMAC_SECRET_KEY (401 otherwise); a body with neither charge nor
//   pixTransaction is the test call (200); charge.status COMPLETED marks the donation paid;
// - src/webhook/webhookValidatePublicKey.ts + verifyPayload.ts: x-webhook-signature verified
//   (sha256, base64) over JSON.stringify(ctx.request.body) with WEBHOOK_PUBLIC_KEY.
// The app's fetch is node-fetch (isomorphic-fetch); its bodies are JSON.stringify output.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jsonDecode,
  startClientReceiver,
  type ClientReceiver,
  type IncomingWebhook,
  type ReceiverAnswer,
} from './support/client-receiver';
import { useServedSandbox } from './support/served-sandbox';
import { hmacSha1Base64, rsaSha256Valid } from './support/signatures';
import { send, type WireReply } from './support/wire';

const sandbox = useServedSandbox();

const WEBHOOK_SECRET = 'Do not tell anyone';

/** node-fetch v2 (isomorphic-fetch) with the app's three headers. */
const appHeaders = (appId: string): Array<[string, string]> => [
  ['Accept', 'application/json'],
  ['Content-Type', 'application/json'],
  ['Authorization', appId],
  ['User-Agent', 'node-fetch/1.0 (+https://github.com/bitinn/node-fetch)'],
  ['Accept-Encoding', 'gzip,deflate'],
  ['Connection', 'close'],
];

interface Donation {
  id: string;
  value: number;
  status: 'OPEN' | 'PAIED';
}

/** src/webhook/webhookPost.ts with webhookValidatePublicKey, over koa-bodyparser's parsed body. */
function exampleReceiver(donations: Map<string, Donation>, config: { hmacSecretKey: string; publicKey: string }) {
  return (request: IncomingWebhook): ReceiverAnswer => {
    if (request.headers.authorization !== WEBHOOK_SECRET)
      return { status: 401, body: { error: 'Invalid Authorization' } };
    const body = jsonDecode(request.rawBody) ?? {};
    const rewritten = JSON.stringify(body);
    if (!rsaSha256Valid(rewritten, request.headers['x-webhook-signature'], config.publicKey))
      return { status: 401, body: { error: 'Invalid signature' } };
    if (hmacSha1Base64(config.hmacSecretKey, rewritten) !== request.headers['x-openpix-signature'])
      return { status: 401, body: { error: 'Invalid HMAC' } };
    const { charge, pixTransaction } = body;
    if (!charge && !pixTransaction) return { status: 200 };
    // Types.ObjectId.isValid: anything else ends the request with koa's default 404.
    if (!/^[0-9a-f]{24}$/i.test(String(charge.correlationID))) return { status: 404 };
    const donation = donations.get(charge.correlationID);
    if (donation && charge.status === 'COMPLETED') donation.status = 'PAIED';
    return { status: 200, body: {} };
  };
}

describe('Woovi example backend (woovibr/node-backend-integration)', () => {
  const donations = new Map<string, Donation>();
  const config = { hmacSecretKey: '', publicKey: '' };
  let receiver: ClientReceiver;
  let registered: WireReply;

  beforeAll(async () => {
    // WEBHOOK_PUBLIC_KEY: the sandbox's key in place of Woovi's.
    config.publicKey = await sandbox().webhookPublicKey();
    receiver = await startClientReceiver(exampleReceiver(donations, config));
    const payload = {
      webhook: {
        isActive: true,
        name: 'OpenPix Backend Integration',
        url: `${receiver.url}/webhook`,
        authorization: WEBHOOK_SECRET,
      },
    };
    registered = await send({
      method: 'POST',
      url: `${sandbox().url}/api/openpix/v1/webhook`,
      headers: appHeaders(sandbox().appId),
      body: JSON.stringify(payload),
    });
    config.hmacSecretKey = registered.json?.webhook?.hmacSecretKey ?? '';
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('registers its webhook under /api/openpix/v1 and gets the hmacSecretKey it configures', () => {
    expect(registered.status, registered.text).toBe(200);
    expect(registered.json.webhook).toMatchObject({
      url: `${receiver.url}/webhook`,
      authorization: WEBHOOK_SECRET,
      isActive: true,
    });
    expect(typeof config.hmacSecretKey === 'string' && config.hmacSecretKey !== '', registered.text).toBe(true);
  });

  it('answers the test call 200: Authorization, x-webhook-signature and X-OpenPix-Signature all hold over the re-serialized body', async () => {
    const ping = await receiver.next(
      'the test call',
      ({ request }) => jsonDecode(request.rawBody)?.evento === 'teste_webhook',
    );
    expect(ping.answer, JSON.stringify(ping.answer.body)).toMatchObject({ status: 200 });
  });

  describe('a donation of R$ 15,00', () => {
    const donation: Donation = { id: randomBytes(12).toString('hex'), value: 1500, status: 'OPEN' };
    let created: WireReply;

    beforeAll(async () => {
      donations.set(donation.id, donation);
      const payload = { correlationID: donation.id, value: donation.value, comment: 'Doação para o projeto' };
      created = await send({
        method: 'POST',
        url: `${sandbox().url}/api/openpix/v1/charge`,
        headers: appHeaders(sandbox().appId),
        body: JSON.stringify(payload),
      });
    });

    it('creates the charge under /api/openpix/v1: a top-level brCode, no error', () => {
      expect(created.status, created.text).toBe(200);
      expect(created.json.error).toBeUndefined();
      expect(typeof created.json.brCode === 'string' && created.json.brCode !== '').toBe(true);
    });

    it('reads it back with GET /api/openpix/v1/charge/{id} and lists with GET /api/openpix/v1/charge (JSON content type, no body)', async () => {
      const one = await send({
        method: 'GET',
        url: `${sandbox().url}/api/openpix/v1/charge/${donation.id}`,
        headers: appHeaders(sandbox().appId),
      });
      expect(one.status, one.text).toBe(200);
      expect(one.json.charge).toMatchObject({ correlationID: donation.id, status: 'ACTIVE' });
      const all = await send({
        method: 'GET',
        url: `${sandbox().url}/api/openpix/v1/charge`,
        headers: appHeaders(sandbox().appId),
      });
      expect(all.status, all.text).toBe(200);
      expect(all.json.charges.map((c: { correlationID: string }) => c.correlationID)).toContain(donation.id);
    });

    it('is marked paid by its webhook, which passes all three checks', async () => {
      await sandbox().simulatePayment({ transactionID: created.json.charge.transactionID });
      const delivery = await receiver.next(
        'the paid donation’s delivery',
        ({ request }) => jsonDecode(request.rawBody)?.charge?.correlationID === donation.id,
      );
      expect(delivery.answer, JSON.stringify(delivery.answer.body)).toMatchObject({ status: 200 });
      expect(donation.status).toBe('PAIED');
    });

    it('every delivery is compact JSON that JSON.stringify(JSON.parse(body)) writes back byte for byte', () => {
      expect(receiver.handled.length).toBeGreaterThan(0);
      for (const { request } of receiver.handled)
        expect(JSON.stringify(JSON.parse(request.rawBody))).toBe(request.rawBody);
    });
  });
});
