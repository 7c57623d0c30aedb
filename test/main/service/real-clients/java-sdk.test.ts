// Replay: Woovi's Java/Kotlin SDK, woovibr/java-sdk (a Ktor CIO client with kotlinx.serialization).
// Follows, request by request:
// - src/main/kotlin/WooviSDK.kt @c17d9c7: the client (defaultRequest Authorization, JSON content
//   negotiation, `Json { explicitNulls = true; ignoreUnknownKeys = true }`); any non-2xx answer is
//   decoded as a WooviError and thrown;
// - src/main/kotlin/Charge.kt @43bb8ef: createCharge (POST /api/v1/charge with ChargeRequestBody —
//   note `additionalInfos`, plural, and every unset optional left out), getCharge, charges()
//   (GET /api/v1/charge), deleteCharge ({id, status}); a Charge decodes only with value,
//   correlationID, paymentLinkID, status, additionalInfo (key/value strings), expiresDate,
//   createdAt, updatedAt, expiresIn, paymentLinkUrl, qrCodeImage and globalID;
// - src/main/kotlin/PageInfo.kt @c17d9c7: skip, limit, totalCount, hasPreviousPage, hasNextPage,
//   all required;
// - src/main/kotlin/Refund.kt @118f4a9: createRefund (POST /api/v1/refund) and getRefund
//   (GET /api/v1/refund/{id}) both decode `{pixTransactionRefund: {value, correlationID,
//   refundId, status?, returnIdentification?, time?, comment?}}`; allRefunds reads `refunds`;
// - src/main/kotlin/Webhook.kt @160a80f: createWebhook's WebhookPayload (`name` is an Int — the
//   builder's number() —, url, authorization, isActive, and an `event` left out when it is the
//   default TRANSACTION_RECEIVED), allWebhooks, deleteWebhook ({status}); a Webhook decodes with
//   id, name (a String), isActive and an event among the SDK's serial names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClientReceiver, type ClientReceiver } from './support/client-receiver';
import {
  decodeProblems,
  defaulted,
  kotlinObject,
  kotlinxEncode,
  ktorHeaders,
  optional,
  required,
  type KotlinType,
  type KotlinValue,
} from './support/kotlinx-json';
import { useServedSandbox } from './support/served-sandbox';
import { send, type WireReply } from './support/wire';

const sandbox = useServedSandbox();

const additionalInfo: KotlinType = { fields: { key: required('String'), value: required('String') } };

const charge: KotlinType = {
  fields: {
    value: required('Long'),
    identifier: optional('String'),
    correlationID: required('String'),
    paymentLinkID: required('String'),
    transactionID: optional('String'),
    status: required('String'),
    additionalInfo: required({ list: additionalInfo }),
    discount: optional('Long'),
    valueWithDiscount: optional('Long'),
    expiresDate: required('String'),
    type: optional('String'),
    createdAt: required('String'),
    updatedAt: required('String'),
    brCode: optional('String'),
    expiresIn: required('Long'),
    pixKey: optional('String'),
    paymentLinkUrl: required('String'),
    qrCodeImage: required('String'),
    globalID: required('String'),
  },
};

const pageInfo: KotlinType = {
  fields: {
    skip: required('Int'),
    limit: required('Int'),
    totalCount: required('Int'),
    hasPreviousPage: required('Boolean'),
    hasNextPage: required('Boolean'),
  },
};

const refund: KotlinType = {
  fields: {
    value: required('Int'),
    status: optional({ enum: ['IN_PROCESSING', 'REFUNDED', 'CONFIRMED', 'NOT_ACCOMPLISHED'] }),
    correlationID: required('String'),
    refundId: required('String'),
    returnIdentification: optional('String'),
    time: optional('String'),
    comment: optional('String'),
  },
};

const WEBHOOK_EVENTS = [
  'OPENPIX:CHARGE_CREATED',
  'OPENPIX:CHARGE_COMPLETED',
  'OPENPIX:CHARGE_EXPIRED',
  'OPENPIX:TRANSACTION_RECEIVED',
  // Sic: the SDK's serial name has a trailing space.
  'OPENPIX:TRANSACTION_REFUND_RECEIVED ',
  'OPENPIX:MOVEMENT_CONFIRMED',
  'OPENPIX:MOVEMENT_FAILED',
  'OPENPIX:MOVEMENT_REMOVED',
] as const;

const webhook: KotlinType = {
  fields: {
    id: required('String'),
    name: required('String'),
    url: optional('String'),
    authorization: optional('String'),
    isActive: required('Boolean'),
    createdAt: optional('String'),
    updatedAt: optional('String'),
    event: defaulted({ enum: WEBHOOK_EVENTS }),
  },
};

/** One SDK call: Ktor's request, then `.body<T>()` of a 2xx answer (a WooviError otherwise). */
async function sdkCall(method: string, path: string, decodeAs: KotlinType, body?: KotlinValue): Promise<any> {
  const { url, appId } = sandbox();
  const reply: WireReply = await send({
    method,
    url: `${url}${path}`,
    headers: ktorHeaders(appId, body !== undefined),
    body: body === undefined ? undefined : kotlinxEncode(body),
  });
  if (reply.status < 200 || reply.status > 299) throw new Error(`WooviError (HTTP ${reply.status}): ${reply.text}`);
  const problems = decodeProblems(reply.json, decodeAs);
  if (problems.length > 0)
    throw new Error(`kotlinx.serialization cannot decode the answer:\n  ${problems.join('\n  ')}\n${reply.text}`);
  return reply.json;
}

