import type { Sweeper } from './context';
import { chargeExpirySweeper } from './charges/charge-expiry-sweeper';
import { paymentSettlementSweeper } from './payments/payment-settlement-sweeper';
import { refundSettlementSweeper } from './refunds/refund-settlement-sweeper';

/** The time-driven transitions, run before each request (charge expiry, refund and Pix out settlement). */
export const sweepers: readonly Sweeper[] = [chargeExpirySweeper, refundSettlementSweeper, paymentSettlementSweeper];
