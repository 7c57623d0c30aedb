// Placeholder while the module is being written; replaced by its owner.
import type { HandlerTable } from '../context';
import { ServiceError } from '../errors';

export const refundHandlers: HandlerTable<'createRefund' | 'getRefund' | 'listRefunds' | 'listChargeRefunds' | 'createChargeRefund'> = {
  createRefund: () => {
    throw new ServiceError(501, 'Not implemented yet');
  },
  getRefund: () => {
    throw new ServiceError(501, 'Not implemented yet');
  },
  listRefunds: () => {
    throw new ServiceError(501, 'Not implemented yet');
  },
  listChargeRefunds: () => {
    throw new ServiceError(501, 'Not implemented yet');
  },
  createChargeRefund: () => {
    throw new ServiceError(501, 'Not implemented yet');
  },
};