/** ChargeBuilder.build(): ChargeRequestBody in declaration order, with its defaults. */
function chargeRequestBody(correlationID: string, value: number, comment: string, infos: Array<[string, string]>) {
  const none = { value: null, default: null };
  return kotlinObject(
    { name: 'correlationID', value: correlationID },
    { name: 'value', value },
    { name: 'comment', value: comment, default: null },
    { name: 'customer', ...none },
    { name: 'expiresIn', ...none },
    { name: 'daysForOverdue', ...none },
    { name: 'daysAfterDueDate', ...none },
    { name: 'interests', ...none },
    { name: 'fines', ...none },
    {
      name: 'additionalInfos',
      value: infos.map(([key, info]) => kotlinObject({ name: 'key', value: key }, { name: 'value', value: info })),
      default: null,
    },
    { name: 'type', ...none },
    { name: 'expiresDate', ...none },
    { name: 'discountSettings', ...none },
  );
}

describe('Java/Kotlin SDK (woovibr/java-sdk)', () => {
  describe('charges', () => {
    it('createCharge sends its kotlinx body (additionalInfos, no nulls for unset defaults) and decodes the Charge', async () => {
      const body = chargeRequestBody('java-sdk-1', 2500, 'Pedido 1001', [['Pedido', '1001']]);
      expect(kotlinxEncode(body)).toBe(
        '{"correlationID":"java-sdk-1","value":2500,"comment":"Pedido 1001","additionalInfos":[{"key":"Pedido","value":"1001"}]}',
      );
      const created = await sdkCall(
        'POST',
        '/api/v1/charge',
        { fields: { charge: required(charge), correlationID: optional('String'), brCode: optional('String') } },
        body,
      );
      expect(created.charge).toMatchObject({ correlationID: 'java-sdk-1', value: 2500 });
      const read = await sdkCall('GET', '/api/v1/charge/java-sdk-1', { fields: { charge: required(charge) } });
      expect(read.charge.globalID).toBe(created.charge.globalID);
    });

    it('charges() decodes the list with its full pageInfo', async () => {
      await sdkCall(
        'POST',
        '/api/v1/charge',
        { fields: { charge: required(charge) } },
        chargeRequestBody('java-sdk-2', 1000, 'Pedido 1002', []),
      );
      const list = await sdkCall('GET', '/api/v1/charge', {
        fields: { charges: required({ list: charge }), pageInfo: required(pageInfo) },
      });
      expect(list.pageInfo.totalCount).toBe(2);
    });

    it('deleteCharge decodes {id, status}', async () => {
      await sdkCall('DELETE', '/api/v1/charge/java-sdk-2', {
        fields: { id: required('String'), status: required('String') },
      });
    });
  });

  describe('refunds', () => {
    it('createRefund and getRefund decode {pixTransactionRefund}; allRefunds the list with its pageInfo', async () => {
      const made = await sdkCall(
        'POST',
        '/api/v1/charge',
        { fields: { charge: required(charge) } },
        chargeRequestBody('java-sdk-3', 4200, 'Pedido 1003', []),
      );
      const paid = await sandbox().simulatePayment({ transactionID: made.charge.transactionID });
      const body = kotlinObject(
        { name: 'correlationID', value: 'java-sdk-refund-1' },
        { name: 'value', value: 4200 },
        { name: 'transactionEndToEndId', value: paid.json.transaction.endToEndId },
        { name: 'comment', value: 'Estorno do pedido 1003', default: null },
      );
      const refundResponse: KotlinType = { fields: { pixTransactionRefund: required(refund) } };
      const created = await sdkCall('POST', '/api/v1/refund', refundResponse, body);
      expect(created.pixTransactionRefund).toMatchObject({ value: 4200, correlationID: 'java-sdk-refund-1' });
      const read = await sdkCall('GET', '/api/v1/refund/java-sdk-refund-1', refundResponse);
      expect(read.pixTransactionRefund.refundId).toBe(created.pixTransactionRefund.refundId);
      await sdkCall('GET', '/api/v1/refund', {
        fields: { refunds: required({ list: refund }), pageInfo: required(pageInfo) },
      });
    });
  });

  describe('webhooks', () => {
    // The shop's endpoint (the SDK has no receiver of its own): it takes whatever comes.
    let receiver: ClientReceiver;
    beforeAll(async () => {
      receiver = await startClientReceiver(() => ({ status: 200 }));
    });
    afterAll(async () => {
      await receiver?.close();
    });

    it('createWebhook with number(1) sends `"name":1`; the webhook decodes, lists and deletes', async () => {
      const body = kotlinObject({
        name: 'webhook',
        value: kotlinObject(
          { name: 'name', value: 1 },
          { name: 'url', value: `${receiver.url}/woovi/webhook` },
          { name: 'authorization', value: 'segredo' },
          { name: 'isActive', value: true },
          { name: 'event', value: 'OPENPIX:CHARGE_COMPLETED', default: 'OPENPIX:TRANSACTION_RECEIVED' },
        ),
      });
      expect(kotlinxEncode(body)).toBe(
        `{"webhook":{"name":1,"url":"${receiver.url}/woovi/webhook","authorization":"segredo","isActive":true,"event":"OPENPIX:CHARGE_COMPLETED"}}`,
      );
      const created = await sdkCall('POST', '/api/v1/webhook', { fields: { webhook: required(webhook) } }, body);
      expect(created.webhook).toMatchObject({ name: '1', event: 'OPENPIX:CHARGE_COMPLETED', isActive: true });
      const list = await sdkCall('GET', '/api/v1/webhook', {
        fields: { webhooks: required({ list: webhook }), pageInfo: required(pageInfo) },
      });
      expect(list.webhooks.map((w: { id: string }) => w.id)).toEqual([created.webhook.id]);
      await sdkCall('DELETE', `/api/v1/webhook/${encodeURIComponent(created.webhook.id)}`, {
        fields: { status: required('String') },
      });
    });
  });
});
