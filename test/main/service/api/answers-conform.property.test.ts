// Answers conform to a schema, every time (issue 37, "Done when"). For every operation, a
// fast-check property sends requests the sandbox's own derived document (GET /openapi.json)
// allows, in process (app.inject), to two servers seeded with the same world:
// - the default server: each answer validates against the derived document's schema of its status;
// - a strict server (`npm run serve -- --strict`): each answer validates against the PUBLISHED
//   document's schema (resources/woovi-openapi.json) of its status, where it gives one.
// And never a 500. The operations come from the derived document and the published one, never a
// hand list: an operation added to either is covered at once; a published one the sandbox does
// not serve fails here by name. Ids in paths and bodies are mostly the world's real ones (ids
// harvested from the seed's and the properties' own answers), sometimes random, sometimes
// another company's; and no answer ever shows another company's record that its request did not
// name (tenancy).
//
// Runs: RUNS per operation and server, fixed seed, no shrinking (the world changes with each
// request). Measured: about 17 s for the whole file on two cores (servers, seed and 260
// properties), 40 s with the machine loaded (load average 4.7). CONFORM_TALLY=1 prints the
// statuses each operation answered: how far past validation the requests reached;
// CONFORM_TALLY=2 also the first answer of each refusing status: why they stopped there.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '#lib/clock';
import type { ServiceReply, ServiceRequest } from '#shared/service/service-api';
import { openApiDocument } from '#service/engine/openapi';
import { isOperationName, operationTable, type OperationName } from '#service/engine/operations';
import { KYB_REVIEW_MS } from '#service/engine/stablecoin/stablecoin-rates';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { loadPublishedDocument, routeKey } from '#service/http/published-contract';
import { createSandboxService, type SandboxService } from '#service/index';
import {
  documentOperations,
  requestArbitrary,
  requestUrl,
  type GeneratedRequest,
  type JsonSchema,
  type PoolSlot,
} from '#test/support/openapi-arbitrary';
import { answerValidator, type AnswerValidator } from '#test/support/openapi-validate';
import { addSecondAccount } from '#test/support/second-account';

// Each property sends 25 requests through a seeded world; on two cores beside the rest of the
// suite one took 30 s (the default) where it takes 3 s alone. A slow machine is not a failure.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const SEED = 37_2026;
const RUNS = 25;
const START = '2026-11-22T15:00:00.000Z';
/** The seeded subscription's first generation day (dayGenerateCharge 25); the properties run then. */
const GENERATION_DAY = '2026-11-25T12:00:00.000Z';
const FEATURES = ['BANK_ACCOUNT', 'MED_API', 'BAAS', 'KYC_ONBOARDING', 'PARTNER', 'INVOICE', 'STABLECOIN'] as const;
const CPF = '52998224725';
const CNPJ = '11222333000181';
const SECOND_CNPJ = '11444777000161';
/** The seeded subaccounts' keys (both e-mails: a transfer between them names both types EMAIL). */
const SELLER = 'vendedor@example.com';
const OTHER_SELLER = 'banca@example.com';
/** The key of the company's second account, for POST /api/v1/transfer. */
const SECOND_KEY = 'segunda-conta@example.com';
const ITAU_BOLETO = '34195148200000003001095517077320772982609000';
const ADDRESS = { country: 'BR', zipcode: '01310-100', street: 'Avenida Paulista', number: '1000', state: 'SP' };

const publishedDocument = loadPublishedDocument();
const publishedByRoute = new Map(documentOperations(publishedDocument).map((op) => [routeKey(op.method, op.path), op]));
// The operations, known when the tests are collected: the derived document as the declarations
// give it. The properties themselves use the document the default server serves (beforeAll).
const derivedOperations = documentOperations(openApiDocument(operationTable, { serverUrl: 'http://sandbox.test' }));
const derivedRoutes = new Set(derivedOperations.map((op) => routeKey(op.method, op.path)));

/**
 * The order the operations run in, over one shared world per server: creations first (their
 * answers' ids feed the later reads), then reads, then the other writes, deletions last.
 */
function phase(method: string, path: string): number {
  if (method === 'POST' && !path.includes('{')) return 0;
  if (method === 'GET') return 1;
  // A cancellation ends its record as a deletion does (a canceled subscription takes no cobr).
  if (method === 'DELETE' || path.endsWith('/cancel')) return 3;
  return 2;
}
const ordered = [...derivedOperations].sort((a, b) => phase(a.method, a.path) - phase(b.method, b.path));
const unserved = [...publishedByRoute.values()].filter((op) => !derivedRoutes.has(routeKey(op.method, op.path)));

