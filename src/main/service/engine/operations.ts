import type { z } from 'zod';
import { boletoOperations } from './boletos/boleto-operations';
import { accountOperations } from './accounts/account-handlers';
import { paymentOperations } from './payments/payment-handlers';
import { chargeOperations } from './charges/charge-handlers';
import { companyOperations } from './company/company-handlers';
import { customerOperations } from './customers/customer-handlers';
import { imageOperations } from './images/image-handlers';
import { declareOperations, type AnyOperation } from './operation';
import { pixKeyOperations } from './pix-keys/pix-key-handlers';
import { pixQrCodeOperations } from './pix-qr-codes/pix-qr-code-handlers';
import { pspOperations } from './psps/psp-operations';
import { receiptOperations } from './receipts/receipt-handlers';
import { refundOperations } from './refunds/refund-handlers';
import { sandboxBalanceOperations } from './sandbox/sandbox-balance-handlers';
import { sandboxOperations } from './sandbox/sandbox-handlers';
import { transactionOperations } from './transactions/transaction-handlers';
import { webhookOperations } from './webhooks/webhook-handlers';
import { disputeOperations } from './disputes/dispute-handlers';
import { sandboxDisputeOperations } from './disputes/sandbox-dispute-handlers';
import { fundsRecoveryOperations } from './funds-recovery/funds-recovery-handlers';
import { kycOperations } from './kyc/kyc-handlers';
import { subscriptionOperations } from './subscriptions/subscription-handlers';
import { cashbackOperations } from './cashback/cashback-handlers';
import { applicationOperations } from './applications/application-handlers';
import { partnerOperations } from './partners/partner-handlers';
import { subaccountOperations } from './subaccounts/subaccount-handlers';
import { transferOperations } from './transfers/transfer-handlers';
import { invoiceOperations } from './invoices/invoice-handlers';
import { anticipationOperations } from './anticipation/anticipation-handlers';
import { boletoTransactionOperations } from './boletos/boleto-transaction-handlers';
import { stablecoinOperations } from './stablecoin/stablecoin-handlers';
import { installmentOperations } from './subscriptions/installment-handlers';

/**
 * Every operation of the service, from the resource modules' declarations. Adding an operation
 * is one edit in its module; the HTTP routes, the scope list and the response types below follow.
 */
export const operationTable = declareOperations(
  chargeOperations,
  customerOperations,
  refundOperations,
  pixQrCodeOperations,
  transactionOperations,
  imageOperations,
  receiptOperations,
  sandboxOperations,
  companyOperations,
  pixKeyOperations,
  boletoOperations,
  pspOperations,
  accountOperations,
  paymentOperations,
  sandboxBalanceOperations,
  webhookOperations,
  disputeOperations,
  sandboxDisputeOperations,
  fundsRecoveryOperations,
  kycOperations,
  subscriptionOperations,
  cashbackOperations,
  applicationOperations,
  partnerOperations,
  subaccountOperations,
  transferOperations,
  invoiceOperations,
  anticipationOperations,
  boletoTransactionOperations,
  stablecoinOperations,
  installmentOperations,
);

export type OperationTable = typeof operationTable;
export type OperationName = keyof OperationTable;

/** An operation's success body (bytes for the image and receipt operations). */
export type ResponseOf<Op extends OperationName> = z.output<OperationTable[Op]['response']>;

/** Every scope an application can hold: the ones the operations name. */
export type Scope = Exclude<OperationTable[OperationName]['scope'], null>;

export const ALL_SCOPES: readonly Scope[] = [
  ...new Set(
    Object.values(operationTable as Record<string, AnyOperation>)
      .map((declaration) => declaration.scope)
      .filter((scope): scope is Scope => scope !== null),
  ),
];

export function isOperationName(name: string): name is OperationName {
  return Object.hasOwn(operationTable, name);
}
