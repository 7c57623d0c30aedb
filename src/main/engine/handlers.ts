import type { OperationName } from '../../shared/service-api';
import type { HandlerTable, Sweeper } from './context';
import { chargeHandlers } from './charges/charge-handlers';
import { chargeExpirySweeper } from './charges/charge-expiry-sweeper';
import { companyHandlers } from './company/company-handlers';
import { customerHandlers } from './customers/customer-handlers';
import { imageHandlers } from './images/image-handlers';
import { pixKeyHandlers } from './pix-keys/pix-key-handlers';
import { pixQrCodeHandlers } from './pix-qr-codes/pix-qr-code-handlers';
import { receiptHandlers } from './receipts/receipt-handlers';
import { refundHandlers } from './refunds/refund-handlers';
import { refundSettlementSweeper } from './refunds/refund-settlement-sweeper';
import { sandboxHandlers } from './sandbox/sandbox-handlers';
import { transactionHandlers } from './transactions/transaction-handlers';

/** Every operation of the service API, each implemented exactly once (the type checks both). */
export const handlers: HandlerTable<OperationName> = {
  ...chargeHandlers,
  ...customerHandlers,
  ...refundHandlers,
  ...pixQrCodeHandlers,
  ...transactionHandlers,
  ...imageHandlers,
  ...receiptHandlers,
  ...sandboxHandlers,
  ...companyHandlers,
  ...pixKeyHandlers,
};

export const sweepers: readonly Sweeper[] = [chargeExpirySweeper, refundSettlementSweeper];
