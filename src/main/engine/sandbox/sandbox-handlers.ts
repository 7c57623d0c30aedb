// Placeholder while the module is being written; replaced by its owner.
import type { HandlerTable } from '../context';
import { ServiceError } from '../errors';

export const sandboxHandlers: HandlerTable<'sandboxPay' | 'sandboxPayBrCode'> = {
  sandboxPay: () => {
    throw new ServiceError(501, 'Not implemented yet');
  },
  sandboxPayBrCode: () => {
    throw new ServiceError(501, 'Not implemented yet');
  },
};
