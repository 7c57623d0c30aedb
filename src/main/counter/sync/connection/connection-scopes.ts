// The scopes the counter's sync path uses (every `call('…')` in src/main/counter/sync), and the feature
// each one serves (what the counter loses without it is said by the renderer's catalogues,
// settings.connectionTest.scopes). "Testar conexão" (connection-test.ts) checks every one of them;
// a missing one of the `selling` feature fails the check, the others only take their feature away.
import type { CounterFeature } from '#shared/counter/counter-api';
import type { ContractOperation } from '../remote/service-contract';

export interface CounterScope {
  scope: string;
  feature: CounterFeature;
  /** The operations of the sync path that need it. */
  operations: readonly ContractOperation[];
}

export const COUNTER_SCOPES: readonly CounterScope[] = [
  {
    scope: 'CHARGE_POST',
    feature: 'selling',
    operations: ['createCharge'],
  },
  {
    scope: 'CHARGE_GET',
    feature: 'selling',
    operations: ['getCharge'],
  },
  {
    scope: 'CHARGE_GET_LIST',
    feature: 'selling',
    operations: ['listCharges'],
  },
  {
    scope: 'CHARGE_DELETE',
    feature: 'cancel',
    operations: ['deleteCharge'],
  },
  {
    scope: 'CHARGE_REFUND_POST',
    feature: 'refunds',
    operations: ['createChargeRefund'],
  },
  {
    scope: 'CHARGE_REFUND_GET_LIST',
    feature: 'refunds',
    operations: ['listChargeRefunds'],
  },
  {
    scope: 'REFUND_POST',
    feature: 'refunds',
    operations: ['createRefund'],
  },
  {
    scope: 'REFUND_GET',
    feature: 'refunds',
    operations: ['getRefund'],
  },
  {
    scope: 'TRANSACTION_GET_LIST',
    feature: 'offline',
    operations: ['listTransactions'],
  },
  {
    scope: 'PIX_KEY_GET_LIST',
    feature: 'offline',
    operations: ['listPixKeys'],
  },
  {
    scope: 'PIX_QRCODE_POST',
    feature: 'offline',
    operations: ['createPixQrCode'],
  },
  {
    scope: 'PIX_QRCODE_GET',
    feature: 'offline',
    operations: ['getPixQrCode'],
  },
  {
    scope: 'PIX_QRCODE_GET_LIST',
    feature: 'offline',
    operations: ['listPixQrCodes'],
  },
  {
    scope: 'PIX_QRCODE_DELETE',
    feature: 'offline',
    operations: ['deletePixQrCode'],
  },
  {
    scope: 'COMPANY_GET',
    feature: 'receipts',
    operations: ['getCompany'],
  },
];
