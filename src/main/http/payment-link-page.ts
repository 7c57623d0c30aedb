import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { formatBRL } from '../../shared/money';
import type { Engine } from '../engine/engine';

// The page behind a charge's paymentLinkUrl: what a customer opens from a shared link. Public
// (no AppID), like the real service's pay page; it shows only what the QR code itself carries.

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f3f6f6;color:#102a2a}
main{max-width:420px;margin:32px auto;background:#fff;border-radius:16px;padding:24px;text-align:center;box-shadow:0 2px 12px #0001}
h1{font-size:1.1rem;margin:0 0 4px}.value{font-size:2.2rem;font-weight:700;color:#006b5f;margin:8px 0}
img{width:100%;max-width:320px;image-rendering:pixelated}.code{word-break:break-all;font-family:monospace;font-size:.75rem;background:#eef3f3;padding:8px;border-radius:8px}
.status{font-weight:700}`;
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');
const CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const STATUS_TEXT = { ACTIVE: 'Aguardando pagamento', COMPLETED: 'Pago', EXPIRED: 'Expirada' } as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function registerPaymentLinkPage(app: FastifyInstance, engine: Engine): void {
  app.get<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
    const view = engine.paymentLink(request.params.id);
    reply.header('content-security-policy', CSP).header('x-content-type-options', 'nosniff');
    if (!view) return reply.code(404).type('text/html; charset=utf-8').send('<!doctype html><title>Não encontrado</title><p>Link de pagamento não encontrado.</p>');
    const qr = view.status === 'ACTIVE' ? await QRCode.toDataURL(view.brCode, { margin: 4, width: 640, errorCorrectionLevel: 'M' }) : null;
    const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Pagar ${escapeHtml(formatBRL(view.value))} — ${escapeHtml(view.merchantName)}</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(view.merchantName)}</h1><div class="value">${escapeHtml(formatBRL(view.value))}</div>
${view.comment ? `<p>${escapeHtml(view.comment)}</p>` : ''}<p class="status">${STATUS_TEXT[view.status]}</p>
${qr ? `<img alt="QR Code Pix" src="${qr}"><p>Pix copia e cola:</p><p class="code">${escapeHtml(view.brCode)}</p>` : ''}
</main></body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
