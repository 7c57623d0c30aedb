import { createHash } from 'node:crypto';
import { formatBRL } from '#shared/lib/money';
import type { PaymentLinkView } from '../engine/payment-links/payment-link-view';

// The HTML of the public payment page: what a customer opens from a shared link. It shows only
// what the QR code itself carries, and every text in it is escaped (comments are the merchant's).

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f3f6f6;color:#102a2a}
main{max-width:420px;margin:32px auto;background:#fff;border-radius:16px;padding:24px;text-align:center;box-shadow:0 2px 12px #0001}
h1{font-size:1.1rem;margin:0 0 4px}.value{font-size:2.2rem;font-weight:700;color:#006b5f;margin:8px 0}
img{width:100%;max-width:320px;image-rendering:pixelated}.code{word-break:break-all;font-family:monospace;font-size:.75rem;background:#eef3f3;padding:8px;border-radius:8px}
.status{font-weight:700}`;
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** Only the page's own inline style and data: images; no script, no frame, no form. */
export const PAYMENT_PAGE_CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const STATUS_TEXT = { ACTIVE: 'Aguardando pagamento', COMPLETED: 'Pago', EXPIRED: 'Expirada' } as const;

/** A static QR code without a value: the payer types the amount in the bank app. */
export const OPEN_AMOUNT_TEXT = 'Você escolhe o valor';

export const NOT_FOUND_HTML = '<!doctype html><title>Não encontrado</title><p>Link de pagamento não encontrado.</p>';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page of a link. `qrDataUrl` is the QR image of the BR Code, or null when there is nothing
 * to pay (a paid or expired charge), in which case neither the image nor the code is shown.
 */
export function paymentLinkHtml(view: PaymentLinkView, qrDataUrl: string | null): string {
  const amount = view.value === null ? null : formatBRL(view.value);
  const title = amount === null ? `Pagar — ${view.merchantName}` : `Pagar ${amount} — ${view.merchantName}`;
  // A static QR code is always payable, so only a charge has a status to tell.
  const status = view.kind === 'CHARGE' ? `<p class="status">${STATUS_TEXT[view.status]}</p>` : '';
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(view.merchantName)}</h1><div class="value">${escapeHtml(amount ?? OPEN_AMOUNT_TEXT)}</div>
${view.comment ? `<p>${escapeHtml(view.comment)}</p>` : ''}${status}
${qrDataUrl ? `<img alt="QR Code Pix" src="${qrDataUrl}"><p>Pix copia e cola:</p><p class="code">${escapeHtml(view.brCode)}</p>` : ''}
</main></body></html>`;
}