/** Fields whose values name a record: they are harvested from answers and offered back as ids. */
const ID_FIELDS = new Set([
  'id',
  'correlationID',
  'globalID',
  'identifier',
  'transactionID',
  'endToEndId',
  'taxID',
  'accountId',
  'key',
  'pixKey',
  'subAccountId',
  'payoutId',
  'boletoTransactionID',
  'paymentLinkID',
  'brCode',
  'correlationId',
  'accountRegisterId',
]);
/**
 * Valid values of fields whose schema cannot say what the server needs (a CPF's check digits, a
 * real calendar day): offered beside the generated ones, so requests reach past validation.
 */
const WELL_KNOWN: Record<string, readonly string[]> = {
  taxID: [CPF, CNPJ],
  start: ['2026-11-01T00:00:00.000Z', '2026-11-22'],
  settledStart: ['2026-11-01T00:00:00.000Z'],
  end: ['2026-12-31T23:59:59.000Z', '2026-12-31'],
  settledEnd: ['2026-12-31T23:59:59.000Z'],
  expiresDate: ['2026-12-30T12:00:00.000Z'],
  dueDate: ['2026-12-30'],
  billingDate: ['2026-12-01T12:00:00.000Z'],
  email: ['ana@example.com'],
  phone: ['+5511987654321', '11987654321'],
  url: ['https://example.com/hook'],
  event: ['OPENPIX:CHARGE_COMPLETED', 'OPENPIX:TRANSACTION_RECEIVED'],
  // The seeded subaccounts' keys are e-mails: a transfer between them names that type on both sides.
  fromPixKeyType: ['EMAIL'],
  toPixKeyType: ['EMAIL'],
};
/** The fields that name a record of its company alone. */
const RECORD_FIELDS = new Set(['id', 'correlationID', 'globalID', 'transactionID', 'identifier']);
/** Slots that take one of those values, by another name. */
const SLOT_ALIASES: Record<string, string> = {
  transactionEndToEndId: 'endToEndId',
  customerId: 'correlationID',
  charge: 'correlationID',
  emv: 'brCode',
  qrCode: 'brCode',
  EndToEndId: 'endToEndId',
  customer: 'correlationID',
  subscription: 'correlationID',
  CorrelationID: 'correlationID',
};
/** Records nested in another's answer (below its top-level key), and the resource they belong to. */
const NESTED: Record<string, string> = { customer: 'customer', charge: 'charge', subscription: 'subscriptions' };
/** A path's resource, whose answers' ids its `{id}` most likely takes. */
const RESOURCE_ALIASES: Record<string, string> = {
  image: 'charge',
  receipt: 'transaction',
  limits: 'account',
  // Account registers are made by the KYC onboarding.
  'account-register': 'kyc',
};

