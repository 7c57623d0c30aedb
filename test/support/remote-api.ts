// The remote Pix service seen from outside the counter: what a bank does to it (pay a BR Code)
// and what an auditor reads from it (charges in a window, a charge's refunds). Every call names
// its endpoint, so the same helpers go straight to the remote or through a fault proxy.
import type { Charge, ChargeRefund, PixQrCode, PixTransactionRefund, Transaction } from '#shared/service/resources';

export interface RemoteEndpoint {
  /** Base URL, no trailing slash: the remote itself or a proxy in front of it. */
  url: string;
  appId: string;
  /**
   * A strict remote's Pix network (`npm run serve -- --strict` announces it): where payments come
   * from, as the API does not take them. Absent: the permissive sandbox's API takes them.
   */
  pixNetworkUrl?: string;
}

export interface RemoteReply<T = any> {
  status: number;
  body: T;
}

export interface RemoteCallOptions {
  method?: string;
  body?: unknown;
  /** E.g. AbortSignal.timeout(ms): a fault may hold the answer forever. */
  signal?: AbortSignal;
}

/** One call with the AppID; the JSON body (or the raw text when it is not JSON). Network errors throw. */
export async function remoteCall<T = any>(
  endpoint: RemoteEndpoint,
  path: string,
  options: RemoteCallOptions = {},
): Promise<RemoteReply<T>> {
  const response = await fetch(endpoint.url + path, {
    method: options.method ?? 'GET',
    headers: {
      authorization: endpoint.appId,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: body as T };
}

/**
 * Pays a BR Code as the payer's bank would: through a strict remote's Pix network
 * (`POST <pixNetworkUrl>/pay`), or the permissive sandbox's `POST /openpix/testing/pay`; the same
 * body and answer either way, with the receiving account's AppID. `dropTxid`: as a bank that
 * drops a static code's txid (the Pix is recorded with none; 400 for a dynamic code).
 */
export function payBrCode(
  endpoint: RemoteEndpoint,
  brCode: string,
  value?: number,
  options: { dropTxid?: boolean } = {},
): Promise<RemoteReply> {
  const body: Record<string, unknown> = { brCode };
  if (value !== undefined) body.value = value;
  if (options.dropTxid) body.dropTxid = true;
  if (endpoint.pixNetworkUrl)
    return remoteCall({ url: endpoint.pixNetworkUrl, appId: endpoint.appId }, '/pay', { method: 'POST', body });
  return remoteCall(endpoint, '/openpix/testing/pay', { method: 'POST', body });
}

export function createRemoteCharge(
  endpoint: RemoteEndpoint,
  input: { correlationID: string; value: number },
  signal?: AbortSignal,
): Promise<RemoteReply<{ charge: Charge }>> {
  return remoteCall(endpoint, '/api/v1/charge', { method: 'POST', body: input, signal });
}

/** GET /api/v1/charge/{id}: the charge, or the status (400 "Charge not found" once deleted). */
export async function getRemoteCharge(
  endpoint: RemoteEndpoint,
  id: string,
): Promise<{ status: number; charge?: Charge }> {
  const reply = await remoteCall<{ charge?: Charge }>(endpoint, `/api/v1/charge/${encodeURIComponent(id)}`);
  return reply.status === 200 && reply.body.charge
    ? { status: 200, charge: reply.body.charge }
    : { status: reply.status };
}

export interface TimeWindow {
  /** ISO instants, both inclusive (the service's createdAt filter). */
  start: string;
  end: string;
}

const PAGE = 100;

/** Every charge created in the window, page after page. */
export async function listRemoteCharges(endpoint: RemoteEndpoint, window: TimeWindow): Promise<Charge[]> {
  const charges: Charge[] = [];
  for (let skip = 0; ; skip += PAGE) {
    const query = new URLSearchParams({
      start: window.start,
      end: window.end,
      skip: String(skip),
      limit: String(PAGE),
    });
    const reply = await remoteCall<{ charges: Charge[]; pageInfo: { hasNextPage: boolean } }>(
      endpoint,
      `/api/v1/charge?${query}`,
    );
    if (reply.status !== 200)
      throw new Error(`listing charges answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    charges.push(...reply.body.charges);
    if (!reply.body.pageInfo.hasNextPage) return charges;
  }
}

/** Every refund of one charge (GET /api/v1/charge/{id}/refund, all pages). */
export async function listRemoteChargeRefunds(endpoint: RemoteEndpoint, chargeId: string): Promise<ChargeRefund[]> {
  const refunds: ChargeRefund[] = [];
  for (let skip = 0; ; skip += PAGE) {
    const query = new URLSearchParams({ skip: String(skip), limit: String(PAGE) });
    const reply = await remoteCall<{ refunds: ChargeRefund[]; pageInfo?: { hasNextPage: boolean } }>(
      endpoint,
      `/api/v1/charge/${encodeURIComponent(chargeId)}/refund?${query}`,
    );
    if (reply.status !== 200)
      throw new Error(`listing the refunds of ${chargeId} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    refunds.push(...reply.body.refunds);
    // The documented answer is the whole list (a strict remote gives no pageInfo).
    if (!reply.body.pageInfo?.hasNextPage) return refunds;
  }
}

/** Every static QR code of the account (GET /api/v1/qrcode-static, all pages; the list has no time filter). */
export async function listRemotePixQrCodes(endpoint: RemoteEndpoint): Promise<PixQrCode[]> {
  const codes: PixQrCode[] = [];
  for (let skip = 0; ; skip += PAGE) {
    const query = new URLSearchParams({ skip: String(skip), limit: String(PAGE) });
    const reply = await remoteCall<{ pixQrCodes: PixQrCode[]; pageInfo: { hasNextPage: boolean } }>(
      endpoint,
      `/api/v1/qrcode-static?${query}`,
    );
    if (reply.status !== 200)
      throw new Error(`listing static QR codes answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    codes.push(...reply.body.pixQrCodes);
    if (!reply.body.pageInfo.hasNextPage) return codes;
  }
}

/** Every transaction of `type` (default PAYMENT) in the window (GET /api/v1/transaction, all pages). */
export async function listRemoteTransactions(
  endpoint: RemoteEndpoint,
  window: TimeWindow,
  type = 'PAYMENT',
): Promise<Transaction[]> {
  const transactions: Transaction[] = [];
  for (let skip = 0; ; skip += PAGE) {
    const query = new URLSearchParams({
      start: window.start,
      end: window.end,
      type,
      skip: String(skip),
      limit: String(PAGE),
    });
    const reply = await remoteCall<{ transactions: Transaction[]; pageInfo: { hasNextPage: boolean } }>(
      endpoint,
      `/api/v1/transaction?${query}`,
    );
    if (reply.status !== 200)
      throw new Error(`listing transactions answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    transactions.push(...reply.body.transactions);
    if (!reply.body.pageInfo.hasNextPage) return transactions;
  }
}

/** Every refund by end-to-end id of the account (GET /api/v1/refund, all pages). */
export async function listRemotePaymentRefunds(endpoint: RemoteEndpoint): Promise<PixTransactionRefund[]> {
  const refunds: PixTransactionRefund[] = [];
  for (let skip = 0; ; skip += PAGE) {
    const query = new URLSearchParams({ skip: String(skip), limit: String(PAGE) });
    const reply = await remoteCall<{ refunds: PixTransactionRefund[]; pageInfo: { hasNextPage: boolean } }>(
      endpoint,
      `/api/v1/refund?${query}`,
    );
    if (reply.status !== 200)
      throw new Error(`listing refunds answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    refunds.push(...reply.body.refunds);
    if (!reply.body.pageInfo.hasNextPage) return refunds;
  }
}
