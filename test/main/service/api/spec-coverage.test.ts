// Every operation the spec names (service-spec.md "Endpoints", "Operations whose method and path are
// not shown", and the statuses of its "Errors" table), served over HTTP: each answers its documented
// success status and every error status the spec lists for it, provoked by a real request, and the
// published OpenAPI document (GET /openapi.json) lists them all. The spec's 500s are not provoked:
// the service is built never to answer one (an unexpected failure is the only way to get it), so the
// document does not promise them either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceReply, ServiceRequest } from '#shared/service/service-api';
import { operationTable, type OperationName } from '#service/engine/operations';
import { openApiPath } from '#service/engine/openapi';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { createHarness, type Harness } from '#test/support/harness';

/** The callers a case can use: the main company (every scope, no features), one with every feature, one without scopes. */
type Caller = 'main' | 'featured' | 'noScopes' | 'none';

interface Call {
  request?: ServiceRequest;
  as?: Caller;
}

interface World {
  h: Harness;
  /** A charge left ACTIVE, by correlationID. */
  activeCharge: string;
  /** A paid charge's correlationID and its Pix in's end-to-end id. */
  paidCharge: string;
  paidEndToEndId: string;
  customer: string;
  /** That customer's CPF. */
  customerTaxId: string;
  pixQrCode: string;
  mainAccountId: string;
  featuredAccountId: string;
  /** The end-to-end id of a received Pix under dispute. */
  disputedEndToEndId: string;
  /** The other company's Pix key: a payee inside the service. */
  otherPixKey: string;
  /** A fresh correlationID per call, so repeated creations never collide. */
  unique(prefix: string): string;
}

type Case = (w: World) => Call | Promise<Call>;

interface SpecOperation {
  /** The spec's name for it. */
  spec: string;
  op: OperationName;
  /** Success status first, then the error statuses the spec lists (500 left out, see above). */
  statuses: Partial<Record<number, Case>>;
}

const noAppId: Case = () => ({ as: 'none' });
const noScope: Case = () => ({ as: 'noScopes' });

