// The sandbox served on a loopback port with the official `@woovi/node-sdk` pointed at it:
// what an integrator gets when they swap the SDK's baseUrl for ours.
import { createClient } from '@woovi/node-sdk';
import { afterEach, beforeEach, expect } from 'vitest';
import type { Charge, PixQrCode, Transaction } from '#shared/service/resources';
import { ManualClock } from '#lib/clock';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { createSandboxService, type SandboxService } from '#service/index';

export type WooviClient = ReturnType<typeof createClient>;

export const START = '2026-11-22T15:00:00.000Z';
/** The engine's refund settlement delay in these tests; the clock is moved past it by hand. */
export const REFUND_SETTLEMENT_MS = 2_000;

export interface PayResult {
  transaction: Transaction;
  charge?: Charge;
  pixQrCode?: PixQrCode;
}

export interface SdkSandbox {
  service: SandboxService;
  baseUrl: string;
  /** `baseUrl` without the scheme, as BR Code locations carry it. */
  host: string;
  appId: string;
  pixKey: string;
  clock: ManualClock;
  woovi: WooviClient;
  /** A second company on the same sandbox: its records must stay invisible to `woovi`. */
  other: { appId: string; pixKey: string; woovi: WooviClient };
  /** Every request the server answered (method, raw URL, status), to see what the SDK really sent. */
  requests: { method: string; url: string; status: number }[];
  /** Status of the last answered request (the SDK hides it: it only throws the body). */
  lastStatus(): number;
  /** Pays a BR Code through the sandbox's payer-bank endpoint. */
  payBrCode(brCode: string, appId?: string): Promise<PayResult>;
  /** Pays through the real sandbox's simulator, `GET /openpix/testing?transactionID=` (or `identifier=`). */
  paySimulator(query: { transactionID?: string; identifier?: string }, appId?: string): Promise<PayResult>;
  count(table: string): number;
}

/** Starts a fresh sandbox (in-memory DB, manual clock) before each test and stops it after. */
export function useSdkSandbox(): () => SdkSandbox {
  let current: SdkSandbox | undefined;
  beforeEach(async () => {
    current = await startSdkSandbox();
  });
  afterEach(async () => {
    await current?.service.close();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error('sandbox not started');
    return current;
  };
}

export async function startSdkSandbox(): Promise<SdkSandbox> {
  const clock = new ManualClock(START);
  const service = createSandboxService({
    dbPath: ':memory:',
    clock,
    config: { refundSettlementMs: REFUND_SETTLEMENT_MS },
  });
  const requests: { method: string; url: string; status: number }[] = [];
  // onSend runs before the bytes leave, so the log is complete by the time the SDK resolves.
  service.app.addHook('onSend', async (request, reply, payload) => {
    // An empty query ("/api/v1/charge?") is the same request; Node releases differ on keeping the bare "?".
    requests.push({ method: request.method, url: request.url.replace(/\?$/, ''), status: reply.statusCode });
    return payload;
  });
  const other = createSandboxCompany(service.engine.db, clock.now(), { tradeName: 'Outra Loja' });
  const baseUrl = await service.listen(0);
  const tenant = service.engine.tenancy.resolveTenant(service.appId)!;
  const pixKey = service.engine.tenancy.defaultPixKey(tenant.account.id)!.key;

  async function payCall(url: string, init: RequestInit, appId: string): Promise<PayResult> {
    const response = await fetch(url, {
      ...init,
      headers: { authorization: appId, 'content-type': 'application/json' },
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`sandbox pay answered ${response.status}: ${text}`);
    return JSON.parse(text) as PayResult;
  }

  return {
    service,
    baseUrl,
    host: baseUrl.replace(/^https?:\/\//, ''),
    appId: service.appId,
    pixKey,
    clock,
    woovi: createClient({ appId: service.appId, baseUrl }),
    other: { appId: other.appId, pixKey: other.pixKey, woovi: createClient({ appId: other.appId, baseUrl }) },
    requests,
    lastStatus: () => {
      const last = requests.at(-1);
      if (!last) throw new Error('no request was answered yet');
      return last.status;
    },
    payBrCode: (brCode, appId = service.appId) =>
      payCall(`${baseUrl}/openpix/testing/pay`, { method: 'POST', body: JSON.stringify({ brCode }) }, appId),
    paySimulator: (query, appId = service.appId) =>
      payCall(
        `${baseUrl}/openpix/testing?${new URLSearchParams(query as Record<string, string>)}`,
        { method: 'GET' },
        appId,
      ),
    count: (table) => (service.engine.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n,
  };
}

/**
 * Awaits an SDK call that must fail and returns what it threw. The SDK throws the parsed JSON
 * error body itself (not an Error), so an `Error` here means our server sent something the SDK
 * could not parse (an empty or non-JSON body) — a deviation in its own right.
 */
export async function sdkRejection(call: Promise<unknown>): Promise<{ error: string }> {
  let thrown: unknown;
  try {
    const value = await call;
    throw new Error(`expected the SDK call to reject, it resolved with ${JSON.stringify(value)}`);
  } catch (error) {
    thrown = error;
  }
  if (thrown instanceof Error && thrown.message.startsWith('expected the SDK call to reject')) throw thrown;
  expect(thrown, 'the SDK should reject with the parsed {error} body, not an Error').not.toBeInstanceOf(Error);
  expect(thrown).toEqual({ error: expect.any(String) });
  return thrown as { error: string };
}

/** Test fixtures: a valid CPF and CNPJ (check digits right). */
export const CPF = '52998224725';
export const CNPJ = '11222333000181';

/** Creates a charge through the SDK and pays it through the sandbox; returns both records. */
export async function paidCharge(
  s: SdkSandbox,
  correlationID: string,
  value: number,
): Promise<{ charge: Charge; transaction: Transaction }> {
  const created = await s.woovi.charge.create({ correlationID, value, comment: `Pedido ${correlationID}` });
  const charge = created.charge as unknown as Charge;
  const paid = await s.payBrCode(charge.brCode);
  expect(paid.transaction).toMatchObject({ type: 'PAYMENT', value });
  return { charge, transaction: paid.transaction };
}

/** Our resource type for an SDK answer: the SDK's typings are loose (and sometimes wrong). */
export function as<T>(value: unknown): T {
  return value as T;
}
