import type { Sweeper } from './context';
import { chargeExpirySweeper } from './charges/charge-expiry-sweeper';
import { paymentSettlementSweeper } from './payments/payment-settlement-sweeper';
import { refundSettlementSweeper } from './refunds/refund-settlement-sweeper';
import { fundsRecoverySweeper } from './funds-recovery/funds-recovery-sweeper';
import { subscriptionChargeSweeper } from './subscriptions/subscription-charge-sweeper';
import { cashbackCreditSweeper } from './cashback/cashback-credit-sweeper';
import { kycReviewSweeper } from './kyc/kyc-review';
import { stablecoinSweeper } from './stablecoin/stablecoin-sweeper';
import { invoiceSweeper } from './invoices/invoice-sweeper';
import { anticipationSweeper } from './anticipation/anticipation-payout';

/** The time-driven transitions, run before each request (charge expiry, refund and Pix out settlement). */
export const sweepers: readonly Sweeper[] = [
  chargeExpirySweeper,
  refundSettlementSweeper,
  paymentSettlementSweeper,
  subscriptionChargeSweeper,
  cashbackCreditSweeper,
  fundsRecoverySweeper,
  kycReviewSweeper,
  invoiceSweeper,
  stablecoinSweeper,
  anticipationSweeper,
];
