import { openDatabase, type Db } from '#lib/store/database';
import type { Migration } from '#lib/store/migrate';
import { coreSchema } from './001-core';
import { pixQrCodeSoftDeleteSchema } from './002-pix-qr-code-soft-delete';
import { sparseChargeIndexesSchema } from './003-sparse-charge-indexes';
import { paymentLinksSchema } from './004-payment-links';
import { refundValueGivenSchema } from './005-refund-value-given';
import { transactionTxidSchema } from './006-transaction-txid';
import { pixKeyListScopeSchema } from './007-pix-key-list-scope';
import { ledgerSchema } from './008-ledger';
import { pixKeyChecksSchema } from './009-pix-key-checks';
import { webhooksSchema } from './010-webhooks';
import { applicationsPartnersSchema } from './011-applications-partners';
import { disputesFundsRecoverySchema } from './012-disputes-funds-recovery';
import { accountRegistersSchema } from './013-account-registers';
import { subscriptionsCashbackSchema } from './014-subscriptions-cashback';
import { webhookHmacSecretSchema } from './015-webhook-hmac-secret';
import { listCountsSchema } from './016-list-counts';
import { paymentLinkFixedLocationSchema } from './017-payment-link-fixed-location';
import { subaccountsSchema } from './018-subaccounts';
import { invoicesSchema } from './019-invoices';
import { anticipationBoletoTransactionsSchema } from './020-anticipation-boleto-transactions';
import { stablecoinSchema } from './021-stablecoin';
import { installmentsSchema } from './022-installments';
import { pixQrCodeIdentifierPerCompanySchema } from './023-pix-qr-code-identifier-per-company';

// Append only: a shipped migration is never edited, a new one is added with the next number.
export const migrations: readonly Migration[] = [
  { version: 1, name: 'core', sql: coreSchema },
  { version: 2, name: 'pix-qr-code-soft-delete', sql: pixQrCodeSoftDeleteSchema },
  { version: 3, name: 'sparse-charge-indexes', sql: sparseChargeIndexesSchema },
  { version: 4, name: 'payment-links', sql: paymentLinksSchema },
  { version: 5, name: 'refund-value-given', sql: refundValueGivenSchema },
  { version: 6, name: 'transaction-txid', sql: transactionTxidSchema },
  { version: 7, name: 'pix-key-list-scope', sql: pixKeyListScopeSchema },
  { version: 8, name: 'ledger', sql: ledgerSchema },
  { version: 9, name: 'pix-key-checks', sql: pixKeyChecksSchema },
  { version: 10, name: 'webhooks', sql: webhooksSchema },
  { version: 11, name: 'applications-partners', sql: applicationsPartnersSchema },
  { version: 12, name: 'disputes-funds-recovery', sql: disputesFundsRecoverySchema },
  { version: 13, name: 'account-registers', sql: accountRegistersSchema },
  { version: 14, name: 'subscriptions-cashback', sql: subscriptionsCashbackSchema },
  { version: 15, name: 'webhook-hmac-secret', sql: webhookHmacSecretSchema },
  { version: 16, name: 'list-counts', sql: listCountsSchema },
  { version: 17, name: 'payment-link-fixed-location', sql: paymentLinkFixedLocationSchema },
  { version: 18, name: 'subaccounts', sql: subaccountsSchema },
  { version: 19, name: 'invoices', sql: invoicesSchema },
  { version: 20, name: 'anticipation-boleto-transactions', sql: anticipationBoletoTransactionsSchema },
  { version: 21, name: 'stablecoin', sql: stablecoinSchema },
  { version: 22, name: 'installments', sql: installmentsSchema },
  { version: 23, name: 'pix-qr-code-identifier-per-company', sql: pixQrCodeIdentifierPerCompanySchema },
];

/** Opens (and migrates) a store of the service's schema: the sandbox's, and the tests' and the bench's. */
export function openServiceDatabase(path: string): Db {
  return openDatabase(path, migrations);
}