function resourceOf(path: string): string {
  const segment = path.replace(/^\/(api\/v1|openpix\/testing|openpix|api|svc)\//, '').split('/')[0] ?? '';
  return RESOURCE_ALIASES[segment] ?? segment;
}

/** The resource an answer's ids belong to: a subscription's installments are installments'. */
function answerResourceOf(path: string): string {
  return path.endsWith('/installments') ? 'installments' : resourceOf(path);
}

/** One server with its world: the ids it has answered, by resource and by field name. */
class World {
  readonly byResource = new Map<string, Set<string>>();
  readonly byName = new Map<string, Set<string>>();
  /** Ids of another company's records, offered now and then: they must answer as unknown ones do. */
  readonly foreign = new Set<string>();
  /**
   * The other company's own record names (ids, correlation IDs; not keys, tax IDs or end-to-end
   * ids, which a payment between the two rightly shows both): no answer to this company shows one
   * it was not sent.
   */
  readonly foreignRecords = new Set<string>();
  /** Foreign record names this company has sent in a request: its answers may show them back. */
  readonly foreignSent = new Set<string>();
  /**
   * A foreign record's names by its BR code: whoever holds a dynamic BR code may read its
   * location's payload, txid included (as Pix does), so sending the code names the record.
   */
  readonly foreignByBrCode = new Map<string, string[]>();
  /** The seed's ids: offered more often than the properties' own records (mostly empty, unpaid, unconfigured). */
  readonly seeded = new Set<string>();
  appId = '';

  constructor(readonly service: SandboxService) {}

  /**
   * Keeps an answer's ids: by name, and by resource (the path's, or the one a nested record names:
   * a charge's customer is a customer, an invoice's charge a charge).
   */
  harvest(path: string, body: unknown, into?: Set<string>, depth = 0, resource = answerResourceOf(path)): void {
    if (depth > 6 || !body || typeof body !== 'object') return;
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (typeof value === 'string' && ID_FIELDS.has(key) && value.length > 0 && value.length < 200) {
        if (into) {
          into.add(value);
          if (RECORD_FIELDS.has(key) && value.length >= 8) this.foreignRecords.add(value);
          const brCode = (body as Record<string, unknown>).brCode;
          if (RECORD_FIELDS.has(key) && typeof brCode === 'string') {
            this.foreignByBrCode.set(brCode, [...(this.foreignByBrCode.get(brCode) ?? []), value]);
          }
        } else {
          add(this.byResource, resource, value);
          add(this.byName, key, value);
        }
      } else if (typeof value === 'object') {
        this.harvest(path, value, into, depth + 1, depth > 0 ? (NESTED[key] ?? resource) : resource);
      }
    }
  }

  /**
   * Real values for a slot: a path parameter takes its resource's ids (the field's values when
   * the resource has answered none yet); any other slot the values answered under its name, or a
   * valid value of a well-known field (a CPF, a date). Id slots also get a few foreign ids.
   */
  pool(slot: PoolSlot): string[] | undefined {
    const name = SLOT_ALIASES[slot.name] ?? slot.name;
    // A specific name (endToEndId, taxID, accountId) says more than the resource; a bare `id` less.
    // A path's named slot takes the values its resource answered under that name, where there
    // are some (an invoice's {correlationID}, not any record's): else every value of the name.
    const named = this.byName.get(name);
    const resource = slot.in === 'path' ? this.byResource.get(resourceOf(slot.path)) : undefined;
    const both = name === 'id' ? [] : [...(named ?? [])].filter((value) => resource?.has(value));
    const values = new Set(
      both.length > 0 ? both : resource?.size && (name === 'id' || !named?.size) ? resource : named,
    );
    for (const value of WELL_KNOWN[name] ?? []) values.add(value);
    if (values.size === 0) return undefined;
    if (slot.in !== 'path' && !ID_FIELDS.has(name)) return [...values];
    // A path's seeded ids thrice (not a body's or query's: the pay simulator would pay every seeded charge).
    const weight = slot.in === 'path' ? 3 : 1;
    const weighted = [...values].flatMap((value) => (this.seeded.has(value) ? Array(weight).fill(value) : [value]));
    return [...weighted, ...[...this.foreign].slice(0, Math.max(1, Math.floor(values.size / 4)))];
  }

  async call(op: OperationName, request: ServiceRequest, appId = this.appId): Promise<ServiceReply> {
    return this.service.engine.handle(appId, op, request);
  }
}

function add(map: Map<string, Set<string>>, key: string, value: string): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

/**
 * The world both servers start from: customers, charges paid and unpaid, a refund, static QR
 * codes (one with a value, one open), a webhook, a subscription, a payment, a dispute, a Pix key,
 * a cashback, Pix Automático installments (one cobr rejected, to retry), and the new groups'
 * records (seedNewGroups); and a second company with a charge and a customer of its own. Written
 * through the engine (the strict API does not take the sandbox's payments), each step checked.
 */
