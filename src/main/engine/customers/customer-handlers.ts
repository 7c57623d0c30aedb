// Placeholder while the module is being written; replaced by its owner.
import type { HandlerTable } from '../context';
import { ServiceError } from '../errors';

export const customerHandlers: HandlerTable<'createCustomer' | 'getCustomer' | 'listCustomers' | 'updateCustomer'> = {
  createCustomer: () => {
    throw new ServiceError(501, 'Not implemented yet');
  },
  getCustomer: () => {
    throw new ServiceError(501, 'Not implemented yet');
  },
  listCustomers: () => {
    throw new ServiceError(501, 'Not implemented yet');
  },
  updateCustomer: () => {
    throw new ServiceError(501, 'Not implemented yet');
  },
};
