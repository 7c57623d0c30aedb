// Placeholder while the module is being written; replaced by its owner.
import type { Sweeper } from '../context';

export const refundSettlementSweeper: Sweeper = {
  nextDeadline: () => null,
  run: () => {},
};