const SPEC_OPERATIONS: SpecOperation[] = [
  // Accounts
  {
    spec: 'Close account',
    op: 'closeAccount',
    statuses: {
      200: async (w) => {
        const created = await made(w, 'duplicateAccount', { as: 'featured' });
        return { as: 'featured', request: { params: { accountId: created.body.account.accountId } } };
      },
      400: () => ({ request: { params: { accountId: 'x'.repeat(300) } } }),
      403: (w) => ({ request: { params: { accountId: w.mainAccountId } } }),
      404: () => ({ request: { params: { accountId: '0123456789abcdef01234567' } } }),
    },
  },
  {
    spec: 'Get account',
    op: 'getAccount',
    statuses: {
      200: (w) => ({ request: { params: { accountId: w.mainAccountId } } }),
      400: () => ({ request: { params: { accountId: 'nenhuma' } } }),
    },
  },
  {
    spec: 'List accounts',
    op: 'listAccounts',
    statuses: { 200: () => ({}), 400: () => ({ request: { query: { limit: '-1' } } }) },
  },
  {
    spec: 'Duplicate account',
    op: 'duplicateAccount',
    statuses: { 200: () => ({ as: 'featured' }), 403: () => ({ as: 'main' }) },
  },
  {
    spec: 'Withdraw',
    op: 'withdraw',
    statuses: {
      200: (w) => ({ request: { params: { accountId: w.mainAccountId }, body: { value: 100 } } }),
      400: (w) => ({ request: { params: { accountId: w.mainAccountId }, body: { value: 0 } } }),
    },
  },
  {
    spec: 'Account limits',
    op: 'getAccountLimits',
    statuses: {
      200: (w) => ({ request: { params: { accountId: w.mainAccountId } } }),
      400: () => ({ request: { params: { accountId: 'x'.repeat(300) } } }),
      401: noAppId,
      403: noScope,
      404: () => ({ request: { params: { accountId: '0123456789abcdef01234567' } } }),
    },
  },
  // Boleto
  {
    spec: 'Validate boleto',
    op: 'validateBoleto',
    statuses: {
      200: () => ({ request: { body: { barcode: '00190500954014481606906809350314337370000000100' } } }),
      400: () => ({ request: { body: { barcode: '123' } } }),
      401: noAppId,
      403: noScope,
    },
  },
  // Charges
  {
    spec: 'QR image (png)',
    op: 'getChargeQrImage',
    statuses: {
      200: async (w) => ({ request: { params: { id: await paymentLinkId(w, w.activeCharge) } } }),
      400: async (w) => ({
        request: { params: { id: await paymentLinkId(w, w.activeCharge) }, query: { size: '10' } },
      }),
    },
  },
  {
    spec: 'QR image (base64)',
    op: 'getQrImageBase64',
    statuses: {
      200: (w) => ({ request: { params: { id: w.activeCharge } } }),
      400: (w) => ({ request: { params: { id: w.activeCharge }, query: { size: '99999' } } }),
    },
  },
  {
    spec: 'Create charge',
    op: 'createCharge',
    statuses: {
      200: (w) => ({ request: { body: { correlationID: w.unique('charge'), value: 1500 } } }),
      400: (w) => ({ request: { body: { correlationID: w.unique('charge'), value: -1 } } }),
    },
  },
  {
    spec: 'Get charge',
    op: 'getCharge',
    statuses: {
      200: (w) => ({ request: { params: { id: w.activeCharge } } }),
      400: () => ({ request: { params: { id: 'nenhuma' } } }),
    },
  },
  {
    spec: 'List charges',
    op: 'listCharges',
    statuses: { 200: () => ({}), 400: () => ({ request: { query: { status: 'PAGA' } } }) },
  },
  {
    spec: 'Delete charge',
    op: 'deleteCharge',
    statuses: {
      200: async (w) => {
        const id = w.unique('charge');
        await made(w, 'createCharge', { request: { body: { correlationID: id, value: 700 } } });
        return { request: { params: { id } } };
      },
      400: () => ({ request: { params: { id: 'nenhuma' } } }),
    },
  },
  {
    spec: 'Edit charge expiration',
    op: 'updateChargeExpiration',
    statuses: {
      200: (w) => ({ request: { params: { id: w.activeCharge }, body: { expiresDate: '2026-12-31T12:00:00.000Z' } } }),
      400: (w) => ({ request: { params: { id: w.activeCharge }, body: { expiresDate: 'amanhã' } } }),
    },
  },
  {
    spec: 'List charge refunds',
    op: 'listChargeRefunds',
    statuses: {
      200: (w) => ({ request: { params: { id: w.paidCharge } } }),
      400: () => ({ request: { params: { id: 'nenhuma' } } }),
    },
  },
  {
    spec: 'Create charge refund',
    op: 'createChargeRefund',
    statuses: {
      200: (w) => ({
        request: { params: { id: w.paidCharge }, body: { correlationID: w.unique('refund'), value: 10 } },
      }),
      400: (w) => ({
        request: {
          params: { id: w.paidCharge },
          body: { correlationID: w.unique('refund'), value: 10, comment: 'x'.repeat(141) },
        },
      }),
    },
  },
  // Company
  { spec: 'Get company', op: 'getCompany', statuses: { 200: () => ({}) } },
  // Customers
  {
    spec: 'Create customer',
    op: 'createCustomer',
    statuses: {
      200: (w) => ({ request: { body: { name: 'Maria', email: `${w.unique('m')}@example.com` } } }),
      400: () => ({ request: { body: { name: 'Maria', taxID: '11111111111' } } }),
    },
  },
  {
    spec: 'Get customer',
    op: 'getCustomer',
    statuses: {
      200: (w) => ({ request: { params: { id: w.customer } } }),
      400: () => ({ request: { params: { id: 'nenhum' } } }),
    },
  },
  {
    spec: 'List customers',
    op: 'listCustomers',
    statuses: { 200: () => ({}), 400: () => ({ request: { query: { skip: '-3' } } }) },
  },
  {
    spec: 'Update customer',
    op: 'updateCustomer',
    statuses: {
      200: (w) => ({ request: { params: { id: w.customer }, body: { name: 'Maria Souza' } } }),
      400: (w) => ({ request: { params: { id: w.customer }, body: { email: 'não é e-mail' } } }),
    },
  },
  // Payments (the spec lists no error statuses for them)
  {
    spec: 'Create payment',
    op: 'createPayment',
    statuses: {
      200: (w) => ({
        request: {
          body: {
            type: 'PIX_KEY',
            value: 50,
            destinationAlias: w.otherPixKey,
            destinationAliasType: 'RANDOM',
            correlationID: w.unique('pay'),
          },
        },
      }),
    },
  },
  {
    spec: 'Approve payment',
    op: 'approvePayment',
    statuses: {
      200: async (w) => {
        const correlationID = w.unique('pay');
        await made(w, 'createPayment', {
          request: {
            body: {
              type: 'PIX_KEY',
              value: 50,
              destinationAlias: w.otherPixKey,
              destinationAliasType: 'RANDOM',
              correlationID,
            },
          },
        });
        return { request: { body: { correlationID } } };
      },
    },
  },
  {
    spec: 'Get payment',
    op: 'getPayment',
    statuses: {
      200: async (w) => {
        const correlationID = w.unique('pay');
        await made(w, 'createPayment', {
          request: {
            body: {
              type: 'PIX_KEY',
              value: 50,
              destinationAlias: w.otherPixKey,
              destinationAliasType: 'RANDOM',
              correlationID,
            },
          },
        });
        return { request: { params: { id: correlationID } } };
      },
    },
  },
  { spec: 'List payments', op: 'listPayments', statuses: { 200: () => ({}) } },
  // Pix keys
  { spec: 'List Pix keys', op: 'listPixKeys', statuses: { 200: () => ({}) } },
  { spec: 'Pix key token bucket', op: 'getPixKeyTokens', statuses: { 200: () => ({}) } },
  { spec: 'Pix key token logs', op: 'listPixKeyTokenLogs', statuses: { 200: () => ({}) } },
  {
    spec: 'Consult a Pix key',
    op: 'checkPixKey',
    statuses: { 200: (w) => ({ request: { params: { pixKey: w.otherPixKey } } }) },
  },
  { spec: 'Create a Pix key', op: 'createPixKey', statuses: { 201: () => ({ request: { body: { type: 'EVP' } } }) } },
  {
    spec: 'Set a Pix key as default',
    op: 'setDefaultPixKey',
    statuses: {
      200: async (w) => ({
        request: {
          params: { pixKey: (await made(w, 'createPixKey', { request: { body: { type: 'EVP' } } })).body.key },
        },
      }),
    },
  },
  {
    spec: 'Delete a Pix key',
    op: 'deletePixKey',
    statuses: {
      204: async (w) => ({
        request: {
          params: { pixKey: (await made(w, 'createPixKey', { request: { body: { type: 'EVP' } } })).body.key },
        },
      }),
    },
  },
  // Static QR codes
  {
    spec: 'Create static QR code',
    op: 'createPixQrCode',
    statuses: { 200: (w) => ({ request: { body: { name: 'Balcão', correlationID: w.unique('qr') } } }) },
  },
  {
    spec: 'Get static QR code',
    op: 'getPixQrCode',
    statuses: { 200: (w) => ({ request: { params: { id: w.pixQrCode } } }) },
  },
  { spec: 'List static QR codes', op: 'listPixQrCodes', statuses: { 200: () => ({}) } },
  {
    spec: 'Delete static QR code',
    op: 'deletePixQrCode',
    statuses: {
      200: async (w) => {
        const correlationID = w.unique('qr');
        await made(w, 'createPixQrCode', { request: { body: { name: 'Apagar', correlationID } } });
        return { request: { params: { id: correlationID } } };
      },
    },
  },
  // Transactions
  { spec: 'List transactions', op: 'listTransactions', statuses: { 200: () => ({}) } },
  {
    spec: 'Get a transaction',
    op: 'getTransaction',
    statuses: { 200: (w) => ({ request: { params: { id: w.paidEndToEndId } } }) },
  },
  // Refunds
  {
    spec: 'Create refund',
    op: 'createRefund',
    statuses: {
      200: (w) => ({
        request: { body: { transactionEndToEndId: w.paidEndToEndId, correlationID: w.unique('refund'), value: 10 } },
      }),
    },
  },
  {
    spec: 'Get refund',
    op: 'getRefund',
    statuses: {
      200: async (w) => {
        const correlationID = w.unique('refund');
        await made(w, 'createRefund', {
          request: { body: { transactionEndToEndId: w.paidEndToEndId, correlationID, value: 10 } },
        });
        return { request: { params: { id: correlationID } } };
      },
    },
  },
  { spec: 'List refunds', op: 'listRefunds', statuses: { 200: () => ({}) } },
  // PSPs and receipts
  { spec: 'List PSPs', op: 'listPsps', statuses: { 200: () => ({}) } },
  {
    spec: 'Receipt download',
    op: 'getReceipt',
    statuses: { 200: (w) => ({ request: { params: { receiptType: 'pix-in', endToEndId: w.paidEndToEndId } } }) },
  },
  // Disputes
  {
    spec: 'Get dispute',
    op: 'getDispute',
    statuses: {
      200: (w) => ({ request: { params: { id: w.disputedEndToEndId } } }),
      400: () => ({ request: { params: { id: 'E00000000202611221500nenhuma' } } }),
    },
  },
  {
    spec: 'List disputes',
    op: 'listDisputes',
    statuses: { 200: () => ({}), 400: () => ({ request: { query: { start: 'ontem' } } }) },
  },
  {
    spec: 'Upload evidence',
    op: 'uploadDisputeEvidence',
    statuses: {
      200: (w) => ({
        request: {
          params: { id: w.disputedEndToEndId },
          body: {
            documents: [
              { url: 'https://example.com/nota.pdf', correlationID: w.unique('evidence'), description: 'Nota fiscal' },
            ],
          },
        },
      }),
      400: (w) => ({
        request: {
          params: { id: w.disputedEndToEndId },
          body: { documents: [{ url: '', correlationID: 'x', description: 'vazio' }] },
        },
      }),
    },
  },
  // Funds recovery (MED API feature)
  {
    spec: 'Open funds recovery',
    op: 'openFundsRecovery',
    statuses: {
      201: async (w) => ({ as: 'featured', request: { body: recoveryOf(await sentPix(w)) } }),
      400: () => ({
        as: 'featured',
        request: { body: { transactionEndToEndId: 'E1', situationType: 'GOLPE', details: 'x' } },
      }),
      401: noAppId,
      403: (w) => ({ as: 'main', request: { body: recoveryOf(w.paidEndToEndId) } }),
      404: () => ({ as: 'featured', request: { body: recoveryOf('E54811417202611221500nenhumaaaaaa') } }),
      422: async (w) => {
        const endToEndId = await sentPix(w);
        await made(w, 'openFundsRecovery', { as: 'featured', request: { body: recoveryOf(endToEndId) } });
        return { as: 'featured', request: { body: recoveryOf(endToEndId) } };
      },
    },
  },
  {
    spec: 'Get funds recovery',
    op: 'getFundsRecovery',
    statuses: {
      200: async (w) => ({ as: 'featured', request: { params: { id: await openRecovery(w) } } }),
      400: () => ({ as: 'featured', request: { params: { id: 'não-é-uuid' } } }),
      401: noAppId,
      403: async (w) => ({ as: 'main', request: { params: { id: await openRecovery(w) } } }),
      404: () => ({ as: 'featured', request: { params: { id: '0b4f3c9e-3a1d-4c55-9a51-7c1f0e9d2b11' } } }),
    },
  },
  {
    spec: 'Cancel funds recovery',
    op: 'cancelFundsRecovery',
    statuses: {
      200: async (w) => ({ as: 'featured', request: { params: { id: await openRecovery(w) } } }),
      400: () => ({ as: 'featured', request: { params: { id: 'não-é-uuid' } } }),
      401: noAppId,
      403: async (w) => ({ as: 'main', request: { params: { id: await openRecovery(w) } } }),
      404: () => ({ as: 'featured', request: { params: { id: '0b4f3c9e-3a1d-4c55-9a51-7c1f0e9d2b11' } } }),
      422: async (w) => {
        const id = await openRecovery(w);
        await made(w, 'cancelFundsRecovery', { as: 'featured', request: { params: { id } } });
        return { as: 'featured', request: { params: { id } } };
      },
    },
  },
  // Applications
  {
    spec: 'Create application',
    op: 'createApplication',
    statuses: {
      201: (w) => ({
        request: {
          body: {
            accountId: w.mainAccountId,
            application: { name: w.unique('app'), type: 'API', scopes: ['CHARGE_GET'] },
          },
        },
      }),
      400: (w) => ({
        request: {
          body: { accountId: w.mainAccountId, application: { name: 'App', type: 'API', scopes: ['NAO_EXISTE'] } },
        },
      }),
      403: (w) => ({
        as: 'noScopes',
        request: {
          body: { accountId: w.mainAccountId, application: { name: 'App', type: 'API', scopes: ['CHARGE_GET'] } },
        },
      }),
    },
  },
  {
    spec: 'Delete application',
    op: 'deleteApplication',
    statuses: {
      200: async (w) => {
        const created = await made(w, 'createApplication', {
          request: {
            body: {
              accountId: w.mainAccountId,
              application: { name: w.unique('app'), type: 'API', scopes: ['CHARGE_GET'] },
            },
          },
        });
        return { request: { body: { clientId: created.body.application.clientId } } };
      },
      400: () => ({ request: { body: {} } }),
      404: () => ({ request: { body: { clientId: 'Client_Id_nenhum' } } }),
    },
  },
  // Partners (the featured company is a partner)
  {
    spec: 'Partner affiliates',
    op: 'listPartnerAffiliates',
    statuses: {
      200: () => ({ as: 'featured' }),
      400: () => ({ as: 'featured', request: { query: { limit: 'muitos' } } }),
    },
  },
  {
    spec: 'Partner create pre-registration',
    op: 'createPartnerPreRegistration',
    statuses: {
      201: () => ({ as: 'featured', request: { body: preRegistration('11222333000181') } }),
      200: async (w) => {
        await made(w, 'createPartnerPreRegistration', {
          as: 'featured',
          request: { body: preRegistration('45723174000110') },
        });
        return { as: 'featured', request: { body: preRegistration('45723174000110') } };
      },
      400: () => ({ as: 'featured', request: { body: preRegistration('11222333000182') } }),
      403: () => ({ as: 'main', request: { body: preRegistration('11222333000181') } }),
    },
  },
  {
    spec: 'Partner company get',
    op: 'getPartnerPreRegistration',
    statuses: {
      200: async (w) => {
        await made(w, 'createPartnerPreRegistration', {
          as: 'featured',
          request: { body: preRegistration('06990590000123') },
        });
        return { as: 'featured', request: { params: { taxID: '06990590000123' } } };
      },
      400: () => ({ as: 'featured', request: { params: { taxID: '00000000000000' } } }),
    },
  },
  {
    spec: 'Partner company list',
    op: 'listPartnerPreRegistrations',
    statuses: { 200: () => ({ as: 'featured' }), 400: () => ({ as: 'featured', request: { query: { skip: '-1' } } }) },
  },
  {
    spec: 'Partner create application',
    op: 'createPartnerApplication',
    statuses: {
      201: async (w) => {
        await made(w, 'createPartnerPreRegistration', {
          as: 'featured',
          request: { body: preRegistration('60701190000104') },
        });
        return {
          as: 'featured',
          request: {
            body: { application: { name: 'Loja', type: 'API' }, taxID: { taxID: '60701190000104', type: 'BR:CNPJ' } },
          },
        };
      },
      200: async (w) => {
        await made(w, 'createPartnerPreRegistration', {
          as: 'featured',
          request: { body: preRegistration('33000167000101') },
        });
        const body = {
          application: { name: 'Loja', type: 'API' },
          taxID: { taxID: '33000167000101', type: 'BR:CNPJ' },
        };
        await made(w, 'createPartnerApplication', { as: 'featured', request: { body } });
        return { as: 'featured', request: { body } };
      },
      400: () => ({
        as: 'featured',
        request: { body: { application: { name: 'Loja', type: 'API' }, taxID: { taxID: '123', type: 'BR:CNPJ' } } },
      }),
      403: () => ({
        as: 'main',
        request: {
          body: { application: { name: 'Loja', type: 'API' }, taxID: { taxID: '60701190000104', type: 'BR:CNPJ' } },
        },
      }),
    },
  },
  // Cashback
  {
    spec: 'Cashback balance',
    op: 'getCashbackBalance',
    statuses: {
      200: (w) => ({ request: { params: { taxID: w.customerTaxId } } }),
      400: () => ({ request: { params: { taxID: '123' } } }),
    },
  },
  {
    spec: 'Get or create cashback',
    op: 'getOrCreateCashback',
    statuses: {
      201: async (w) => ({ request: { body: { taxID: await newCustomerTaxId(w), value: 300 } } }),
      200: async (w) => {
        const taxID = await newCustomerTaxId(w);
        await made(w, 'getOrCreateCashback', { request: { body: { taxID, value: 300 } } });
        return { request: { body: { taxID, value: 300 } } };
      },
      400: (w) => ({ request: { body: { taxID: w.customerTaxId, value: -5 } } }),
    },
  },
  // Subscriptions (the spec names create and get; their statuses are not listed)
  {
    spec: 'Create subscription',
    op: 'createSubscription',
    statuses: {
      200: (w) => ({
        request: {
          body: {
            customer: { name: 'Assinante', taxID: w.customerTaxId },
            value: 4_990,
            correlationID: w.unique('plan'),
            type: 'RECURRENT',
            dayGenerateCharge: 25,
          },
        },
      }),
    },
  },
  {
    spec: 'Get subscription',
    op: 'getSubscription',
    statuses: {
      200: async (w) => {
        const correlationID = w.unique('plan');
        await made(w, 'createSubscription', {
          request: {
            body: {
              customer: { name: 'Assinante', taxID: w.customerTaxId },
              value: 4_990,
              correlationID,
              type: 'RECURRENT',
            },
          },
        });
        return { request: { params: { id: correlationID } } };
      },
    },
  },
  // KYC onboarding and account registers (the featured company has BAAS and KYC_ONBOARDING)
  {
    spec: 'KYC onboarding',
    op: 'kycOnboarding',
    statuses: {
      201: (w) => ({
        as: 'featured',
        request: { body: { taxID: '11.222.333/0001-81', correlationID: w.unique('kyc') } },
      }),
      200: async (w) => {
        const body = { taxID: '45723174000110', correlationID: w.unique('kyc') };
        await made(w, 'kycOnboarding', { as: 'featured', request: { body } });
        return { as: 'featured', request: { body } };
      },
      400: () => ({ as: 'featured', request: { body: { taxID: '11222333000182' } } }),
      401: noAppId,
      403: () => ({ as: 'main', request: { body: { taxID: '11222333000181' } } }),
    },
  },
  {
    spec: 'Get account register',
    op: 'getAccountRegister',
    statuses: {
      200: async (w) => ({ as: 'featured', request: { params: { correlationID: await onboarded(w) } } }),
      400: () => ({ as: 'featured', request: { params: { correlationID: 'x'.repeat(300) } } }),
      404: () => ({ as: 'featured', request: { params: { correlationID: 'nenhum' } } }),
    },
  },
  {
    spec: 'Delete account register',
    op: 'deleteAccountRegister',
    statuses: {
      200: async (w) => ({ as: 'featured', request: { params: { correlationID: await onboarded(w) } } }),
      400: () => ({ as: 'featured', request: { params: { correlationID: 'x'.repeat(300) } } }),
      404: () => ({ as: 'featured', request: { params: { correlationID: 'nenhum' } } }),
    },
  },
];