async function seed(world: World): Promise<void> {
  const { service } = world;
  world.appId = service.appId;
  const other = createSandboxCompany(service.engine.db, service.engine.clock.now(), { tradeName: 'Outra Loja' });
  const step = async (op: OperationName, request: ServiceRequest, appId = world.appId): Promise<any> => {
    if (!isOperationName(op)) return undefined;
    const reply = await world.call(op, request, appId);
    if (reply.status >= 300 || !('body' in reply)) {
      throw new Error(`seed: ${op} answered ${reply.status}: ${JSON.stringify('body' in reply ? reply.body : '')}`);
    }
    const path = operationTable[op].paths[0];
    if (appId === world.appId) world.harvest(path, reply.body);
    else world.harvest(path, reply.body, world.foreign);
    return reply.body;
  };
  const customer = { name: 'Maria Cliente', taxID: CPF, email: 'maria@example.com', phone: '11987654321' };
  await step('createCustomer', { body: { ...customer, correlationID: 'cliente-1' } });
  // A subscription, and time moved to its generation day: its first installment and charge exist.
  await step('createSubscription', {
    body: { customer, value: 4_990, correlationID: 'assinatura-1', type: 'RECURRENT', dayGenerateCharge: 25 },
  });
  // Two Pix Automático ones: installments with a cobr to ask for, and one whose cobr can be retried
  // (THREE_RETRIES_7_DAYS) and whose value can change (a minimumValue).
  const pixRecurring = { customer, value: 4_990, type: 'PIX_RECURRING', dayGenerateCharge: 25 };
  const retried = await step('createSubscription', {
    body: {
      ...pixRecurring,
      correlationID: 'assinatura-pix-1',
      pixRecurringOptions: { retryPolicy: 'THREE_RETRIES_7_DAYS', journey: 'ONLY_RECURRENCY', minimumValue: 1 },
    },
  });
  // Two without a cobr (the default server's pay simulator may pay one's charge first); a dynamic
  // value here too, so a cobr's own `value` may be any from the minimum.
  const plainPix = [];
  for (const correlationID of ['assinatura-pix-2', 'assinatura-pix-3']) {
    plainPix.push(
      await step('createSubscription', {
        body: { ...pixRecurring, correlationID, pixRecurringOptions: { minimumValue: 1 } },
      }),
    );
  }
  (service.engine.clock as ManualClock).set(GENERATION_DAY);
  await step('listSubscriptions', { query: {} });
  await step('listCharges', { query: {} });
  // The installments generated: their ids join the pool; one has a cobr whose try was rejected (retryable).
  const [toRetry] = (
    await step('listSubscriptionInstallments', { params: { id: retried.subscription.globalID }, query: {} })
  ).installments;
  for (const { subscription } of plainPix) {
    await step('listSubscriptionInstallments', { params: { id: subscription.globalID }, query: {} });
  }
  await step('createInstallmentCobr', { params: { id: toRetry.globalID } });
  await step('sandboxSettleInstallmentCobr', {
    params: { id: toRetry.globalID },
    body: { result: 'REJECTED', rejectCode: 'AC06' },
  });
  await step('createCustomer', {
    body: { name: 'João Cliente', email: 'joao@example.com', correlationID: 'cliente-2' },
  });
  for (const [correlationID, value] of [
    ['cobranca-paga-1', 5_000],
    ['cobranca-paga-2', 12_000],
    ['cobranca-aberta-1', 990],
    ['cobranca-aberta-2', 2_500],
  ] as const) {
    const { charge } = await step('createCharge', {
      body: { correlationID, value, comment: 'seed', customer: { ...customer, correlationID: 'cliente-1' } },
    });
    if (correlationID.includes('paga')) await step('sandboxPay', { query: { transactionID: charge.transactionID } });
  }
  await step('createChargeRefund', {
    params: { id: 'cobranca-paga-1' },
    body: { correlationID: 'devolucao-1', value: 500 },
  });
  const qr = await step('createPixQrCode', { body: { name: 'Mesa 1', value: 3_000, identifier: 'mesa1' } });
  await step('createPixQrCode', { body: { name: 'Aberto', identifier: 'aberto1' } });
  await step('sandboxPayBrCode', { body: { brCode: qr.pixQrCode.brCode } });
  await step('createWebhook', {
    body: { webhook: { name: 'seed', url: 'https://example.com/hook', authorization: 'x', isActive: true } },
  });
  await step('createPixKey', { body: { type: 'EVP' } });
  await step('createPayment', {
    body: {
      type: 'PIX_KEY',
      correlationID: 'pagamento-1',
      value: 700,
      destinationAlias: other.pixKey,
      destinationAliasType: 'RANDOM',
    },
  });
  await step('createPayment', {
    body: {
      type: 'PIX_KEY',
      correlationID: 'pagamento-2',
      value: 800,
      destinationAlias: other.pixKey,
      destinationAliasType: 'RANDOM',
      autoApprove: true,
    },
  });
  const paid = await step('getCharge', { params: { id: 'cobranca-paga-2' } });
  const endToEndId = paid?.charge?.paymentMethods?.pix?.endToEndId ?? paid?.charge?.pix?.endToEndId;
  const transactions = await step('listTransactions', { query: {} });
  const received = (transactions?.transactions ?? []).find((t: any) => t.charge?.correlationID === 'cobranca-paga-2');
  await step('sandboxOpenDispute', { body: { endToEndId: endToEndId ?? received?.endToEndId } });
  await step('getOrCreateCashback', { body: { taxID: CPF, value: 300 } });
  await seedNewGroups(world, step, other.pixKey);
  await step('listAccounts', { query: {} });
  // The other company's records, whose ids must answer 404 (or as an unknown id does) here.
  await step(
    'createCustomer',
    { body: { name: 'Cliente de Outra', email: 'outra@example.com', correlationID: 'cliente-outra' } },
    other.appId,
  );
  const foreign = await step('createCharge', { body: { correlationID: 'cobranca-outra', value: 4_321 } }, other.appId);
  await step('sandboxPay', { query: { transactionID: foreign.charge.transactionID } }, other.appId);
  await step('createPixQrCode', { body: { name: 'Outra', value: 100, identifier: 'outra1' } }, other.appId);
  await step('listAccounts', { query: {} }, other.appId);
  await step('listTransactions', { query: {} }, other.appId);
  // The foreign ids the main company also has (a shared field such as a status word) are not foreign.
  for (const set of world.byName.values()) {
    for (const value of set) {
      world.foreign.delete(value);
      world.foreignRecords.delete(value);
      world.seeded.add(value);
    }
  }
}

