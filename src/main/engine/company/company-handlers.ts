// Placeholder while the module is being written; replaced by its owner.
import type { HandlerTable } from '../context';
import { ServiceError } from '../errors';

export const companyHandlers: HandlerTable<'getCompany' | 'decodeEmv'> = {
  getCompany: () => {
    throw new ServiceError(501, 'Not implemented yet');
  },
  decodeEmv: () => {
    throw new ServiceError(501, 'Not implemented yet');
  },
};