async function onboarded(w: World): Promise<string> {
  const correlationID = w.unique('kyc');
  await made(w, 'kycOnboarding', { as: 'featured', request: { body: { taxID: '06990590000123', correlationID } } });
  return correlationID;
}

const preRegistration = (cnpj: string) => ({
  preRegistration: {
    name: 'Padaria Pao Quente LTDA',
    website: 'paoquente.com.br',
    taxID: { taxID: cnpj, type: 'BR:CNPJ' },
  },
  user: {
    firstName: 'Maria',
    lastName: 'Souza',
    email: 'maria@paoquente.com.br',
    phone: '+5511912345678',
    taxID: { taxID: '52998224725', type: 'BR:CPF' },
  },
});

/** CPFs with valid check digits, one per customer a case makes. */
const FRESH_CPFS = ['39053344705', '86288366757', '11144477735', '12345678909', '98765432100', '15350946056'];

async function newCustomerTaxId(w: World): Promise<string> {
  const taxID = FRESH_CPFS.shift()!;
  await made(w, 'createCustomer', { request: { body: { name: 'Cliente Novo', taxID } } });
  return taxID;
}

const recoveryOf = (transactionEndToEndId: string) => ({
  transactionEndToEndId,
  situationType: 'SCAM',
  details: 'Produto nunca entregue.',
});

