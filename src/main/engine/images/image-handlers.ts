import type { HandlerTable } from '../context';
import { pathId } from '../validation';
import { brCodeForImage } from './qr-image-source';
import { parseQrImageSize } from './qr-image-size';

export const imageHandlers: HandlerTable<'getChargeQrImage' | 'getQrImageBase64'> = {
  async getChargeQrImage(ctx, request) {
    // All input is checked before the lookup, so a bad size is a 400 whatever the id.
    const id = pathId(request.params);
    const size = parseQrImageSize(request.query);
    return ctx.qrPng.png(brCodeForImage(ctx, id), size);
  },

  async getQrImageBase64(ctx, request) {
    const id = pathId(request.params);
    const size = parseQrImageSize(request.query);
    const png = await ctx.qrPng.png(brCodeForImage(ctx, id), size);
    return { success: true as const, imageBase64: `data:image/png;base64,${Buffer.from(png).toString('base64')}` };
  },
};