type Step = (op: OperationName, request: ServiceRequest, appId?: string) => Promise<any>;

/**
 * The records of issue 37's new operations, so that each can answer past 404/400: subaccounts
 * with balances (credited and split to), a second account of the company (transfers), invoices
 * CONFIRMED through a configured integration, a paid BOLETO charge and a BOLETO payment, an
 * anticipation beneficiary and requests, a CONFIRMED stablecoin subaccount with a settled deposit,
 * a deposit to approve and a payout.
 */
async function seedNewGroups(world: World, step: Step, foreignKey: string): Promise<void> {
  const { service } = world;
  const clock = service.engine.clock as ManualClock;
  const tenant = service.engine.tenancy.resolveTenant(world.appId)!;
  const { key: mainKey } = service.engine.db
    .prepare<[string], { key: string }>('SELECT key FROM pix_keys WHERE account_id = ? ORDER BY is_default DESC')
    .get(tenant.account.id)!;

  // Subaccounts: one credited from the account, both paid by a charge's split and subaccount.
  await step('createSubaccount', { body: { pixKey: SELLER, name: 'Loja do Zé' } });
  await step('createSubaccount', { body: { pixKey: OTHER_SELLER, name: 'Banca da Ana' } });
  const { charge: split } = await step('createCharge', {
    body: {
      correlationID: 'cobranca-split',
      value: 10_000,
      splits: [{ value: 3_000, pixKey: SELLER, splitType: 'SPLIT_SUB_ACCOUNT' }],
      subaccount: OTHER_SELLER,
    },
  });
  await step('sandboxPay', { query: { transactionID: split.transactionID } });
  await step('creditSubaccount', { params: { id: SELLER }, body: { value: 500, description: 'Adiantamento' } });

  // A second account of the company, holding SECOND_KEY.
  const at = clock.now().toISOString();
  addSecondAccount(service.engine, world.appId, at, { pixKey: SECOND_KEY });
  await step('createTransfer', {
    body: { value: 1_000, fromPixKey: mainKey, toPixKey: SECOND_KEY, correlationID: 'transferencia-1' },
  });
  // A transfer's or a subaccount transfer's keys: the company's own (and, now and then, another company's).
  for (const name of ['fromPixKey', 'toPixKey']) {
    for (const key of [SELLER, OTHER_SELLER, mainKey, SECOND_KEY, foreignKey]) add(world.byName, name, key);
  }

  // Invoices: the integration configured (certificate, test invoice confirmed), then invoices CONFIRMED.
  await step('upsertInvoiceIntegration', {
    body: { cityServiceCode: '2690', municipalSubscription: '123456', taxRegime: 'SimplesNacional' },
  });
  await step('uploadInvoiceCertificate', { body: { pcks12: 'MIIB', passphrase: 'senha', test: true } });
  await step('issueInvoiceIntegrationTest', {});
  clock.advance(2_000);
  await step('getInvoiceIntegration', {});
  const invoiceCustomer = {
    taxID: CPF,
    name: 'Maria Tomadora',
    email: 'maria@example.com',
    phone: '11987654321',
    address: ADDRESS,
  };
  for (const correlationID of ['nota-1', 'nota-2', 'nota-3']) {
    await step('createInvoice', {
      body: {
        correlationID,
        billingDate: at,
        value: 15_000,
        description: 'Consultoria',
        customer: invoiceCustomer,
      },
    });
  }
  await step('createInvoice', { body: { correlationID: 'nota-cobranca', billingDate: at, charge: 'cobranca-paga-2' } });
  clock.advance(2_000);
  await step('listInvoices', { query: {} });

  // Boleto transactions: a BOLETO charge paid (BOLETO_IN) and a BOLETO payment (BOLETO_OUT).
  const { charge: boleto } = await step('createCharge', {
    body: { correlationID: 'boleto-pago', value: 12_990, type: 'BOLETO' },
  });
  await step('sandboxPay', { query: { transactionID: boleto.transactionID } });
  await step('createPayment', {
    body: { type: 'BOLETO', correlationID: 'pagamento-boleto', boletoBarcode: ITAU_BOLETO },
  });
  await step('listBoletoTransactions', { query: {} });

  // Anticipation: a beneficiary and requests (the sandbox's simulator: strict does not serve it over HTTP).
  await step('createAnticipationBeneficiary', {
    body: { name: 'João da Silva', taxID: CPF, availableAmount: 500_000, maxAdvanceableAmount: 350_000 },
  });
  // Several, so the approvals leave some PENDING for a reject; the last is more than the account
  // holds here (its approval is refused).
  for (const requestedAmount of [1_000, 1_100, 1_200, 1_300, 1_400, 1_500, 1_600, 2_000, 300_000]) {
    await step('simulateAnticipationRequest', { body: { taxID: CPF, requestedAmount } });
  }
  await step('listAnticipations', { query: {} });

  // Stablecoin: an account register's KYB CONFIRMED, a deposit settled, one to approve, a payout.
  await step('kycOnboarding', { body: { taxID: CNPJ, correlationID: 'registro-kyb' } });
  // A second register, for a subaccount the properties ask for (201), beside the first's repeat (200).
  await step('kycOnboarding', { body: { taxID: SECOND_CNPJ, correlationID: 'registro-kyb-2' } });
  for (const id of ['registro-kyb', 'registro-kyb-2']) add(world.byName, 'accountRegisterId', id);
  await step('createStablecoinSubAccount', { body: { accountRegisterId: 'registro-kyb' } });
  clock.advance(KYB_REVIEW_MS);
  await step('listStablecoinSubAccounts', { query: {} });
  await step('createStablecoinDeposit', { body: { value: 5_000, currency: 'USDT', correlationId: 'deposito-1' } });
  await step('approveStablecoinDeposit', { body: { correlationId: 'deposito-1' } });
  clock.advance(10_000);
  await step('listStablecoinSubAccounts', { query: {} });
  await step('createStablecoinDeposit', { body: { value: 1_000, currency: 'USDT', correlationId: 'deposito-2' } });
  await step('createStablecoinPayout', {
    body: { value: 100, currency: 'USDT', pixKey: foreignKey, correlationId: 'saque-estavel-1' },
  });
}

