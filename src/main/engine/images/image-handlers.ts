// Placeholder while the module is being written; replaced by its owner.
import type { HandlerTable } from '../context';
import { ServiceError } from '../errors';

export const imageHandlers: HandlerTable<'getChargeQrImage' | 'getQrImageBase64'> = {
  getChargeQrImage: () => {
    throw new ServiceError(501, 'Not implemented yet');
  },
  getQrImageBase64: () => {
    throw new ServiceError(501, 'Not implemented yet');
  },
};
