// Replay: Woovi's PHP SDK, woovibr/php-sdk (vendored by shop plugins, WHMCS's among them).
// Follows, request by request:
// - src/RequestTransport.php: every call adds User-Agent: openpix-php-sdk, Authorization, version
//   (Client::SDK_VERSION) and platform: openpix-php-sdk; an answer is an error only when its body
//   has a non-empty `error` (a string, or {message}), whatever the status; every answer is
//   json_decode'd with JSON_THROW_ON_ERROR, so it must be a JSON object, DELETE included;
// - src/Request.php: a body is json_encode'd (PHP escapes) with "Content-type: application/json";
//   query parameters go through http_build_query, so `true` is sent as 1;
// - src/Paginator.php: pages with ?skip=&limit= (30 a page, perPage() to change it), goes on while
//   pageInfo.hasNextPage, and counts with pageInfo.totalCount;
// - src/Resources/Charges.php @02a2301: create (POST /api/v1/charge?return_existing=1, the
//   default $returnExisting = true), getOne, list, delete;
// - src/Resources/Webhooks.php @37dc08e: create, list($filterByUrl = "") — so
//   GET /api/v1/webhook?url=&skip=0&limit=30 —, ips(), delete, and isWebhookValid
//   (openssl_verify(payload, base64_decode(signature), key, sha256WithRSAEncryption) === 1);
// - src/Resources/Refunds.php @a3fbc66: create (POST /api/v1/refund), getOne
//   (GET /api/v1/refund/{id}, reads refund.value/correlationID/status/refundId), list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonDecode, startClientReceiver, type ClientReceiver } from './support/client-receiver';
import { httpBuildQuery, phpJsonEncode, type PhpValue } from './support/php-json';
import { useServedSandbox } from './support/served-sandbox';
import { rsaSha256Valid } from './support/signatures';
import { send, type WireReply } from './support/wire';

const sandbox = useServedSandbox();

const SDK_VERSION = '1.2.0';

/**
 * RequestTransport::transport: the request as Request::build and withRequestDefaultParameters
 * make it, and the SDK's reading of the answer (throws ApiErrorException on a non-empty error).
 */
async function sdkCall(
  method: string,
  path: string,
  options: { query?: Record<string, string | number | boolean>; body?: PhpValue } = {},
) {
  const { url, appId } = sandbox();
  const query = options.query && Object.keys(options.query).length > 0 ? `?${httpBuildQuery(options.query)}` : '';
  const headers: Array<[string, string]> = [];
  if (options.body !== undefined) headers.push(['Content-type', 'application/json']);
  headers.push(
    ['User-Agent', 'openpix-php-sdk'],
    ['Authorization', appId],
    ['version', SDK_VERSION],
    ['platform', 'openpix-php-sdk'],
  );
  const reply = await send({
    method,
    url: `${url}${path}${query}`,
    headers,
    body: options.body === undefined ? undefined : phpJsonEncode(options.body),
  });
  return { reply, result: hydrate(reply) };
}

/** hydrateResponse: JSON_THROW_ON_ERROR, an array, and no non-empty `error`. */
function hydrate(reply: WireReply): { ok: true; contents: any } | { ok: false; error: string } {
  const contents = reply.json;
  if (contents === undefined)
    return { ok: false, error: `JsonException: ${JSON.stringify(reply.text.slice(0, 80))} (HTTP ${reply.status})` };
  if (typeof contents !== 'object' || contents === null)
    return { ok: false, error: 'TypeError: Invalid response from API.' };
  const error = contents.error;
  // PHP's empty(): null, false, 0, "", "0" and [] are no error.
  const empty =
    error === undefined ||
    error === null ||
    error === false ||
    error === 0 ||
    error === '' ||
    error === '0' ||
    (Array.isArray(error) && error.length === 0);
  if (!empty) {
    return { ok: false, error: typeof error === 'object' ? String(error.message ?? error.description) : String(error) };
  }
  return { ok: true, contents };
}

/** The result of a call the SDK must not throw on. */
function contentsOf(call: { reply: WireReply; result: ReturnType<typeof hydrate> }): any {
  if (!call.result.ok)
    throw new Error(
      `the SDK throws: ${call.result.error} (HTTP ${call.reply.status}: ${call.reply.text.slice(0, 300)})`,
    );
  return call.result.contents;
}

/** Paginator over a list request: every page's contents, in order. */
async function paginate(path: string, params: Record<string, string>, perPage: number): Promise<any[]> {
  const pages: any[] = [];
  for (let skip = 0; ; skip += perPage) {
    const page = contentsOf(await sdkCall('GET', path, { query: { ...params, skip, limit: perPage } }));
    pages.push(page);
    if (!page.pageInfo?.hasNextPage || pages.length > 20) return pages;
  }
}

/** The charge array a shop passes to charges()->create(). */
const charge = (correlationID: string, value: number) => ({ correlationID, value, comment: `Pedido ${correlationID}` });

