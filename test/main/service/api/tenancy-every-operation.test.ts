// Tenancy over EVERY operation of the table (src/main/service/engine/operations.ts), not a hand
// list: company A makes one record of each kind; company B then calls every operation that takes
// an id - in its path, or in a query or body field that names a record - with A's ids. Each
// answer must be exactly the answer B gets for an unknown id of the same form (the same status
// and body, the id itself aside), must hold nothing of A's, and A's rows in the database must be
// unchanged. An operation with an id input that the table below does not map fails the suite, so
// a new operation cannot skip tenancy; a mapped kind of record with no create operation yet fails
// with "no create for X yet".
//
// The sandbox is built here as test/support/harness.ts builds its HTTP one (a database file, a
// manual clock, a real server), but A and B get every company feature (BANK_ACCOUNT, MED_API,
// BAAS, KYC_ONBOARDING, PARTNER): the harness's main company has none, and then the feature's 403
// would answer before any id is looked up, proving nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ManualClock } from '#lib/clock';
import type { Db } from '#lib/store/database';
import type { AnyOperation } from '#service/engine/operation';
import { operationTable } from '#service/engine/operations';
import { openApiPath } from '#service/engine/openapi';
import { createSandboxCompany, type SandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { createSandboxService, type SandboxService } from '#service/index';
import { companyRows, fillPath, rawRequest, withQuery, type RawReply } from '#test/support/openapi-violations';

/** Every feature an operation needs (read from the table, so a feature added later is had too). */
const FEATURES = [
  ...new Set(
    Object.values(operationTable as Record<string, AnyOperation>).flatMap((declaration) =>
      declaration.feature === undefined
        ? []
        : typeof declaration.feature === 'string'
          ? [declaration.feature]
          : [...declaration.feature],
    ),
  ),
];
const CPF_A = '52998224725';
/** A valid CPF nobody in the sandbox has: the unknown counterpart of A's customer's CPF. */
const CPF_UNKNOWN = '11144477735';
const CNPJ_A = '11222333000181';
const CNPJ_UNKNOWN = '45723174000110';
/** The company A pre-registers as a partner. */
const CNPJ_PARTNER_A = '33000167000101';

// ------------------------------------------------------------------------------------------------
// A's world: one record of each kind, made through the operations themselves.

/** A reference to one of A's values: `charge.correlationID`, `pixKey.key`, … */
type Ref = string;

interface Kind {
  /** The create operations it needs, as METHOD and path; a missing one makes its refs fail with "no create for X yet". */
  needs: string[];
  make(a: Caller, world: World, sandbox: { clock: ManualClock; db: Db }): Promise<Record<string, string>>;
}

type World = Map<Ref, string>;

interface Caller {
  /** Calls as A (or with another AppID of A's) and expects a 2xx JSON answer. */
  ok(method: string, path: string, body?: unknown, query?: Record<string, string>, appId?: string): Promise<any>;
}

/** Values the unknown-id run uses where changing a character of A's would break the value's form (check digits). */
const UNKNOWN_OF: Record<Ref, string> = {};

const KINDS: Record<string, Kind> = {
  customer: {
    needs: ['POST /api/v1/customer'],
    async make(a) {
      const { customer } = await a.ok('POST', '/api/v1/customer', {
        name: 'Cliente Secreta da Empresa A',
        taxID: CPF_A,
        email: 'segredo.a@example.com',
        phone: '+5511912345678',
        correlationID: 'cliente-da-empresa-a',
      });
      return { 'customer.correlationID': customer.correlationID, 'customer.taxID': CPF_A };
    },
  },
  charge: {
    needs: ['POST /api/v1/charge', 'GET /openpix/testing'],
    async make(a) {
      const { charge } = await a.ok('POST', '/api/v1/charge', {
        correlationID: 'cobranca-da-empresa-a',
        value: 50_000,
        comment: 'Cobrança secreta A',
        customer: { name: 'Cliente Secreta da Empresa A', taxID: CPF_A, email: 'segredo.a@example.com' },
      });
      await a.ok('GET', '/openpix/testing', undefined, { transactionID: charge.transactionID });
      const { charge: open } = await a.ok('POST', '/api/v1/charge', {
        correlationID: 'cobranca-aberta-da-empresa-a',
        value: 1_234,
      });
      const { transactions } = await a.ok('GET', '/api/v1/transaction', undefined, { charge: charge.correlationID });
      const pix = transactions[0];
      return {
        'charge.correlationID': charge.correlationID,
        'charge.globalID': charge.globalID,
        'charge.transactionID': charge.transactionID,
        'charge.paymentLinkID': charge.paymentLinkID,
        'charge.identifier': charge.identifier,
        'charge.brCode': charge.brCode,
        'openCharge.correlationID': open.correlationID,
        'openCharge.globalID': open.globalID,
        'openCharge.transactionID': open.transactionID,
        'openCharge.paymentLinkID': open.paymentLinkID,
        'openCharge.brCode': open.brCode,
        'pixIn.endToEndId': pix.endToEndId,
        'pixIn.globalID': pix.globalID,
        'pixIn.transactionID': pix.transactionID,
      };
    },
  },
  refund: {
    needs: ['POST /api/v1/charge/{id}/refund'],
    async make(a, world) {
      const { refund } = await a.ok('POST', `/api/v1/charge/${world.get('charge.correlationID')}/refund`, {
        correlationID: 'devolucao-da-empresa-a',
        value: 100,
      });
      return {
        'refund.correlationID': refund.correlationID,
        'refund.refundId': refund.refundId ?? refund.correlationID,
      };
    },
  },
  pixQrCode: {
    needs: ['POST /api/v1/qrcode-static'],
    async make(a) {
      const { pixQrCode } = await a.ok('POST', '/api/v1/qrcode-static', {
        name: 'QR secreto A',
        correlationID: 'qr-da-empresa-a',
        value: 2_500,
        identifier: 'qrsecretoA',
      });
      return {
        'pixQrCode.id': pixQrCode.id ?? pixQrCode.correlationID,
        'pixQrCode.correlationID': pixQrCode.correlationID,
        'pixQrCode.identifier': pixQrCode.identifier,
        'pixQrCode.paymentLinkID': pixQrCode.paymentLinkID,
        'pixQrCode.brCode': pixQrCode.brCode,
      };
    },
  },
  pixKey: {
    needs: ['POST /api/v1/pix-keys', 'POST /api/v1/pix-keys/check'],
    async make(a, world) {
      const created = await a.ok('POST', '/api/v1/pix-keys', { type: 'EVP' });
      const key = created.pixKey?.key ?? created.key ?? created.pixKey;
      // A DICT lookup of A's: its end-to-end id is what a Pix to that key then names.
      const checked = await a.ok('POST', '/api/v1/pix-keys/check', { pixKey: world.get('third.pixKey') });
      return {
        'pixKey.key': typeof key === 'string' ? key : JSON.stringify(key),
        'pixKeyCheck.endToEndId': checked.pixKeyEndToEndId,
      };
    },
  },
  payment: {
    needs: ['POST /api/v1/payment'],
    async make(a, world) {
      const payee = world.get('third.pixKey')!;
      const sent = await a.ok('POST', '/api/v1/payment', {
        type: 'PIX_KEY',
        correlationID: 'pagamento-da-empresa-a',
        value: 1_000,
        destinationAlias: payee,
        destinationAliasType: 'RANDOM',
        autoApprove: true,
      });
      const pending = await a.ok('POST', '/api/v1/payment', {
        type: 'PIX_KEY',
        correlationID: 'pagamento-pendente-da-empresa-a',
        value: 700,
        destinationAlias: payee,
        destinationAliasType: 'RANDOM',
      });
      return {
        'payment.correlationID': sent.payment.correlationID,
        'payment.endToEndId': sent.transaction?.endToEndId ?? sent.payment.endToEndId,
        'pendingPayment.correlationID': pending.payment.correlationID,
      };
    },
  },
  account: {
    needs: ['POST /api/v1/account'],
    async make(a, world) {
      const created = await a.ok('POST', '/api/v1/account', {});
      const account = created.account ?? created.bankAccount ?? created;
      const withdrawn = await a.ok('POST', `/api/v1/account/${world.get('a.accountId')}/withdraw`, { value: 500 });
      const transaction = withdrawn.withdraw?.transaction ?? withdrawn.transaction ?? {};
      return {
        'account.id': world.get('a.accountId')!,
        'account2.id': account.accountId ?? account.id,
        'withdrawal.endToEndId': transaction.endToEndId,
        'withdrawal.id': withdrawn.withdraw?.id ?? transaction.globalID ?? transaction.endToEndId,
      };
    },
  },
  webhook: {
    needs: ['POST /api/v1/webhook'],
    async make(a) {
      const { webhook } = await a.ok('POST', '/api/v1/webhook', {
        webhook: {
          name: 'Webhook secreto A',
          url: 'https://empresa-a.example/segredo',
          event: 'OPENPIX:CHARGE_COMPLETED',
          isActive: true,
        },
      });
      return { 'webhook.id': webhook.id };
    },
  },
  dispute: {
    needs: ['POST /api/v1/qrcode-static', 'POST /openpix/testing/pay', 'POST /openpix/testing/dispute'],
    async make(a) {
      // A Pix of its own, received just now: a dispute blocks its value, which A then still has.
      const { pixQrCode } = await a.ok('POST', '/api/v1/qrcode-static', { name: 'Venda contestada', value: 800 });
      const paid = await a.ok('POST', '/openpix/testing/pay', {
        brCode: pixQrCode.brCode,
        payer: { name: 'Maria Pagadora' },
      });
      const { dispute } = await a.ok('POST', '/openpix/testing/dispute', {
        endToEndId: paid.transaction.endToEndId,
        reason: 'Produto não entregue à empresa A',
      });
      return { 'dispute.id': dispute.id };
    },
  },
  fundsRecovery: {
    needs: ['POST /api/v1/funds-recovery'],
    async make(a, world) {
      const opened = await a.ok('POST', '/api/v1/funds-recovery', {
        transactionEndToEndId: world.get('payment.endToEndId'),
        situationType: 'SCAM',
        details: 'Golpe contra a empresa A: pagamento feito e produto nunca entregue.',
      });
      const record = opened.fundsRecovery ?? opened;
      return { 'fundsRecovery.id': record.id ?? record.dictId };
    },
  },
  kyc: {
    needs: ['POST /api/v1/kyc/onboarding'],
    async make(a) {
      await a.ok('POST', '/api/v1/kyc/onboarding', { taxID: CNPJ_A, correlationID: 'cadastro-da-empresa-a' });
      return { 'kyc.correlationID': 'cadastro-da-empresa-a', 'kyc.taxID': CNPJ_A };
    },
  },
  subscription: {
    needs: ['POST /api/v1/subscriptions'],
    async make(a) {
      const { subscription } = await a.ok('POST', '/api/v1/subscriptions', {
        customer: { name: 'Cliente Secreta da Empresa A', taxID: CPF_A, email: 'segredo.a@example.com' },
        value: 4_990,
        correlationID: 'assinatura-da-empresa-a',
        type: 'RECURRENT',
        dayGenerateCharge: 25,
      });
      return { 'subscription.id': subscription.globalID, 'subscription.correlationID': subscription.correlationID };
    },
  },
  cashback: {
    needs: ['POST /api/v1/cashback-fidelity'],
    async make(a) {
      await a.ok('POST', '/api/v1/cashback-fidelity', { taxID: CPF_A, value: 300 });
      return {};
    },
  },
  application: {
    needs: ['POST /api/v1/application'],
    async make(a, world) {
      const created = await a.ok('POST', '/api/v1/application', {
        accountId: world.get('a.accountId'),
        application: { name: 'Integração secreta A', type: 'API' },
      });
      const application = created.application ?? created;
      return { 'application.clientId': application.clientId };
    },
  },
  partner: {
    needs: ['POST /api/v1/partner/company'],
    async make(a) {
      await a.ok('POST', '/api/v1/partner/company', {
        preRegistration: {
          name: 'Parceira Secreta A LTDA',
          website: 'parceira-a.example',
          taxID: { taxID: CNPJ_PARTNER_A, type: 'BR:CNPJ' },
        },
        user: {
          firstName: 'Segredo',
          lastName: 'A',
          email: 'parceira.a@example.com',
          phone: '+5511912345678',
          taxID: { taxID: CPF_A, type: 'BR:CPF' },
        },
      });
      return { 'partner.taxID': CNPJ_PARTNER_A };
    },
  },
};

// The kinds of record being added to the service right now: made through their create operations
// when those exist (the published document's paths and bodies); until then a case that needs one
// fails with "no create for X yet".
Object.assign(KINDS, {
  subaccount: {
    needs: ['POST /api/v1/subaccount'],
    async make(a) {
      const key = 'subconta-secreta-a@example.com';
      const created = await a.ok('POST', '/api/v1/subaccount', { name: 'Subconta secreta A', pixKey: key });
      const subAccount = created.subAccount ?? created.subaccount ?? created;
      await a.ok('POST', '/api/v1/subaccount', { name: 'Outra subconta A', pixKey: 'subconta-dois-a@example.com' });
      return {
        'subaccount.pixKey': subAccount.pixKey ?? key,
        'subaccount2.pixKey': 'subconta-dois-a@example.com',
      };
    },
  },
  transfer: {
    needs: ['POST /api/v1/application', 'POST /api/v1/pix-keys', 'POST /api/v1/transfer'],
    async make(a, world) {
      // A Pix key on A's second account, made with an application of that account.
      const made = await a.ok('POST', '/api/v1/application', {
        accountId: world.get('account2.id'),
        application: { name: 'Segunda conta A', type: 'API' },
      });
      const appId = (made.application ?? made).appID;
      const created = await a.ok('POST', '/api/v1/pix-keys', { type: 'EVP' }, undefined, appId);
      const second = { key: (created.pixKey?.key ?? created.key ?? created.pixKey) as string };
      world.set('account2.pixKey', second.key);
      const transferred = await a.ok('POST', '/api/v1/transfer', {
        value: 100,
        fromPixKey: world.get('a.pixKey'),
        toPixKey: second.key,
        correlationID: 'transferencia-da-empresa-a',
      });
      const transaction = transferred.transaction ?? transferred;
      return {
        'account2.pixKey': second.key,
        'transfer.correlationID': transaction.correlationID ?? 'transferencia-da-empresa-a',
      };
    },
  },
  invoice: {
    needs: [
      'POST /api/v1/invoice/integration',
      'POST /api/v1/invoice/integration/certificate',
      'POST /api/v1/invoice/integration/test',
      'POST /api/v1/invoice',
    ],
    async make(a, _world, { clock }) {
      await a.ok('POST', '/api/v1/invoice/integration', {
        cityServiceCode: '0107',
        municipalSubscription: '123456',
        taxRegime: '1',
      });
      await a.ok('POST', '/api/v1/invoice/integration/certificate', { pcks12: 'AAAA', passphrase: 'x', test: true });
      // The test invoice: the sandbox's NFe.io confirms it a while later, and the integration is on.
      await a.ok('POST', '/api/v1/invoice/integration/test');
      clock.advance(3_600_000);
      await a.ok('GET', '/api/v1/invoice/integration');
      const created = await a.ok('POST', '/api/v1/invoice', {
        description: 'Nota secreta A',
        billingDate: '2026-11-22T15:00:00.000Z',
        correlationID: 'nota-da-empresa-a',
        value: 5_000,
        customer: {
          taxID: CPF_A,
          name: 'Cliente Secreta da Empresa A',
          email: 'segredo.a@example.com',
          phone: '11987654321',
          address: { country: 'BR', zipcode: '01310-100', street: 'Avenida Paulista', number: '1000', state: 'SP' },
        },
      });
      const invoice = created.invoice ?? created;
      return { 'invoice.correlationID': invoice.correlationID ?? 'nota-da-empresa-a' };
    },
  },
  anticipation: {
    needs: ['POST /api/v1/anticipation/beneficiary', 'POST /openpix/testing/anticipation'],
    async make(a) {
      await a.ok('POST', '/api/v1/anticipation/beneficiary', {
        name: 'Beneficiária secreta A',
        taxID: CPF_A,
        correlationID: 'beneficiaria-da-empresa-a',
        availableAmount: 500_000,
        maxAdvanceableAmount: 350_000,
      });
      const asked = await a.ok('POST', '/openpix/testing/anticipation', { taxID: CPF_A, requestedAmount: 10_000 });
      const pending = await a.ok('POST', '/openpix/testing/anticipation', { taxID: CPF_A, requestedAmount: 5_000 });
      return {
        'beneficiary.taxID': CPF_A,
        'beneficiary.correlationID': 'beneficiaria-da-empresa-a',
        'anticipation.id': asked.anticipation.id,
        'anticipation2.id': pending.anticipation.id,
      };
    },
  },
  stablecoin: {
    needs: [
      'POST /api/v1/stablecoin/subaccount',
      'POST /api/v1/stablecoin/deposit',
      'POST /api/v1/stablecoin/deposit/approve',
      'POST /api/v1/stablecoin/payout',
    ],
    async make(a, world, { clock }) {
      const created = await a.ok('POST', '/api/v1/stablecoin/subaccount', {
        accountRegisterId: world.get('kyc.correlationID'),
      });
      const subAccount = created.subAccount ?? created.subaccount ?? created;
      // The KYB is decided by the sandbox's clock.
      clock.advance(86_400_000);
      await a.ok('GET', '/api/v1/stablecoin/subaccount');
      const deposit = await a.ok('POST', '/api/v1/stablecoin/deposit', {
        value: 10_000,
        currency: 'USDT',
        correlationId: 'deposito-cripto-da-empresa-a',
      });
      // Approved, the deposit settles on the subaccount's balance: what the payout then spends.
      await a.ok('POST', '/api/v1/stablecoin/deposit/approve', { correlationId: 'deposito-cripto-da-empresa-a' });
      clock.advance(86_400_000);
      await a.ok('GET', '/api/v1/stablecoin/subaccount');
      const payout = await a.ok('POST', '/api/v1/stablecoin/payout', {
        value: 100,
        currency: 'USDT',
        pixKey: world.get('third.pixKey'),
        correlationId: 'saque-cripto-da-empresa-a',
      });
      return {
        'stablecoinSubaccount.id': subAccount.id ?? subAccount.subAccountId,
        'payout.id': (payout.payout ?? payout).id ?? (payout.payout ?? payout).payoutId,
        'payout.correlationId': 'saque-cripto-da-empresa-a',
        'deposit.correlationId': (deposit.deposit ?? deposit).correlationId ?? 'deposito-cripto-da-empresa-a',
      };
    },
  },
  installment: {
    needs: ['GET /api/v1/subscriptions/{id}/installments'],
    async make(a, world, { clock }) {
      // The subscription's first charge is generated on its day (the 25th).
      clock.set('2026-11-26T12:00:00.000Z');
      await a.ok('GET', '/api/v1/subscriptions');
      const list = await a.ok('GET', `/api/v1/subscriptions/${world.get('subscription.id')}/installments`);
      const first = (list.installments ?? list.items ?? [])[0];
      if (!first) throw new Error('A subscription of A has no installment to name');
      return { 'installment.id': first.id ?? first.globalID };
    },
  },
  boletoTransaction: {
    needs: ['GET /api/v1/boleto-transaction'],
    async make(a) {
      // A boleto the payer paid: a BOLETO charge paid through the simulator.
      const { charge } = await a.ok('POST', '/api/v1/charge', {
        correlationID: 'boleto-da-empresa-a',
        value: 3_000,
        type: 'BOLETO',
      });
      await a.ok('GET', '/openpix/testing', undefined, { transactionID: charge.transactionID });
      const list = await a.ok('GET', '/api/v1/boleto-transaction');
      const first = (list.boletoTransactions ?? list.transactions ?? list.items ?? [])[0];
      if (!first) throw new Error('no create for boletoTransaction yet: A has none to name');
      return { 'boletoTransaction.id': first.id ?? first.globalID ?? first.boletoTransactionID };
    },
  },
} satisfies Record<string, Kind>);

/** The kind a reference's values come from (`openCharge.brCode` → charge); `a.` and `third.` are the companies themselves. */
const REF_KIND: Record<string, string> = {
  openCharge: 'charge',
  pixIn: 'charge',
  pendingPayment: 'payment',
  account2: 'account',
  withdrawal: 'account',
  subaccount2: 'subaccount',
  beneficiary: 'anticipation',
  anticipation2: 'anticipation',
  stablecoinSubaccount: 'stablecoin',
  payout: 'stablecoin',
  deposit: 'stablecoin',
  pixKeyCheck: 'pixKey',
};
const kindOf = (ref: Ref) => {
  const head = ref.split('.')[0]!;
  return REF_KIND[head] ?? head;
};

// ------------------------------------------------------------------------------------------------
// The table: for each operation (METHOD and path as the derived document writes it) that takes an
// id, the requests B sends; `id(ref)` is A's value in one run and an unknown one of the same form
// in the other, `fresh` a new correlationID for each run.

interface Req {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

type Build = (id: (ref: Ref) => string, fresh: string) => Req;

interface Case {
  requests: Build[];
  /**
   * It makes a record of B's own: A's correlationID (or taxID) there must give B a record of its
   * own, so the answer is compared by its shape (the two runs make two records), not by value.
   */
  creates?: true;
  /**
   * Inputs that are not record references of a company (a receipt's kind, a BR Code to decode):
   * the coverage check asks every id-like input to be mapped or named here, with why.
   */
  notRecords?: Record<string, string>;
  /**
   * Why B may get another answer with A's value than with an unknown one, by design (a Pix key is
   * looked up across the whole Pix network; a key is registered once in the whole sandbox). A's
   * state must still be unchanged, and nothing of A's beyond what the design shows may leak.
   */
  public?: string;
  /**
   * When it runs among the creates: a create whose record another create would make first under
   * the same id (a charge's inline customer makes B a customer) runs before it.
   */
  order?: number;
}

const each =
  (param: string, refs: Ref[], extra: (fresh: string) => Omit<Req, 'params'> = () => ({})) =>
  (): Build[] =>
    refs.map((ref) => (id, fresh) => ({ params: { [param]: id(ref) }, ...extra(fresh) }));

const CHARGE_IDS = ['charge.globalID', 'charge.correlationID', 'openCharge.correlationID', 'openCharge.transactionID'];
const IMAGE_IDS = [
  'openCharge.paymentLinkID',
  'openCharge.correlationID',
  'openCharge.globalID',
  'pixQrCode.paymentLinkID',
];
const ACCOUNT_IDS = ['account.id', 'account2.id'];
const PIX_KEYS = ['pixKey.key', 'a.pixKey'];
const SUBACCOUNTS = ['subaccount.pixKey'];

const CASES: Record<string, Case | Case[]> = {
  // charges
  'POST /api/v1/charge': {
    creates: true,
    requests: [
      (id) => ({ query: { return_existing: 'true' }, body: { correlationID: id('charge.correlationID'), value: 100 } }),
      (id, fresh) => ({
        body: {
          correlationID: fresh,
          value: 100,
          customer: { name: 'Cliente B', email: 'cliente.b@example.com', correlationID: id('customer.correlationID') },
        },
      }),
      (id, fresh) => ({ body: { correlationID: fresh, value: 1_000, subaccount: id('subaccount.pixKey') } }),
      (id, fresh) => ({
        body: {
          correlationID: fresh,
          value: 1_000,
          splits: [{ pixKey: id('subaccount.pixKey'), value: 100, splitType: 'SPLIT_SUB_ACCOUNT' }],
        },
      }),
    ],
    notRecords: {
      paymentLinkID: "B's own payment link would be named here; A's is covered by the images' ids",
      ensureSameTaxID: 'a flag, not a record',
    },
  },
  'GET /api/v1/charge': {
    requests: [
      (id) => ({ query: { customer: id('customer.correlationID') } }),
      (id) => ({ query: { subscription: id('subscription.id') } }),
    ],
  },
  'GET /api/v1/charge/{id}': { requests: each('id', CHARGE_IDS)() },
  'DELETE /api/v1/charge/{id}': { requests: each('id', CHARGE_IDS)() },
  'PATCH /api/v1/charge/{id}': {
    requests: each('id', CHARGE_IDS, () => ({ body: { expiresDate: '2027-01-01T00:00:00.000Z' } }))(),
  },
  'POST /api/v1/charge/{id}/refund': {
    requests: each('id', CHARGE_IDS, (fresh) => ({ body: { correlationID: fresh, value: 100 } }))(),
    notRecords: { correlationID: 'the id of the refund being made' },
  },
  'GET /api/v1/charge/{id}/refund': { requests: each('id', CHARGE_IDS)() },
  // customers
  'POST /api/v1/customer': {
    creates: true,
    order: 1,
    requests: [
      (id) => ({
        body: { name: 'Cliente B', correlationID: id('customer.correlationID'), taxID: id('customer.taxID') },
      }),
    ],
  },
  'GET /api/v1/customer/{id}': { requests: each('id', ['customer.correlationID', 'customer.taxID'])() },
  'PATCH /api/v1/customer/{id}': {
    requests: each('id', ['customer.correlationID', 'customer.taxID'], () => ({ body: { name: 'Nome de B' } }))(),
    notRecords: {
      taxID: "a new value of the customer's own field",
      correlationID: "a new value of the customer's own field",
    },
  },
  // refunds
  'POST /api/v1/refund': {
    requests: [
      (id, fresh) => ({ body: { value: 100, transactionEndToEndId: id('pixIn.endToEndId'), correlationID: fresh } }),
    ],
    notRecords: { correlationID: 'the id of the refund being made' },
  },
  'GET /api/v1/refund/{id}': { requests: each('id', ['refund.correlationID', 'refund.refundId'])() },
  // static QR codes
  'POST /api/v1/qrcode-static': [
    { requests: [(id, fresh) => ({ body: { name: 'QR de B', correlationID: fresh, pixKey: id('a.pixKey') } })] },
    {
      requests: [
        (id) => ({
          body: {
            name: 'QR de B',
            correlationID: id('pixQrCode.correlationID'),
            identifier: id('pixQrCode.identifier'),
          },
        }),
      ],
      // A's correlationID and identifier give B a code of its own: both are unique per company
      // (migration 023), so B learns nothing of A's code and is not blocked by it.
      creates: true,
    },
  ],
  'GET /api/v1/qrcode-static/{id}': {
    requests: each('id', ['pixQrCode.id', 'pixQrCode.correlationID', 'pixQrCode.identifier'])(),
  },
  'DELETE /api/v1/qrcode-static/{id}': {
    requests: each('id', ['pixQrCode.id', 'pixQrCode.correlationID', 'pixQrCode.identifier'])(),
  },
  // transactions, images, receipts
  'GET /api/v1/transaction': {
    requests: [
      (id) => ({ query: { charge: id('charge.correlationID') } }),
      (id) => ({ query: { pixQrCode: id('pixQrCode.correlationID') } }),
      (id) => ({ query: { withdrawal: id('withdrawal.id') } }),
    ],
  },
  'GET /api/v1/transaction/{id}': {
    requests: each('id', ['pixIn.endToEndId', 'pixIn.globalID', 'pixIn.transactionID', 'withdrawal.endToEndId'])(),
  },
  'GET /openpix/charge/brcode/image/{id}.png': { requests: each('id', IMAGE_IDS)() },
  'GET /svc/charge/brcode/image/{id}.png': { requests: each('id', IMAGE_IDS)() },
  'GET /api/image/qrcode/base64/{id}': { requests: each('id', IMAGE_IDS)() },
  'GET /openpix/charge/boleto/barcode/{id}.png': { requests: each('id', IMAGE_IDS)() },
  'GET /api/v1/receipt/{receiptType}/{endToEndId}': {
    requests: [
      (id) => ({ params: { receiptType: 'pix-in', endToEndId: id('pixIn.endToEndId') } }),
      (id) => ({ params: { receiptType: 'pix-out', endToEndId: id('payment.endToEndId') } }),
      (id) => ({ params: { receiptType: 'pix-out', endToEndId: id('withdrawal.endToEndId') } }),
    ],
    notRecords: { receiptType: 'the kind of receipt (pix-in, pix-out…), not a record' },
  },
  // the payment simulators
  'GET /openpix/testing': {
    requests: [
      (id) => ({ query: { transactionID: id('openCharge.transactionID') } }),
      (id) => ({ query: { identifier: id('pixQrCode.identifier') } }),
    ],
  },
  'POST /openpix/testing/pay': {
    requests: [(id) => ({ body: { brCode: id('openCharge.brCode') } })],
  },
  'POST /api/v1/decode/emv': {
    requests: [(id) => ({ body: { emv: id('openCharge.brCode') } })],
    public: 'a BR Code carries its own data in the clear: anyone who holds it may decode it',
  },
  // Pix keys
  'POST /api/v1/pix-keys': {
    requests: [
      (id) => ({ body: { type: 'EVP', key: id('pixKey.key') } }),
      (id) => ({ body: { type: 'EVP', pixKey: id('pixKey.key') } }),
    ],
    public:
      'a Pix key is registered once in the whole network: A’s is refused to B as taken, an unknown one is registered',
  },
  'PUT /api/v1/pix-keys/{pixKey}/default': { requests: each('pixKey', PIX_KEYS)() },
  'POST /api/v1/pix-keys/{pixKey}/default': { requests: each('pixKey', PIX_KEYS)() },
  'DELETE /api/v1/pix-keys/{pixKey}': { requests: each('pixKey', PIX_KEYS)() },
  'GET /api/v1/pix-keys/{pixKey}/check': {
    requests: each('pixKey', PIX_KEYS)(),
    public: 'a Pix key check is a DICT lookup: it shows any key’s holder, as the real Pix network does',
  },
  'POST /api/v1/pix-keys/check': {
    requests: [(id) => ({ body: { pixKey: id('pixKey.key') } })],
    public: 'a Pix key check is a DICT lookup: it shows any key’s holder, as the real Pix network does',
  },
  'GET /api/v1/pix-keys/tokens/logs': { requests: [(id) => ({ query: { companyBankAccount: id('account.id') } })] },
  'POST /api/v1/boleto/validate': {
    requests: [() => ({ body: { barcode: '23793381286000000000300000000401184340000010000' } })],
    notRecords: { barcode: 'a boleto line to check, not a record' },
  },
  'GET /api/v1/psp': {
    requests: [() => ({ query: { ispb: '00000000' } })],
    notRecords: { ispb: 'a bank of the Pix network, public' },
  },
  // accounts
  'GET /api/v1/account/{accountId}': { requests: each('accountId', ACCOUNT_IDS)() },
  'DELETE /api/v1/account/{accountId}': { requests: each('accountId', ACCOUNT_IDS)() },
  'POST /api/v1/account/{accountId}/withdraw': {
    requests: each('accountId', ACCOUNT_IDS, () => ({ body: { value: 100 } }))(),
  },
  'GET /api/v1/limits/{accountId}': { requests: each('accountId', ACCOUNT_IDS)() },
  // payments
  'POST /api/v1/payment': [
    {
      creates: true,
      requests: [
        (id, _fresh) => ({
          body: {
            type: 'PIX_KEY',
            correlationID: id('payment.correlationID'),
            value: 100,
            destinationAlias: id('third.pixKey'),
            destinationAliasType: 'RANDOM',
          },
        }),
      ],
    },
    {
      // Paying from A's account, or with A's DICT lookup: refused as for an unknown one.
      requests: [
        (_id, fresh) => ({
          body: {
            type: 'PIX_KEY',
            correlationID: fresh,
            value: 100,
            destinationAlias: _id('third.pixKey'),
            destinationAliasType: 'RANDOM',
            sourceAccountId: _id('account2.id'),
          },
        }),
        (_id, fresh) => ({
          body: {
            type: 'PIX_KEY',
            correlationID: fresh,
            value: 100,
            destinationAlias: _id('third.pixKey'),
            destinationAliasType: 'RANDOM',
            pixKeyEndToEndId: _id('pixKeyCheck.endToEndId'),
          },
        }),
      ],
      notRecords: { correlationID: 'the id of the payment being made (its create case above)' },
    },
  ],
  'POST /api/v1/payment/approve': {
    requests: [(id) => ({ body: { correlationID: id('pendingPayment.correlationID') } })],
  },
  'GET /api/v1/payment/{id}': { requests: each('id', ['payment.correlationID', 'pendingPayment.correlationID'])() },
  'POST /openpix/testing/payment/reverse': {
    requests: [(id) => ({ body: { correlationID: id('payment.correlationID') } })],
  },
  // webhooks
  'DELETE /api/v1/webhook/{id}': { requests: each('id', ['webhook.id'])() },
  'POST /api/v1/webhook/{id}/replay': {
    requests: each('id', ['webhook.id'], () => ({ body: {} }))(),
    notRecords: { eventId: "an event of the webhook the path names (A's here), which B cannot reach first" },
  },
  'GET /api/v1/webhook/{id}/deliveries': { requests: each('id', ['webhook.id'])() },
  // disputes, MED
  'GET /api/v1/dispute/{id}': { requests: each('id', ['dispute.id'])() },
  'POST /api/v1/dispute/{id}/evidence': {
    requests: each('id', ['dispute.id'], (fresh) => ({
      body: {
        documents: [{ url: 'https://empresa-b.example/prova.pdf', correlationID: fresh, description: 'Prova de B' }],
      },
    }))(),
  },
  'POST /openpix/testing/dispute': { requests: [(id) => ({ body: { endToEndId: id('pixIn.endToEndId') } })] },
  'POST /openpix/testing/dispute/{id}/resolve': {
    requests: each('id', ['dispute.id'], () => ({ body: { status: 'ACCEPTED' } }))(),
  },
  'POST /api/v1/funds-recovery': {
    requests: [
      (id) => ({
        body: {
          transactionEndToEndId: id('payment.endToEndId'),
          situationType: 'SCAM',
          details: 'Tentativa de B sobre a transação de A.',
        },
      }),
    ],
  },
  'GET /api/v1/funds-recovery/{id}': { requests: each('id', ['fundsRecovery.id'])() },
  'POST /api/v1/funds-recovery/{id}/cancel': { requests: each('id', ['fundsRecovery.id'])() },
  // KYC, account registers
  'POST /api/v1/kyc/onboarding': {
    creates: true,
    requests: [(id) => ({ body: { taxID: id('kyc.taxID'), correlationID: id('kyc.correlationID') } })],
  },
  'GET /api/v1/account-register/{correlationID}': { requests: each('correlationID', ['kyc.correlationID'])() },
  'DELETE /api/v1/account-register/{correlationID}': { requests: each('correlationID', ['kyc.correlationID'])() },
  'GET /api/v1/account-register': { requests: [(id) => ({ query: { correlationID: id('kyc.correlationID') } })] },
  // subscriptions
  'POST /api/v1/subscriptions': {
    creates: true,
    requests: [
      (id) => ({
        body: {
          customer: { name: 'Cliente B', taxID: CPF_A },
          value: 1_000,
          correlationID: id('subscription.correlationID'),
          type: 'RECURRENT',
          dayGenerateCharge: 10,
        },
      }),
    ],
    notRecords: { customer: "the subscriber's data, inline" },
  },
  'GET /api/v1/subscriptions/{id}': { requests: each('id', ['subscription.id', 'subscription.correlationID'])() },
  'PUT /api/v1/subscriptions/{id}/cancel': {
    requests: each('id', ['subscription.id', 'subscription.correlationID'])(),
  },
  'GET /api/v1/subscriptions/{id}/installments': { requests: each('id', ['subscription.id'])() },
  'PUT /api/v1/subscriptions/{id}/value': {
    requests: each('id', ['subscription.id'], () => ({ body: { value: 2_000 } }))(),
  },
  'GET /api/v1/installments/{id}': { requests: each('id', ['installment.id'])() },
  'POST /api/v1/installments/{id}/cobr': {
    requests: each('id', ['installment.id'], () => ({ body: { value: 100 } }))(),
  },
  'POST /api/v1/installments/{id}/cobr/retry': {
    requests: each('id', ['installment.id'], () => ({ body: { value: 100 } }))(),
  },
  // cashback
  'GET /api/v1/cashback-fidelity/balance/{taxID}': { requests: each('taxID', ['customer.taxID'])() },
  'POST /api/v1/cashback-fidelity': { requests: [(id) => ({ body: { taxID: id('customer.taxID'), value: 100 } })] },
  // applications, partners
  'POST /api/v1/application': {
    requests: [(id) => ({ body: { accountId: id('account.id'), application: { name: 'App de B', type: 'API' } } })],
  },
  'DELETE /api/v1/application': { requests: [(id) => ({ body: { clientId: id('application.clientId') } })] },
  'GET /api/v1/partner/company/{taxID}': { requests: each('taxID', ['partner.taxID'])() },
  'POST /api/v1/partner/application': {
    requests: [
      (id) => ({
        body: {
          application: { name: 'App de B', type: 'API' },
          taxID: { taxID: id('partner.taxID'), type: 'BR:CNPJ' },
        },
      }),
    ],
  },
  // subaccounts (issue 37)
  'GET /api/v1/subaccount/{id}': { requests: each('id', SUBACCOUNTS)() },
  'DELETE /api/v1/subaccount/{id}': { requests: each('id', SUBACCOUNTS)() },
  'POST /api/v1/subaccount/{id}/credit': {
    requests: each('id', SUBACCOUNTS, () => ({ body: { value: 100, description: 'B' } }))(),
  },
  'POST /api/v1/subaccount/{id}/debit': {
    requests: each('id', SUBACCOUNTS, () => ({ body: { value: 100, description: 'B' } }))(),
  },
  'POST /api/v1/subaccount/{id}/withdraw': {
    requests: each('id', SUBACCOUNTS, () => ({ body: { value: 100 } }))(),
    notRecords: { correlationID: 'the id of the withdrawal being made' },
  },
  'GET /api/v1/subaccount/{id}/statement': { requests: each('id', SUBACCOUNTS)() },
  'POST /api/v1/subaccount': {
    creates: true,
    requests: [(id) => ({ body: { name: 'Subconta de B', pixKey: id('subaccount.pixKey') } })],
  },
  'POST /api/v1/subaccount/transfer': {
    requests: [
      (id, fresh) => ({
        body: {
          value: 100,
          fromPixKey: id('subaccount.pixKey'),
          fromPixKeyType: 'EMAIL',
          toPixKey: id('subaccount2.pixKey'),
          toPixKeyType: 'EMAIL',
          correlationID: fresh,
        },
      }),
    ],
    notRecords: { correlationID: 'the id of the transfer being made' },
  },
  'POST /api/v1/transfer': {
    requests: [
      (id, fresh) => ({
        body: { value: 100, fromPixKey: id('a.pixKey'), toPixKey: id('account2.pixKey'), correlationID: fresh },
      }),
      (id, fresh) => ({
        body: { value: 100, fromPixKey: id('b.pixKey'), toPixKey: id('a.pixKey'), correlationID: fresh },
      }),
    ],
    notRecords: { correlationID: 'the id of the transfer being made' },
  },
  // invoices
  'POST /api/v1/invoice': {
    requests: [
      (id, fresh) => ({
        body: {
          description: 'Nota de B',
          billingDate: '2026-11-22T15:00:00.000Z',
          correlationID: fresh,
          charge: id('charge.correlationID'),
        },
      }),
      (id) => ({
        body: {
          description: 'Nota de B',
          billingDate: '2026-11-22T15:00:00.000Z',
          correlationID: id('invoice.correlationID'),
          value: 100,
          customerId: id('customer.correlationID'),
        },
      }),
    ],
    notRecords: { customer: "the customer's data, inline" },
  },
  'POST /api/v1/invoice/{correlationID}/cancel': { requests: each('correlationID', ['invoice.correlationID'])() },
  'GET /api/v1/invoice/{correlationID}/pdf': { requests: each('correlationID', ['invoice.correlationID'])() },
  'GET /api/v1/invoice/{correlationID}/xml': { requests: each('correlationID', ['invoice.correlationID'])() },
  // anticipation
  'POST /api/v1/anticipation/{id}/approve': { requests: each('id', ['anticipation.id', 'anticipation2.id'])() },
  'POST /api/v1/anticipation/{id}/reject': {
    requests: each('id', ['anticipation.id'], () => ({ body: { reason: 'B' } }))(),
  },
  'POST /api/v1/anticipation/beneficiary/{taxID}/activate': { requests: each('taxID', ['beneficiary.taxID'])() },
  'POST /api/v1/anticipation/beneficiary/{taxID}/deactivate': { requests: each('taxID', ['beneficiary.taxID'])() },
  'GET /api/v1/boleto-transaction/{boletoTransactionID}': {
    requests: each('boletoTransactionID', ['boletoTransaction.id'])(),
  },
  'POST /api/v1/anticipation/beneficiary': {
    creates: true,
    requests: [
      (id) => ({
        body: {
          name: 'Beneficiária de B',
          taxID: id('beneficiary.taxID'),
          correlationID: id('beneficiary.correlationID'),
        },
      }),
      (id, fresh) => ({
        body: {
          name: 'Beneficiária de B',
          taxID: CPF_UNKNOWN,
          correlationID: fresh,
          feeDestinationAccountId: id('account.id'),
        },
      }),
    ],
    notRecords: { cpf: 'the beneficiary’s own CPF, data of the record being made' },
  },
  'POST /openpix/testing/anticipation': {
    requests: [(id) => ({ body: { taxID: id('beneficiary.taxID'), requestedAmount: 100 } })],
  },
  'POST /openpix/testing/installments/{id}/cobr': { requests: each('id', ['installment.id'], () => ({ body: {} }))() },
  // stablecoin
  'POST /api/v1/stablecoin/subaccount': {
    requests: [
      (id) => ({ body: { accountRegisterId: id('kyc.correlationID') } }),
      (id) => ({ body: { accountRegisterId: id('kyc.correlationID'), companyBankAccountId: id('account.id') } }),
    ],
  },
  'POST /api/v1/stablecoin/deposit': [
    {
      requests: [
        (id, fresh) => ({
          body: { value: 10_000, currency: 'USDT', subAccountId: id('stablecoinSubaccount.id'), correlationId: fresh },
        }),
      ],
      notRecords: { correlationId: 'the id of the deposit being made (its create case below)' },
    },
    {
      creates: true,
      requests: [(id) => ({ body: { value: 10_000, currency: 'USDT', correlationId: id('deposit.correlationId') } })],
    },
  ],
  'POST /api/v1/stablecoin/deposit/approve': {
    requests: [(id) => ({ body: { correlationId: id('deposit.correlationId') } })],
  },
  'POST /api/v1/stablecoin/payout': {
    creates: true,
    requests: [
      (id) => ({
        body: { value: 100, currency: 'USDT', pixKey: id('third.pixKey'), correlationId: id('payout.correlationId') },
      }),
    ],
  },
  'GET /api/v1/stablecoin/payout/{payoutId}': { requests: each('payoutId', ['payout.id'])() },
  'GET /api/v1/stablecoin/payout': { requests: [(id) => ({ query: { correlationId: id('payout.correlationId') } })] },
  'GET /api/v1/stablecoin/subaccount/{subAccountId}': { requests: each('subAccountId', ['stablecoinSubaccount.id'])() },
  'GET /api/v1/stablecoin/subaccount/{subAccountId}/balances': {
    requests: each('subAccountId', ['stablecoinSubaccount.id'])(),
  },
  'GET /api/v1/stablecoin/subaccount/{subAccountId}/wallets': {
    requests: each('subAccountId', ['stablecoinSubaccount.id'])(),
  },
};

// ------------------------------------------------------------------------------------------------
// Which inputs of an operation name a record: every path parameter, and the query and body fields
// whose names say so. Each must be mapped by the table (or named in its notRecords).

const ID_LIKE =
  /^(id|key|pixKey|charge|customer|subscription|pixQrCode|withdrawal|subaccount|splits|companyBankAccount|brCode|emv|barcode|identifier|taxID|cpf|ispb|destinationAlias)$|(ID|Id|PixKey)$/;

type JsonObject = Record<string, unknown>;

function propertyNames(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonObject;
  const names = new Set<string>();
  const visit = (node: JsonObject) => {
    for (const name of Object.keys(node.properties ?? {})) names.add(name);
    for (const key of ['anyOf', 'oneOf', 'allOf'])
      for (const branch of (node[key] ?? []) as JsonObject[]) visit(branch);
  };
  visit(json);
  return [...names];
}

interface IdInput {
  in: 'path' | 'query' | 'body';
  name: string;
}

interface Route {
  key: string;
  method: string;
  path: string;
  idInputs: IdInput[];
}

const ROUTES: Route[] = Object.values(operationTable as Record<string, AnyOperation>)
  .flatMap((declaration) =>
    declaration.paths.map((path): Route => {
      const documented = openApiPath(path);
      const idInputs: IdInput[] = [
        ...[...documented.matchAll(/\{([^}/]+)\}/g)].map((match) => ({ in: 'path' as const, name: match[1]! })),
        ...propertyNames(declaration.request.query)
          .filter((name) => ID_LIKE.test(name))
          .map((name) => ({ in: 'query' as const, name })),
        ...propertyNames(declaration.request.body)
          .filter((name) => ID_LIKE.test(name))
          .map((name) => ({ in: 'body' as const, name })),
      ];
      return { key: `${declaration.method} ${documented}`, method: declaration.method, path: documented, idInputs };
    }),
  )
  .filter((route) => route.idInputs.length > 0)
  // The cases that make B records (creates, public) last: B's records made with A's correlationIDs
  // would otherwise answer the later reads of those ids.
  .sort((a, b) => rank(a.key) - rank(b.key) || a.key.localeCompare(b.key));

/** The cases of one route (some have two: a create, and a use of A's records beside it). */
function casesOf(key: string): Case[] {
  const entry = CASES[key];
  return entry === undefined ? [] : Array.isArray(entry) ? entry : [entry];
}

function rank(key: string): number {
  const entries = casesOf(key);
  const first = Math.min(...entries.map((entry) => entry.order ?? 9));
  return first !== 9 ? first : entries.some((entry) => entry.creates || entry.public) ? 2 : 0;
}

const SENTINEL = (ref: Ref) => `⟦${ref}⟧`;

/** Problems of one route's mapping: an id input no request of its case fills with a reference. */
function mappingProblems(route: Route): string[] {
  const entries = casesOf(route.key);
  const inputs = route.idInputs.map((input) => `${input.in} ${input.name}`).join(', ');
  if (!entries.length) return [`${route.key}: no tenancy case in the table (its id inputs: ${inputs})`];
  const built = entries.flatMap((entry) => entry.requests.map((build) => build(SENTINEL, 'fresh')));
  const problems: string[] = [];
  for (const input of route.idInputs) {
    if (entries.some((entry) => entry.notRecords?.[input.name])) continue;
    const filled = built.some((request) => {
      const part =
        input.in === 'path' ? request.params : input.in === 'query' ? request.query : (request.body as JsonObject);
      const value = part?.[input.name];
      return value !== undefined && JSON.stringify(value).includes('⟦');
    });
    if (!filled)
      problems.push(
        `${route.key}: ${input.in} ${input.name} names a record but no request of its case fills it with one of A's`,
      );
  }
  return problems;
}

function refsOf(build: Build): Ref[] {
  return [...JSON.stringify(build(SENTINEL, 'fresh')).matchAll(/⟦([^⟧]+)⟧/g)].map((match) => match[1]!);
}

/** CRC-16/CCITT-FALSE, as a BR Code's last field carries it. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const shifted = (c: string, first: string, size: number, by: number) =>
  String.fromCharCode(((c.charCodeAt(0) - first.charCodeAt(0) + by) % size) + first.charCodeAt(0));

/** An id of the same form as A's that names nothing: three of its letters or digits changed. */
function unknownLike(ref: Ref, value: string): string {
  if (UNKNOWN_OF[ref]) return UNKNOWN_OF[ref];
  if (ref.endsWith('.taxID')) return value.length === 11 ? CPF_UNKNOWN : CNPJ_UNKNOWN;
  // A BR Code ends with its CRC: changed in its middle (the charge's location), then signed anew.
  if (ref.endsWith('.brCode')) {
    const payload = value.slice(0, -4);
    const middle = Math.floor(payload.length / 2);
    const changed =
      payload.slice(0, middle) + unknownLike('', payload.slice(middle, middle + 8)) + payload.slice(middle + 8);
    return changed + crc16(changed);
  }
  const chars = [...value];
  let changed = 0;
  for (let i = chars.length - 2; i >= 0 && changed < 3; i -= 2) {
    // Within its class (a digit for a digit, a hex letter for a hex letter), so the form holds.
    const c = chars[i]!;
    if (/[0-9]/.test(c)) chars[i] = String((Number(c) + 5) % 10);
    else if (/[a-fA-F]/.test(c)) chars[i] = shifted(c, /[a-f]/.test(c) ? 'a' : 'A', 6, 3);
    else if (/[g-zG-Z]/.test(c)) chars[i] = shifted(c, /[g-z]/.test(c) ? 'g' : 'G', 20, 10);
    else continue;
    changed++;
  }
  return chars.join('');
}

// ------------------------------------------------------------------------------------------------
// The suite

describe('tenancy over every operation that takes an id', () => {
  let dir: string;
  let service: SandboxService;
  let baseUrl: string;
  let a: { companyId: string; accountId: string; appId: string; pixKey: string };
  let b: SandboxCompany;
  const world: World = new Map();
  /** Why a kind of A's records could not be made (its create is missing, or failed). */
  const missing = new Map<string, string>();
  /** A's own values that B must never be shown unless it sent them. */
  const secrets = new Set<string>(['Cliente Secreta da Empresa A', 'segredo.a@example.com', 'Cobrança secreta A']);
  /** Everything B has sent so far: B's own records made with A's values may show those values back. */
  let sentByB = '';
  /** Numbers the fresh correlationIDs: each request of the run gets its own. */
  let freshCount = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'balcao-tenancy-'));
    const clock = new ManualClock('2026-11-22T15:00:00.000Z');
    service = createSandboxService({
      dbPath: join(dir, 'service.db'),
      clock,
      company: { features: FEATURES },
      config: { refundSettlementMs: 2_000 },
    });
    baseUrl = await service.listen(0);
    const tenant = service.engine.tenancy.resolveTenant(service.appId)!;
    a = {
      companyId: tenant.company.id,
      accountId: tenant.account.id,
      appId: service.appId,
      pixKey: service.engine.tenancy.defaultPixKey(tenant.account.id)!.key,
    };
    b = createSandboxCompany(service.engine.db, clock.now(), { tradeName: 'Empresa B', features: FEATURES });
    const third = createSandboxCompany(service.engine.db, clock.now(), { tradeName: 'Terceira' });
    world.set('a.accountId', a.accountId);
    world.set('a.pixKey', a.pixKey);
    world.set('b.pixKey', b.pixKey);
    world.set('third.pixKey', third.pixKey);
    const caller: Caller = {
      async ok(method, path, body, query, appId = a.appId) {
        const reply = await rawRequest(baseUrl, { method, url: withQuery(path, query ?? {}), appId, body });
        if (reply.status >= 300) throw new Error(`${method} ${path} answered ${reply.status}: ${reply.text}`);
        return reply.json;
      },
    };
    const served = new Set(ROUTES.map((route) => route.key));
    for (const declaration of Object.values(operationTable as Record<string, AnyOperation>)) {
      for (const path of declaration.paths) served.add(`${declaration.method} ${openApiPath(path)}`);
    }
    for (const [name, kind] of Object.entries(KINDS)) {
      const absent = kind.needs.filter((need) => !served.has(need));
      if (absent.length) {
        missing.set(name, `no create for ${name} yet (${absent.join(', ')} is not served)`);
        continue;
      }
      try {
        for (const [ref, value] of Object.entries(await kind.make(caller, world, { clock, db: service.engine.db }))) {
          if (typeof value === 'string' && value) world.set(ref, value);
        }
      } catch (error) {
        missing.set(name, `could not make A's ${name}: ${(error as Error).message}`);
      }
      if (name === 'payment') {
        // The payments settle, so a funds recovery can be opened against one.
        clock.advance(2_001);
        await caller.ok('GET', '/api/v1/payment');
      }
    }
    // B's own setup, so its calls get past "configure first" to the lookup of the id: an active
    // invoice integration and a confirmed stablecoin subaccount of its own.
    const asB = (method: string, path: string, body?: unknown) => caller.ok(method, path, body, undefined, b.appId);
    const setUpB: [string, () => Promise<unknown>][] = [
      [
        'invoice',
        async () => {
          await asB('POST', '/api/v1/invoice/integration', {
            cityServiceCode: '0107',
            municipalSubscription: '654321',
            taxRegime: '1',
          });
          await asB('POST', '/api/v1/invoice/integration/certificate', { pcks12: 'AAAA', passphrase: 'x', test: true });
          await asB('POST', '/api/v1/invoice/integration/test');
        },
      ],
      [
        'stablecoin',
        async () => {
          await asB('POST', '/api/v1/kyc/onboarding', { taxID: CNPJ_UNKNOWN, correlationID: 'cadastro-da-empresa-b' });
          await asB('POST', '/api/v1/stablecoin/subaccount', { accountRegisterId: 'cadastro-da-empresa-b' });
        },
      ],
    ];
    for (const [name, step] of setUpB) {
      if (!missing.has(name)) await step();
    }
    clock.advance(86_400_000);
    // A request after the seeding runs the sweeps due now; the clock stands still from here on.
    await caller.ok('GET', '/api/v1/charge');
    for (const [ref, value] of world) if (!/^(b|third)\./.test(ref) && value.length >= 6) secrets.add(value);
  }, 60_000);

  afterAll(async () => {
    await service?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const aRows = () => {
    const accounts = (
      service.engine.db.prepare('SELECT id FROM bank_accounts WHERE company_id = ?').all(a.companyId) as {
        id: string;
      }[]
    ).map((row) => row.id);
    return companyRows(service.engine.db, a.companyId, accounts);
  };

  async function send(route: Route, request: Req, appId: string): Promise<RawReply> {
    const url = withQuery(fillPath(route.path, request.params ?? {}), request.query ?? {});
    return rawRequest(baseUrl, { method: route.method, url, appId, body: request.body });
  }

  /** The answer with the ids and the fresh correlationID it was asked with written as their references. */
  function normalized(reply: RawReply, values: Map<string, string>): string {
    if (!reply.contentType.startsWith('application/json')) return `${reply.status} ${reply.contentType}`;
    let text = reply.text;
    for (const [placeholder, value] of [...values].sort((x, y) => y[1].length - x[1].length)) {
      text = text.split(JSON.stringify(value).slice(1, -1)).join(placeholder);
    }
    return `${reply.status} ${text}`;
  }

  /** The answer's shape: its keys and value types, for creates (two runs make two different records). */
  function shape(value: unknown): unknown {
    if (Array.isArray(value)) return value.length ? [shape(value[0])] : [];
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as JsonObject)
          .sort(([x], [y]) => x.localeCompare(y))
          .map(([key, inner]) => [key, shape(inner)]),
      );
    }
    return value === null ? 'null' : typeof value;
  }

  it('maps every id input of every operation (a new operation cannot skip tenancy)', () => {
    const problems = ROUTES.flatMap(mappingProblems);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  /** Runs a route's cases as `caller` (B, but for the check of the check below); gives back what failed. */
  async function checkRoute(route: Route, caller: string): Promise<string[]> {
    const entries = casesOf(route.key);
    if (!entries.length) return [`no tenancy case for ${route.key}`];
    const failures: string[] = [];
    const runs = entries.flatMap((entry) => entry.requests.map((build) => ({ entry, build })));
    for (const [index, { entry, build }] of runs.entries()) {
      const refs = refsOf(build);
      const absent = refs.filter((ref) => !world.has(ref));
      if (absent.length) {
        const reasons = [...new Set(absent.map((ref) => missing.get(kindOf(ref)) ?? `A has no ${ref}`))];
        failures.push(`request ${index}: ${reasons.join('; ')}`);
        continue;
      }
      const ownValues = new Map<string, string>();
      const unknownValues = new Map<string, string>();
      const idOfA = (ref: Ref) => {
        const value = world.get(ref)!;
        ownValues.set(`⟦${ref}⟧`, value);
        return value;
      };
      const idUnknown = (ref: Ref) => {
        const value = /^(b|third)\./.test(ref) ? world.get(ref)! : unknownLike(ref, world.get(ref)!);
        unknownValues.set(`⟦${ref}⟧`, value);
        return value;
      };
      const freshA = `tenancy-${++freshCount}-a`;
      const freshU = `tenancy-${freshCount}-u`;
      const asA = build(idOfA, freshA);
      const asUnknown = build(idUnknown, freshU);
      ownValues.set('⟦fresh⟧', freshA);
      unknownValues.set('⟦fresh⟧', freshU);

      const before = aRows();
      sentByB += JSON.stringify(asA) + JSON.stringify(asUnknown);
      const withA = await send(route, asA, caller);
      const withUnknown = await send(route, asUnknown, caller);
      const after = aRows();
      const label = `request ${index} ${JSON.stringify(asA)}`;

      for (const [table, rows] of Object.entries(after)) {
        const was = before[table] ?? [];
        if (JSON.stringify(rows) !== JSON.stringify(was)) {
          const changed = rows.filter((row) => !was.includes(row)).slice(0, 2);
          failures.push(`${label}: changed A's ${table} rows: ${changed.join(' | ').slice(0, 400)}`);
        }
      }
      if (withA.status >= 500 || withUnknown.status >= 500) {
        failures.push(`${label}: a server error (${withA.status}/${withUnknown.status}) ${withA.text.slice(0, 200)}`);
      }
      // A public case shows what its design shows (a BR Code's payload, a key's holder); A's
      // rows are still checked above.
      for (const secret of entry.public ? [] : secrets) {
        if (!sentByB.includes(secret) && withA.text.includes(secret)) {
          failures.push(`${label}: the answer shows A's ${JSON.stringify(secret)}: ${withA.text.slice(0, 300)}`);
        }
      }
      if (entry.public) continue;
      if (entry.creates) {
        const same =
          withA.status === withUnknown.status &&
          JSON.stringify(shape(withA.json)) === JSON.stringify(shape(withUnknown.json));
        if (!same) {
          failures.push(
            `${label}: answered ${withA.status} ${withA.text.slice(0, 300)} with A's values, ` +
              `but ${withUnknown.status} ${withUnknown.text.slice(0, 300)} with unknown ones`,
          );
        }
        continue;
      }
      const mine = normalized(withA, ownValues);
      const theirs = normalized(withUnknown, unknownValues);
      if (mine !== theirs)
        failures.push(`${label}: with A's ids ${mine.slice(0, 300)}; with unknown ids ${theirs.slice(0, 300)}`);
    }
    return failures;
  }

  for (const route of ROUTES) {
    it(`${route.key}: A's ids answer B exactly like unknown ones, show nothing of A's, change nothing of A's`, async () => {
      const failures = await checkRoute(route, b.appId);
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }

  // Last, as it changes A's customer: the check itself fails where a company does see and change
  // the records, which is what A's own AppID in B's place does.
  it("the check is not vacuous: A's own AppID in B's place is caught seeing and changing A's records", async () => {
    const route = (key: string) => ROUTES.find((candidate) => candidate.key === key)!;
    const seen = await checkRoute(route('GET /api/v1/charge/{id}'), a.appId);
    expect(seen.join('\n')).toMatch(/the answer shows A's "Cobrança secreta A"/);
    const changed = await checkRoute(route('PATCH /api/v1/customer/{id}'), a.appId);
    expect(changed.join('\n')).toMatch(/changed A's customers rows/);
  });
});