/** A settled Pix out of the featured company (the only one with the MED API feature), to another bank. */
async function sentPix(w: World): Promise<string> {
  const payment = await made(w, 'createPayment', {
    as: 'featured',
    request: {
      body: {
        type: 'MANUAL',
        correlationID: w.unique('pix-out'),
        value: 100,
        psp: '00000000',
        holder: { name: 'Golpista', taxID: { taxID: '11144477735', type: 'BR:CPF' } },
        account: { account: '1234567', branch: '0001', accountType: 'TRAN' },
        autoApprove: true,
      },
    },
  });
  w.h.clock.advance(2_001);
  await made(w, 'listPayments', { as: 'featured' });
  return payment.body.transaction.endToEndId;
}

async function openRecovery(w: World): Promise<string> {
  return (await made(w, 'openFundsRecovery', { as: 'featured', request: { body: recoveryOf(await sentPix(w)) } })).body
    .dictId;
}

async function paymentLinkId(w: World, correlationID: string): Promise<string> {
  const charge = (await made(w, 'getCharge', { request: { params: { id: correlationID } } })).body;
  return charge.charge.paymentLinkID as string;
}

/** A call a case needs done first: it must succeed, or the case would test nothing. */
async function made(w: World, op: OperationName, what: Call): Promise<{ body: any }> {
  const reply = await call(w, op, what);
  if (reply.status >= 300 || !('body' in reply))
    throw new Error(`setup ${op} answered ${reply.status}: ${JSON.stringify('body' in reply ? reply.body : '')}`);
  return reply;
}