describe('PHP SDK (woovibr/php-sdk)', () => {
  let receiver: ClientReceiver;
  let publicKey = '';

  beforeAll(async () => {
    publicKey = await sandbox().webhookPublicKey();
    // The shop's webhook endpoint, checking every delivery with Webhooks::isWebhookValid.
    receiver = await startClientReceiver((request) => ({
      status: rsaSha256Valid(request.rawBody, request.headers['x-webhook-signature'], publicKey) ? 200 : 401,
    }));
  });
  afterAll(async () => {
    await receiver?.close();
  });

  describe('charges', () => {
    it('creates with ?return_existing=1 (http_build_query of true), and the same call again returns the existing charge', async () => {
      const first = await sdkCall('POST', '/api/v1/charge', {
        query: { return_existing: true },
        body: charge('php-sdk-1', 1500),
      });
      expect(first.reply.status, first.reply.text).toBe(200);
      const created = contentsOf(first);
      const again = contentsOf(
        await sdkCall('POST', '/api/v1/charge', { query: { return_existing: true }, body: charge('php-sdk-1', 1500) }),
      );
      expect(again.charge.globalID).toBe(created.charge.globalID);
      expect(contentsOf(await sdkCall('GET', '/api/v1/charge/php-sdk-1')).charge.correlationID).toBe('php-sdk-1');
    });

    it('pages the list with skip/limit, hasNextPage and totalCount', async () => {
      for (const id of ['php-sdk-2', 'php-sdk-3'])
        contentsOf(
          await sdkCall('POST', '/api/v1/charge', { query: { return_existing: true }, body: charge(id, 2000) }),
        );
      const pages = await paginate('/api/v1/charge', {}, 2);
      expect(pages.map((page) => page.charges.length)).toEqual([2, 1]);
      // Paginator::getTotalResourcesCount
      expect(pages.map((page) => page.pageInfo.totalCount)).toEqual([3, 3]);
      expect(
        new Set(pages.flatMap((page) => page.charges.map((c: { correlationID: string }) => c.correlationID))),
      ).toEqual(new Set(['php-sdk-1', 'php-sdk-2', 'php-sdk-3']));
    });

    it('deletes: the answer is a JSON object (status, id), and errors are recognised by their `error` alone', async () => {
      const deleted = contentsOf(await sdkCall('DELETE', '/api/v1/charge/php-sdk-3'));
      expect(deleted).toMatchObject({ status: expect.any(String), id: expect.any(String) });
      const missing = await sdkCall('GET', '/api/v1/charge/php-sdk-3');
      expect(missing.result).toEqual({ ok: false, error: expect.stringMatching(/./) });
    });
  });

  describe('webhooks', () => {
    let webhookId = '';

    it('creates one, lists with the SDK’s empty url filter (?url=&skip=0&limit=30) and reads totalCount', async () => {
      const made = contentsOf(
        await sdkCall('POST', '/api/v1/webhook', {
          body: {
            webhook: {
              name: 'Loja PHP',
              event: 'OPENPIX:CHARGE_COMPLETED',
              url: `${receiver.url}/webhook.php`,
              authorization: 'segredo-da-loja',
              isActive: true,
            },
          },
        }),
      );
      webhookId = made.webhook.id;
      const [page, ...rest] = await paginate('/api/v1/webhook', { url: '' }, 30);
      expect(rest).toEqual([]);
      expect(page.webhooks.map((w: { id: string }) => w.id)).toEqual([webhookId]);
      expect(page.pageInfo.totalCount).toBe(1);
    });

    it('reads the webhook IPs', async () => {
      const { ips } = contentsOf(await sdkCall('GET', '/api/v1/webhook/ips'));
      expect(ips.length).toBeGreaterThan(0);
    });

    it('every delivery passes isWebhookValid (openssl_verify with the sandbox key === 1)', async () => {
      const created = contentsOf(
        await sdkCall('POST', '/api/v1/charge', { query: { return_existing: true }, body: charge('php-sdk-4', 990) }),
      );
      await sandbox().simulatePayment({ transactionID: created.charge.transactionID });
      const delivery = await receiver.next(
        'CHARGE_COMPLETED of php-sdk-4',
        ({ request }) => jsonDecode(request.rawBody)?.charge?.correlationID === 'php-sdk-4',
      );
      expect(delivery.answer.status).toBe(200);
      expect(receiver.handled.filter((h) => h.answer.status !== 200).map((h) => h.request.rawBody)).toEqual([]);
    });

    it('deletes it: the answer is a JSON object with no error', async () => {
      const deleted = contentsOf(await sdkCall('DELETE', `/api/v1/webhook/${encodeURIComponent(webhookId)}`));
      expect(deleted).toBeTypeOf('object');
    });
  });

  describe('refunds', () => {
    it('creates a refund of a received Pix, reads it by its correlationID and pages the list', async () => {
      const created = contentsOf(
        await sdkCall('POST', '/api/v1/charge', { query: { return_existing: true }, body: charge('php-sdk-5', 3000) }),
      );
      const paid = await sandbox().simulatePayment({ transactionID: created.charge.transactionID });
      const refund = contentsOf(
        await sdkCall('POST', '/api/v1/refund', {
          body: {
            value: 3000,
            transactionEndToEndId: paid.json.transaction.endToEndId,
            correlationID: 'php-sdk-refund-1',
            comment: 'Devolução',
          },
        }),
      );
      expect(refund.refund).toMatchObject({
        value: 3000,
        correlationID: 'php-sdk-refund-1',
        status: expect.stringMatching(/^(IN_PROCESSING|REFUNDED|NOT_ACCOMPLISHED)$/),
      });
      const one = contentsOf(await sdkCall('GET', '/api/v1/refund/php-sdk-refund-1'));
      expect(one.refund).toMatchObject({
        value: 3000,
        correlationID: 'php-sdk-refund-1',
        refundId: expect.any(String),
        status: expect.any(String),
      });
      const pages = await paginate('/api/v1/refund', {}, 30);
      expect(pages.flatMap((page) => page.refunds.map((r: { correlationID: string }) => r.correlationID))).toContain(
        'php-sdk-refund-1',
      );
      expect(pages[0].pageInfo.totalCount).toBe(1);
    });
  });
});
