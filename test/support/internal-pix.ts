// Two companies of one sandbox paying each other inside the service: what the tests of money
// returned inside the service share (refunds-internal, internal-returns). Each side's balance is
// read from the ledger after checking the projection equals the entries' sums.
import { expect } from 'vitest';
import { ledger, type Balance } from '#service/engine/ledger/ledger';
import { createSandboxCompany, SANDBOX_ISPB, type SandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import type { Harness } from './harness';

/** A D… return id (a refund's or a devolução's end-to-end id). */
export const RETURN_ID = /^D\d{8}\d{12}[a-zA-Z0-9]{11}$/;
export const PAYER_NAME = 'Pagadora Atacado LTDA';
export const RECEIVER_NAME = 'Loja Recebedora LTDA';

export type Side = Pick<SandboxCompany, 'appId' | 'companyId' | 'accountId' | 'pixKey'>;
type Op = Parameters<Harness['client']['request']>[0];

export function company(
  h: Harness,
  officialName: string,
  extra: { features?: string[]; scopes?: string[] } = {},
): SandboxCompany {
  return createSandboxCompany(h.engine.db, h.clock.now(), { officialName, tradeName: officialName, ...extra });
}

export async function as(h: Harness, appId: string, op: Op, request: object = {}): Promise<any> {
  return h.client.request(op, request, { appId });
}

export async function ok(h: Harness, appId: string, op: Op, request: object = {}): Promise<any> {
  const reply = await as(h, appId, op, request);
  if (reply.status !== 200) throw new Error(`${op} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** Puts `cents` on the application's account through a static QR code paid from outside the service; returns that PAYMENT. */
export async function fund(h: Harness, appId: string, cents: number): Promise<any> {
  const { pixQrCode } = await ok(h, appId, 'createPixQrCode', { body: { name: 'Fundos', value: cents } });
  return (await ok(h, appId, 'sandboxPayBrCode', { body: { brCode: pixQrCode.brCode } })).transaction;
}

/** The ledger's balance, after checking the projection equals the entries' sums (the ledger's invariant). */
export function balance(h: Harness, side: { companyId: string; accountId: string }): Balance {
  const ref = { companyId: side.companyId, accountId: side.accountId };
  expect(ledger(h.engine.db).balanceFromEntries(ref)).toEqual(ledger(h.engine.db).balance(ref));
  return ledger(h.engine.db).balance(ref);
}

/** Lets the sweep settle what is due (payments and refunds settle 2 s after they are made): any request sweeps first. */
export async function settle(h: Harness, appId: string): Promise<void> {
  h.clock.advance(2_001);
  await ok(h, appId, 'listTransactions');
}

export function outbox(h: Harness, name: string): { companyId: string; payload: any }[] {
  return (
    h.engine.db.prepare('SELECT company_id, payload FROM events WHERE name = ? ORDER BY seq').all(name) as {
      company_id: string;
      payload: string;
    }[]
  ).map((row) => ({ companyId: row.company_id, payload: JSON.parse(row.payload) }));
}

/**
 * The payer sends `cents` by Pix key to the receiver and the payment settles. Returns the payer's
 * payment (`{payment, transaction, destination}`, its transaction the WITHDRAW) and the receiver's PAYMENT.
 */
export async function payInside(
  h: Harness,
  payer: Side,
  receiver: Side,
  correlationID: string,
  cents: number,
  extra: object = {},
) {
  await ok(h, payer.appId, 'createPayment', {
    body: {
      type: 'PIX_KEY',
      correlationID,
      value: cents,
      destinationAlias: receiver.pixKey,
      destinationAliasType: 'RANDOM',
      comment: `Pedido ${correlationID}`,
      autoApprove: true,
      ...extra,
    },
  });
  await settle(h, payer.appId);
  const sent = await ok(h, payer.appId, 'getPayment', { params: { id: correlationID } });
  expect(sent.payment.status).toBe('CONFIRMED');
  const received = (await ok(h, receiver.appId, 'listTransactions', { query: { type: 'PAYMENT' } })).transactions.find(
    (t: any) => t.value === cents && t.payer?.name === PAYER_NAME,
  );
  expect(received).toBeDefined();
  return { sent, received };
}

/**
 * Opens a second account of the payer's (the company needs BANK_ACCOUNT) and sends it `cents`
 * from the first by its bank details (an internal transfer), settled. Returns the new account
 * (`branch`, as duplicateAccount answers it) and its side for balance().
 */
export async function secondAccountHolding(h: Harness, payer: Side, cents: number) {
  const branch = (await ok(h, payer.appId, 'duplicateAccount')).account;
  const branchSide = { companyId: payer.companyId, accountId: branch.accountId as string };
  await ok(h, payer.appId, 'createPayment', {
    body: {
      type: 'MANUAL',
      correlationID: 'para-filial',
      value: cents,
      psp: { id: SANDBOX_ISPB, name: 'BALCAO SANDBOX IP' },
      holder: { name: PAYER_NAME, taxID: { taxID: branch.taxId, type: 'BR:CNPJ' } },
      account: { account: branch.account, branch: branch.branch, accountType: 'TRAN' },
      autoApprove: true,
    },
  });
  await settle(h, payer.appId);
  return { branch, branchSide };
}
