import { z } from 'zod';
import { bytes, operation } from '../operation';
import { idParams } from '../validation';
import { boletoBarcodeForImage, brCodeForImage } from './qr-image-source';
import { qrImageSizeQuery } from './qr-image-size';

const imageRequest = { params: idParams, query: qrImageSizeQuery };

export const imageOperations = {
  getChargeQrImage: operation({
    method: 'GET',
    // The spec writes the first segment as a neutral `svc`; the real service uses `openpix`.
    paths: ['/openpix/charge/brcode/image/:id.png', '/svc/charge/brcode/image/:id.png'],
    scope: 'CHARGE_IMAGE_GET',
    // A charge's `qrCodeImage` goes into an <img> in the shopper's browser, which sends no AppID:
    // without one, only the id that URL carries (the link's public id, or the paymentLinkID the
    // service gave) opens an image.
    auth: 'optional',
    access: 'read',
    status: 200,
    contentType: 'image/png',
    summary:
      "A charge's or static QR code's QR image as PNG (size 300 to 4096, default 1024); without an AppID, only by the id its qrCodeImage URL carries",
    // All input is checked before the lookup, so a bad size is a 400 whatever the id.
    request: imageRequest,
    response: bytes,
    handler: (ctx, { params, query }) => ctx.qrPng.png(brCodeForImage(ctx, params.id), query.size),
  }),

  getQrImageBase64: operation({
    method: 'GET',
    paths: ['/api/image/qrcode/base64/:id'],
    scope: 'CHARGE_BRCODE_IMAGE_GET',
    access: 'read',
    status: 200,
    summary: 'The QR image as a base64 PNG data URI',
    request: imageRequest,
    response: z.strictObject({ success: z.literal(true), imageBase64: z.string() }),
    async handler(ctx, { params, query }) {
      const png = await ctx.qrPng.png(brCodeForImage(ctx, params.id), query.size);
      return { success: true as const, imageBase64: `data:image/png;base64,${Buffer.from(png).toString('base64')}` };
    },
  }),

  getBoletoBarcodeImage: operation({
    method: 'GET',
    paths: ['/openpix/charge/boleto/barcode/:id.png'],
    scope: 'CHARGE_IMAGE_GET',
    // The `barcodeImage` of a BOLETO charge is shown to the buyer like `qrCodeImage`.
    auth: 'optional',
    access: 'read',
    status: 200,
    contentType: 'image/png',
    summary:
      "Sandbox extension: a BOLETO charge's barcode (Interleaved 2 of 5) as PNG; without an AppID, only by the id its barcodeImage URL carries",
    request: { params: idParams },
    response: bytes,
    handler: (ctx, { params }) => ctx.qrPng.boletoPng(boletoBarcodeForImage(ctx, params.id)),
  }),
};