let callers: Record<Exclude<Caller, 'none'>, string>;

async function call(w: World, op: OperationName, { request = {}, as = 'main' }: Call): Promise<ServiceReply> {
  return w.h.client.request(op, request, { appId: as === 'none' ? null : callers[as] });
}

describe('every operation of the spec, served', () => {
  let world: World;
  let document: any;

  beforeAll(async () => {
    const h = await createHarness('http');
    const featured = createSandboxCompany(h.engine.db, h.clock.now(), {
      tradeName: 'Loja Completa',
      features: ['BANK_ACCOUNT', 'MED_API', 'APPLICATION_SCOPES_REQUIRED', 'BAAS', 'KYC_ONBOARDING', 'PARTNER'],
    });
    const noScopes = createSandboxCompany(h.engine.db, h.clock.now(), { tradeName: 'Sem Escopos', scopes: [] });
    callers = { main: h.appId, featured: featured.appId, noScopes: noScopes.appId };
    let sequence = 0;
    const partial = { h, unique: (prefix: string) => `${prefix}-${++sequence}` } as World;
    await h.ok('createCharge', { body: { correlationID: 'cov-active', value: 2500 } });
    await h.ok('createCharge', { body: { correlationID: 'cov-paid', value: 50_000 } });
    const paid = await h.ok('sandboxPay', { query: { transactionID: 'cov-paid' } });
    await h.ok('createCharge', { body: { correlationID: 'cov-disputed', value: 9_900 } });
    const disputed = await h.ok('sandboxPay', { query: { transactionID: 'cov-disputed' } });
    await h.ok('sandboxOpenDispute', { body: { endToEndId: disputed.transaction.endToEndId } });
    // The featured company receives money it can send out (funds recovery needs a Pix it sent).
    const fundsQr = await h.client.request(
      'createPixQrCode',
      { body: { name: 'Fundos', value: 100_000 } },
      { appId: featured.appId },
    );
    await h.client.request(
      'sandboxPayBrCode',
      { body: { brCode: (fundsQr as any).body.pixQrCode.brCode } },
      { appId: featured.appId },
    );
    await h.ok('createCustomer', {
      body: { name: 'Cliente Cobertura', taxID: '52998224725', correlationID: 'cov-customer' },
    });
    await h.ok('createPixQrCode', { body: { name: 'Balcão', correlationID: 'cov-qr' } });
    world = {
      ...partial,
      activeCharge: 'cov-active',
      paidCharge: 'cov-paid',
      paidEndToEndId: paid.transaction.endToEndId,
      disputedEndToEndId: disputed.transaction.endToEndId,
      customer: 'cov-customer',
      customerTaxId: '52998224725',
      pixQrCode: 'cov-qr',
      mainAccountId: h.engine.tenancy.resolveTenant(h.appId)!.account.id,
      featuredAccountId: featured.accountId,
      otherPixKey: h.other.pixKey,
    };
    document = await (await fetch(`${h.baseUrl}/openapi.json`)).json();
  });

  afterAll(async () => {
    await world?.h.close();
  });

  for (const entry of SPEC_OPERATIONS) {
    const declaration = operationTable[entry.op];
    describe(`${entry.spec} (${declaration.method} ${declaration.paths[0]})`, () => {
      it('is in the published document with every status the spec lists', () => {
        const published = document.paths[openApiPath(declaration.paths[0])]?.[declaration.method.toLowerCase()];
        expect(published, 'published').toBeDefined();
        expect(Object.keys(published.responses)).toEqual(expect.arrayContaining(Object.keys(entry.statuses)));
      });
      for (const [status, make] of Object.entries(entry.statuses)) {
        it(`answers ${status}`, async () => {
          const reply = await call(world, entry.op, await make!(world));
          const shown = 'body' in reply ? JSON.stringify(reply.body) : reply.contentType;
          expect(reply.status, shown).toBe(Number(status));
          if (reply.status >= 400)
            expect((reply as { body: { error: unknown } }).body.error, shown).toEqual(expect.any(String));
        });
      }
    });
  }
});
