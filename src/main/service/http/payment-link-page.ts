import type { FastifyInstance } from 'fastify';
import type { Engine } from '../engine/engine';
import { NOT_FOUND_HTML, PAYMENT_PAGE_CSP, paymentLinkHtml } from './payment-link-html';

// The page behind a charge's or static QR code's paymentLinkUrl. Public (no AppID), like the real
// service's pay page. `:id` is the link's public id: the service's own random id, never the
// paymentLinkID a caller chose, so one company cannot take another's page over.

/** Sharp on a phone's screen at any zoom, and within the image endpoints' size range. */
const PAGE_QR_PIXELS = 640;

export function registerPaymentLinkPage(app: FastifyInstance, engine: Engine): void {
  app.get<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
    const view = await engine.paymentLink(request.params.id);
    reply.header('content-security-policy', PAYMENT_PAGE_CSP).header('x-content-type-options', 'nosniff');
    if (!view) return reply.code(404).type('text/html; charset=utf-8').send(NOT_FOUND_HTML);
    const payable = view.kind === 'PIX_QR_CODE' || view.status === 'ACTIVE';
    // Drawn by the engine's worker pool (and cached), like the image endpoints: a page opened by
    // many customers never stalls the server's event loop.
    const qr = payable
      ? `data:image/png;base64,${Buffer.from(await engine.qrPng.png(view.brCode, PAGE_QR_PIXELS)).toString('base64')}`
      : null;
    return reply.type('text/html; charset=utf-8').send(paymentLinkHtml(view, qr));
  });
}
