// Placeholder while the module is being written; replaced by its owner.
import type { HandlerTable } from '../context';
import { ServiceError } from '../errors';

export const pixQrCodeHandlers: HandlerTable<'createPixQrCode' | 'getPixQrCode' | 'listPixQrCodes' | 'deletePixQrCode'> = {
  createPixQrCode: () => {
    throw new ServiceError(501, 'Not implemented yet');
  },
  getPixQrCode: () => {
    throw new ServiceError(501, 'Not implemented yet');
  },
  listPixQrCodes: () => {
    throw new ServiceError(501, 'Not implemented yet');
  },
  deletePixQrCode: () => {
    throw new ServiceError(501, 'Not implemented yet');
  },
};
