import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import type { Engine } from '../engine/engine';
import { NOT_FOUND_HTML, PAYMENT_PAGE_CSP, paymentLinkHtml } from './payment-link-html';

// The page behind a charge's or static QR code's paymentLinkUrl. Public (no AppID), like the real
// service's pay page. `:id` is the link's public id: the service's own random id, never the
// paymentLinkID a caller chose, so one company cannot take another's page over.

export function registerPaymentLinkPage(app: FastifyInstance, engine: Engine): void {
  app.get<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
    const view = engine.paymentLink(request.params.id);
    reply.header('content-security-policy', PAYMENT_PAGE_CSP).header('x-content-type-options', 'nosniff');
    if (!view) return reply.code(404).type('text/html; charset=utf-8').send(NOT_FOUND_HTML);
    const payable = view.kind === 'PIX_QR_CODE' || view.status === 'ACTIVE';
    const qr = payable ? await QRCode.toDataURL(view.brCode, { margin: 4, width: 640, errorCorrectionLevel: 'M' }) : null;
    return reply.type('text/html; charset=utf-8').send(paymentLinkHtml(view, qr));
  });
}
