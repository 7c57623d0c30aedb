import { createHash } from 'node:crypto';
import type { KycFormErrors, KycOnboardingView } from '../engine/kyc/kyc-page';
import { formatCnpj, maskCpf } from '#lib/receipts';

// The HTML of the KYC onboarding page: what a merchant opens from the link a partner sent
// (POST /api/v1/kyc/onboarding's linkOnboarding). pt-BR, one form that works without script,
// every text escaped (names come from the caller and the merchant). A terminal state (enviado,
// aprovado, recusado) sends the merchant to the redirectUrl five seconds later (spec, Limits:
// "KYC redirect"). A small script, allowed by its hash, counts the seconds down on screen, goes
// there, and offers to stay: a timed move the reader cannot stop fails WCAG 2.2.1 (axe-core's
// meta-refresh rule), so the meta refresh is only the fallback for a browser without script,
// inside <noscript>.

/** Seconds between a terminal state and the redirect (service-spec.md, Limits, "KYC redirect"). */
export const REDIRECT_SECONDS = 5;

const STYLE = `*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#eef3f3;color:#102a2a;font-size:1rem;line-height:1.5}
.top{background:#006b5f;color:#fff;padding:12px 24px;display:flex;justify-content:space-between;align-items:center;flex-wrap:wrap;gap:8px}
.brand{font-weight:700;font-size:1.15rem}.env{font-size:.875rem;background:#fff;color:#004d44;border-radius:999px;padding:2px 12px;font-weight:600}
main{max-width:640px;margin:32px auto;background:#fff;border-radius:16px;padding:32px;box-shadow:0 2px 12px #0002}
h1{font-size:1.6rem;margin:0 0 8px}h2{font-size:1.15rem;margin:0 0 8px}
.lead{margin:0 0 24px;color:#2c4a4a}
fieldset{border:1px solid #c5d3d3;border-radius:12px;margin:0 0 24px;padding:16px 20px 4px}
legend{font-weight:700;padding:0 6px;font-size:1.05rem}
.field{margin:0 0 16px}label{display:block;font-weight:600;margin:0 0 4px}
.hint{font-weight:400;color:#40605f;font-size:.875rem}
input[type=text]{width:100%;font:inherit;padding:10px 12px;border:2px solid #6c8786;border-radius:8px;background:#fff;color:#102a2a}
input[aria-invalid=true]{border-color:#b00020}
:focus-visible{outline:3px solid #1546c0;outline-offset:2px}
.error{color:#b00020;font-weight:600;margin:4px 0 0;font-size:.9rem}
.fixed{margin:0 0 16px}.fixed dt{font-weight:600}.fixed dd{margin:0;font-size:1.05rem;font-variant-numeric:tabular-nums}
.rep{border-top:1px solid #dde6e6;padding-top:12px}.rep:first-of-type{border-top:0;padding-top:0}
.cpf{margin:-8px 0 16px;color:#40605f;font-variant-numeric:tabular-nums}
button{font:inherit;font-weight:700;font-size:1.05rem;background:#006b5f;color:#fff;border:0;border-radius:10px;padding:12px 32px;cursor:pointer;min-height:48px}
button:hover,a.primary:hover{background:#00574d}
a.primary{display:inline-flex;align-items:center;font-weight:700;background:#006b5f;color:#fff;border-radius:10px;padding:8px 24px;min-height:44px;text-decoration:none}
.alert{border:2px solid #b00020;background:#fdecee;border-radius:12px;padding:12px 16px;margin:0 0 24px}
.alert ul{margin:0;padding-left:20px}.alert a{color:#8a0019}
.result{border-radius:12px;padding:16px 20px;margin:0 0 24px;border:2px solid}
.result p{margin:0}
.result-ok{background:#e6f4f1;border-color:#006b5f}.result-no{background:#fdecee;border-color:#b00020}
.summary{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:0 0 24px}
.summary dt{font-weight:600}.summary dd{margin:0}
.summary ul{margin:0;padding:0;list-style:none}
.redirect{margin:0 0 8px}a{color:#004d44}
.actions{display:flex;flex-wrap:wrap;align-items:center;gap:16px;margin:0}
button.secondary{background:#fff;color:#004d44;border:2px solid #006b5f;padding:8px 20px;min-height:44px;font-size:1rem}
button.secondary:hover{background:#e6f4f1}
@media (max-width:480px){main{margin:0;border-radius:0;padding:20px}.summary{grid-template-columns:1fr}}`;