interface Answer {
  status: number;
  contentType: string;
  body: unknown;
  raw: string;
}

async function send(world: World, method: string, path: string, request: GeneratedRequest): Promise<Answer> {
  const reply = await world.service.app.inject({
    method: method as 'GET',
    url: requestUrl(path, request),
    headers: {
      authorization: world.appId,
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  const contentType = String(reply.headers['content-type'] ?? '');
  const json = contentType.startsWith('application/json');
  return {
    status: reply.statusCode,
    contentType,
    body: json ? reply.json() : undefined,
    raw: json ? reply.body : `<${reply.rawPayload.length} bytes of ${contentType || 'nothing'}>`,
  };
}

function describeRequest(method: string, path: string, request: GeneratedRequest): string {
  return `${method} ${requestUrl(path, request)}${request.body === undefined ? '' : ` ${JSON.stringify(request.body)}`}`;
}

/** What is wrong with an answer against a document, or null when nothing is. */
function judge(
  validate: AnswerValidator,
  method: string,
  path: string,
  answer: Answer,
  published: boolean,
): string | null {
  if (answer.status >= 500) return `a server error: ${answer.status} ${answer.raw}`;
  if (answer.status === 204) return answer.raw.startsWith('<0 bytes') ? null : `204 with a body: ${answer.raw}`;
  const verdict = validate(method, path, answer.status, answer.body, answer.contentType || undefined);
  switch (verdict.kind) {
    case 'valid':
    case 'no-schema':
      return null;
    case 'undocumented-status':
      // The published document lists few of its errors; where it gives no schema there is nothing to check.
      return published ? null : `status ${answer.status} is not in the derived document: ${answer.raw}`;
    case 'no-operation':
      return `${method} ${path} is not in the document`;
    case 'invalid':
      return `${verdict.errors}\n    answer: ${answer.status} ${answer.raw.slice(0, 2_000)}`;
  }
}

type Doc = Record<string, any>;

/** Every value of `key` inside the document's `example` / `examples`. */
function exampleValues(document: unknown, key: string, inExample = false, found: any[] = []): any[] {
  if (Array.isArray(document)) for (const item of document) exampleValues(item, key, inExample, found);
  else if (document && typeof document === 'object') {
    for (const [name, value] of Object.entries(document)) {
      const within = inExample || name === 'example' || name === 'examples';
      if (within && name === key) found.push(value);
      exampleValues(value, key, within, found);
    }
  }
  return found;
}

/**
 * Where the published document contradicts itself, the sandbox follows its own examples (issue
 * 37), so its schemas are read with these errata. Each names its evidence in the document, and a
 * test below checks that the fault is still there and the evidence too: a corrected document
 * drops its erratum.
 */
const ERRATA: { what: string; stillWrong(doc: Doc): boolean; evidence(doc: Doc): boolean; fix(doc: Doc): void }[] = [
  {
    what: 'Transaction.type and Transaction.status have their enums swapped (its examples: type "PAYMENT")',
    stillWrong: (doc) =>
      doc.components.schemas.Transaction.properties.type.enum.includes('CONFIRMED') &&
      doc.components.schemas.Transaction.properties.status.enum.includes('PAYMENT'),
    evidence: (doc) => exampleValues(doc, 'transaction').some((t) => t?.type === 'PAYMENT'),
    fix: (doc) => {
      const { type, status } = doc.components.schemas.Transaction.properties;
      [type.enum, status.enum] = [status.enum, type.enum];
    },
  },
  {
    // After the swap above: the schema's type values are 4 of the list's own `type` filter's 8 (service-spec.md names the 8).
    what: "Transaction.type lacks values the transaction list's own `type` filter names (BALANCE_BLOCK, REVERSAL…)",
    stillWrong: (doc) => transactionTypeFilter(doc).some((t) => !transactionTypes(doc).includes(t)),
    evidence: (doc) => transactionTypeFilter(doc).includes('BALANCE_BLOCK'),
    fix: (doc) => {
      const property = doc.components.schemas.Transaction.properties.type;
      property.enum = [...new Set([...property.enum, ...transactionTypeFilter(doc)])];
    },
  },
  {
    what: 'Payment.status lacks APPROVED, which its examples use',
    stillWrong: (doc) => !doc.components.schemas.Payment.properties.status.enum.includes('APPROVED'),
    evidence: (doc) => exampleValues(doc, 'payment').some((p) => p?.status === 'APPROVED'),
    fix: (doc) => doc.components.schemas.Payment.properties.status.enum.push('APPROVED'),
  },
  {
    what: 'GET /api/v1/dispute/{id} types dispute.status without IN_REVIEW, which the Dispute schema has',
    stillWrong: (doc) => !disputeStatus(doc).enum.includes('IN_REVIEW'),
    evidence: (doc) => doc.components.schemas.Dispute.properties.status.enum.includes('IN_REVIEW'),
    fix: (doc) => disputeStatus(doc).enum.push('IN_REVIEW'),
  },
];

/** The transaction type values the schema lists (status's enum before the swap, type's after). */
function transactionTypes(doc: Doc): string[] {
  const { type, status } = doc.components.schemas.Transaction.properties;
  return type.enum.includes('PAYMENT') ? type.enum : status.enum;
}

function transactionTypeFilter(doc: Doc): string[] {
  return doc.paths['/api/v1/transaction'].parameters.find((p: Doc) => p.name === 'type').schema.enum;
}

function disputeStatus(doc: Doc): { enum: string[] } {
  return doc.paths['/api/v1/dispute/{id}'].get.responses['200'].content['application/json'].schema.properties.dispute
    .properties.status;
}

/** The published document as the sandbox reads it: the errata applied to a copy. */
function withErrata(document: Doc): Doc {
  const copy = structuredClone(document);
  for (const erratum of ERRATA) erratum.fix(copy);
  return copy;
}

/** Statuses answered, by server and operation: how much of each operation the properties reached. */
const tallies = new Map<string, Map<number, number>>();
/** With CONFORM_TALLY=2, the first answer of each refusing status too: why the requests stopped there. */
const refusals = new Map<string, string>();
function tally(server: string, method: string, path: string, answer: Answer): void {
  const key = `${server} ${method} ${path}`;
  let counts = tallies.get(key);
  if (!counts) tallies.set(key, (counts = new Map()));
  counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
  if (answer.status >= 400 && !refusals.has(`${key} ${answer.status}`)) {
    refusals.set(`${key} ${answer.status}`, answer.raw.slice(0, 160));
  }
}

/** Tenancy: an answer that shows another company's record the request did not name. */
function leak(world: World, request: GeneratedRequest, answer: Answer): string | null {
  // A foreign id this company itself sent once (as a correlationID or a name of its own) is its own text since.
  const asked = JSON.stringify(request);
  for (const id of world.foreignRecords) if (asked.includes(id)) world.foreignSent.add(id);
  for (const [brCode, ids] of world.foreignByBrCode) {
    if (asked.includes(brCode)) for (const id of ids) world.foreignSent.add(id);
  }
  const seen = [...world.foreignRecords].filter((id) => answer.raw.includes(id) && !world.foreignSent.has(id));
  return seen.length > 0 ? `shows another company's record(s) ${seen.join(', ')}: ${answer.raw.slice(0, 500)}` : null;
}

describe('answers conform to a schema, every time', () => {
  let plain: World;
  let strict: World;
  let derived: JsonSchema;
  let checkDerived: AnswerValidator;
  let checkPublished: AnswerValidator;

  beforeAll(async () => {
    const make = (strictMode: boolean) =>
      new World(
        createSandboxService({
          dbPath: ':memory:',
          clock: new ManualClock(START),
          company: { features: [...FEATURES] },
          ...(strictMode ? { strict: true } : {}),
        }),
      );
    plain = make(false);
    strict = make(true);
    await Promise.all([plain.service.app.ready(), strict.service.app.ready()]);
    await seed(plain);
    await seed(strict);
    const served = await plain.service.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(served.statusCode).toBe(200);
    derived = served.json();
    checkDerived = answerValidator(derived);
    checkPublished = answerValidator(withErrata(publishedDocument));
  });
  afterAll(async () => {
    if (process.env.CONFORM_TALLY) {
      for (const [key, counts] of tallies) console.log(`${key}: ${[...counts].map(([s, n]) => `${s}×${n}`).join(' ')}`);
      if (process.env.CONFORM_TALLY === '2') for (const [key, raw] of refusals) console.log(`  ${key}: ${raw}`);
    }
    await plain?.service.close();
    await strict?.service.close();
  });

  /** The property: requests from the derived document, each answer judged; the first bad one fails with its request. */
  async function property(world: World, method: string, path: string, judgeAnswer: (answer: Answer) => string | null) {
    const arbitrary = requestArbitrary(derived, method, path, { idPool: (slot) => world.pool(slot) });
    await fc.assert(
      fc.asyncProperty(arbitrary, async (request) => {
        const answer = await send(world, method, path, request);
        tally(world === strict ? 'strict' : 'default', method, path, answer);
        if (answer.status < 300 && answer.body !== undefined) world.harvest(path, answer.body);
        const wrong = judgeAnswer(answer) ?? leak(world, request, answer);
        if (wrong) throw new Error(`${describeRequest(method, path, request)}\n    ${wrong}`);
      }),
      // No shrinking: the world changes with every request, so a smaller request is not the same case.
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }

  it.each(ERRATA)('reads the published document with an erratum still due: $what', (erratum) => {
    expect(erratum.stillWrong(publishedDocument), 'the document still has the fault').toBe(true);
    expect(erratum.evidence(publishedDocument), 'the document itself shows the right value').toBe(true);
  });

  describe.each(ordered)('$method $path', ({ method, path }) => {
    const published = publishedByRoute.get(routeKey(method, path));

    it('default server: answers as the derived document types them', async () => {
      expect(derived.paths, 'the served document names the operation').toHaveProperty([path, method.toLowerCase()]);
      await property(plain, method, path, (answer) => judge(checkDerived, method, path, answer, false));
    });

    // Our own extensions (the sandbox's simulators, webhook replays) are not published: strict does not serve them.
    if (published) {
      it('--strict: answers as the published document types them', async () => {
        await property(strict, method, path, (answer) => judge(checkPublished, method, published.path, answer, true));
      });
    }
  });

  // Published, not served: no derived schema to generate requests from. Each fails by name until it is served.
  describe.each(unserved)('$method $path (published)', ({ method, path }) => {
    it('is served, so its answers can be checked', () => {
      expect.fail(`${method} ${path} is published but the sandbox does not serve it (not in the derived document)`);
    });
  });
});
