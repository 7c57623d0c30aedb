import type { Sweeper } from './context';
import { chargeExpirySweeper } from './charges/charge-expiry-sweeper';
import { refundSettlementSweeper } from './refunds/refund-settlement-sweeper';

/** The time-driven transitions, run before each request (charge expiry, refund settlement). */
export const sweepers: readonly Sweeper[] = [chargeExpirySweeper, refundSettlementSweeper];