// Reads the address from the page's link, so one script (one hash) serves every page.
const COUNTDOWN_SCRIPT = `(function(){var el=document.getElementById('contagem'),link=document.getElementById('continuar'),stay=document.getElementById('ficar');if(!el||!link)return;var left=${REDIRECT_SECONDS};var timer=setInterval(function(){left-=1;el.textContent=left===1?'1 segundo':left+' segundos';if(left<=0){clearInterval(timer);location.assign(link.href)}},1000);if(stay){stay.hidden=false;stay.addEventListener('click',function(){clearInterval(timer);document.getElementById('aviso').textContent='Redirecionamento cancelado. Use o link abaixo quando quiser continuar.';stay.hidden=true;link.focus()})}})();`;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/**
 * The page's own inline style and countdown only; the form may post to this service alone; no
 * frames, no other origin's anything.
 */
export const KYC_PAGE_CSP = `default-src 'none'; style-src 'sha256-${sha256(STYLE)}'; script-src 'sha256-${sha256(COUNTDOWN_SCRIPT)}'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The redirect address inside `content="5;url=…"`: quotes, angle brackets, backticks and spaces
 * percent-encoded (the same address to the receiving server), so nothing in it can end the URL
 * part of the refresh early. The engine accepted only http(s) URLs.
 */
function refreshTarget(url: string): string {
  return url.replace(/["'<>` ]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

function page(title: string, body: string, head = '', script = false): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title>${head}<style>${STYLE}</style></head>
<body><header class="top"><span class="brand">Balcão</span><span class="env">Ambiente de testes (sandbox)</span></header>
<main>${body}</main>${script ? `<script>${COUNTDOWN_SCRIPT}</script>` : ''}</body></html>`;
}

export const KYC_NOT_FOUND_HTML = page(
  'Link não encontrado',
  `<h1>Link não encontrado</h1><p>Este link de cadastro não existe ou não vale mais. Peça um novo link a quem o enviou.</p>`,
);

function fieldError(id: string, error: string | undefined): string {
  return error ? `<p class="error" id="${id}-erro">${escapeHtml(error)}</p>` : '';
}

function textInput(id: string, name: string, value: string, error: string | undefined, extra = ''): string {
  const invalid = error ? ` aria-invalid="true" aria-describedby="${id}-erro"` : '';
  return `<input type="text" id="${id}" name="${name}" value="${escapeHtml(value)}" maxlength="255"${invalid}${extra}>`;
}

/**
 * The form of a PENDING register: the CNPJ as fixed text, the razão social, nome fantasia and
 * each representative's name to confirm or correct, and "Enviar". `errors` (with the merchant's
 * `values`) after a refused submission: a summary linking to each field, read first.
 */
export function kycFormHtml(token: string, values: KycOnboardingView, errors?: KycFormErrors): string {
  const problems: { href: string; text: string }[] = [];
  if (errors?.form) problems.push({ href: '#officialName', text: errors.form });
  if (errors?.officialName) problems.push({ href: '#officialName', text: `Razão social: ${errors.officialName}` });
  if (errors?.tradeName) problems.push({ href: '#tradeName', text: `Nome fantasia: ${errors.tradeName}` });
  errors?.representatives.forEach((error, i) => {
    if (error) problems.push({ href: `#representante-${i + 1}`, text: `Representante ${i + 1}: ${error}` });
  });
  const summary = problems.length
    ? `<div class="alert" id="erros" role="alert" tabindex="-1" autofocus><h2>Corrija ${problems.length === 1 ? 'o campo' : 'os campos'} abaixo</h2><ul>${problems
        .map((p) => `<li><a href="${p.href}">${escapeHtml(p.text)}</a></li>`)
        .join('')}</ul></div>`
    : '';
  const representatives = values.representatives.length
    ? values.representatives
        .map((r, i) => {
          const id = `representante-${i + 1}`;
          return `<div class="rep"><div class="field"><label for="${id}">Nome do representante ${i + 1}</label>${textInput(id, 'representativeName', r.name, errors?.representatives[i], ' autocomplete="off" required')}${fieldError(id, errors?.representatives[i])}</div><p class="cpf">CPF ${maskCpf(r.taxID)}</p></div>`;
        })
        .join('')
    : '<p>Nenhum representante informado.</p>';
  const body = `<h1>Abertura de conta</h1>
<p class="lead">Confira os dados da sua empresa, corrija o que for preciso e clique em <strong>Enviar</strong>.</p>${summary}
<form method="post" action="/kyc/onboarding/${escapeHtml(token)}">
<fieldset><legend>Empresa</legend>
<dl class="fixed"><dt>CNPJ</dt><dd>${escapeHtml(formatCnpj(values.taxID))}</dd></dl>
<div class="field"><label for="officialName">Razão social <span class="hint">(obrigatório)</span></label>${textInput('officialName', 'officialName', values.officialName, errors?.officialName, ' autocomplete="organization" required')}${fieldError('officialName', errors?.officialName)}</div>
<div class="field"><label for="tradeName">Nome fantasia <span class="hint">(opcional)</span></label>${textInput('tradeName', 'tradeName', values.tradeName, errors?.tradeName)}${fieldError('tradeName', errors?.tradeName)}</div>
</fieldset>
<fieldset><legend>Representantes</legend>${representatives}</fieldset>
<button type="submit">Enviar</button>
</form>`;
  return page(
    problems.length ? 'Corrija os dados — Abertura de conta' : 'Abertura de conta — confirme os dados da empresa',
    body,
  );
}

const OUTCOME = {
  SUBMITTED: {
    title: 'Cadastro enviado',
    text: 'Recebemos os dados da sua empresa. Agora eles passam por análise.',
    ok: true,
  },
  APPROVED: { title: 'Cadastro aprovado', text: 'A conta da sua empresa foi aprovada.', ok: true },
  REJECTED: {
    title: 'Cadastro recusado',
    text: 'Não foi possível aprovar o cadastro da sua empresa. Fale com quem enviou este link.',
    ok: false,
  },
} as const;

/** A register past PENDING: its state, the data sent and, with a redirectUrl, the countdown. */
export function kycResultHtml(view: KycOnboardingView & { status: keyof typeof OUTCOME }): string {
  const outcome = OUTCOME[view.status];
  const representatives = view.representatives.length
    ? `<ul>${view.representatives.map((r) => `<li>${escapeHtml(r.name)} (CPF ${maskCpf(r.taxID)})</li>`).join('')}</ul>`
    : 'Nenhum';
  const redirect = view.redirectUrl
    ? `<p class="redirect" id="aviso">Você será redirecionado em <span id="contagem">${REDIRECT_SECONDS} segundos</span>.</p><p class="actions"><a id="continuar" class="primary" href="${escapeHtml(view.redirectUrl)}" rel="noreferrer">Continuar agora</a><button type="button" id="ficar" class="secondary" hidden>Ficar nesta página</button></p>`
    : '<p>Você já pode fechar esta página.</p>';
  const body = `<h1>Abertura de conta</h1>
<div class="result ${outcome.ok ? 'result-ok' : 'result-no'}" role="status"><h2>${outcome.title}</h2><p>${outcome.text}</p></div>
<dl class="summary"><dt>Razão social</dt><dd>${escapeHtml(view.officialName)}</dd><dt>Nome fantasia</dt><dd>${escapeHtml(view.tradeName || '—')}</dd>
<dt>CNPJ</dt><dd>${escapeHtml(formatCnpj(view.taxID))}</dd><dt>Representantes</dt><dd>${representatives}</dd></dl>${redirect}`;
  const head = view.redirectUrl
    ? `<noscript><meta http-equiv="refresh" content="${REDIRECT_SECONDS};url=${escapeHtml(refreshTarget(view.redirectUrl))}"></noscript>`
    : '';
  return page(`${outcome.title} — Abertura de conta`, body, head, view.redirectUrl !== null);
}
