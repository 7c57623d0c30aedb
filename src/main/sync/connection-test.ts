// "Testar conexão": one authenticated, read-only request to a remote service, and what its answer
// says about the base URL and AppID the owner typed. The request is GET /api/v1/company (the same
// read the counter makes for receipt headers), sent through HttpServiceClient so the headers,
// timeout and network-failure vocabulary are the sync path's own. The AppID never appears in a
// message or a detail: an answer that echoes it has it masked.
import type { ConnectionCheck } from '../../shared/pos-api';
import { HttpServiceClient, normalizeBaseUrl } from './http-service-client';
import type { ServiceOutcome } from './service-outcome';

export interface ConnectionTarget {
  baseUrl: string;
  appId: string;
}

export interface ConnectionTestOptions {
  /** A few seconds by default: the owner is waiting in front of the settings screen. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const CONNECTION_TEST_TIMEOUT_MS = 5_000;

const EXCERPT_LENGTH = 140;

/** What came back over the wire, seen before the client turned it into an outcome. */
interface Answer {
  status: number;
  contentType: string;
  excerpt: string;
}

export async function testConnection(target: ConnectionTarget, options: ConnectionTestOptions = {}): Promise<ConnectionCheck> {
  const baseUrl = normalizeBaseUrl(target.baseUrl.trim());
  const timeoutMs = options.timeoutMs ?? CONNECTION_TEST_TIMEOUT_MS;
  const fetchImpl = options.fetch ?? fetch;
  let answer: Answer | undefined;
  // The client keeps only what the sync path needs (status, the service's `error`); telling an
  // HTML page from the service's JSON needs the content type and the first words of the body.
  const recording: typeof fetch = async (input, init) => {
    const response = await fetchImpl(input, init);
    const text = await response.clone().text();
    answer = { status: response.status, contentType: response.headers.get('content-type') ?? '', excerpt: excerptOf(text, target.appId) };
    return response;
  };
  const client = new HttpServiceClient({ baseUrl, appId: target.appId, timeoutMs, fetch: recording });
  const outcome = (await client.call('getCompany')) as ServiceOutcome<unknown>;
  return classify(outcome, answer, { baseUrl, timeoutMs });
}

interface Context {
  baseUrl: string;
  timeoutMs: number;
}

function classify(outcome: ServiceOutcome<unknown>, answer: Answer | undefined, context: Context): ConnectionCheck {
  if (!answer) return unreachable(outcome, context);
  const detail = `HTTP ${answer.status}${answer.excerpt ? ` · ${answer.excerpt}` : ''}`;
  if (looksLikeHtml(answer)) return wrongPath(context, detail);
  if (outcome.kind === 'ok') {
    const name = companyNameOf(outcome.body);
    if (name === undefined) {
      return {
        ok: false,
        problem: 'unexpected',
        message: `${hostOf(context)} respondeu, mas não como um serviço Pix (a resposta não traz a empresa). Confira a URL base.`,
        detail,
      };
    }
    return { ok: true, message: name ? `Conexão ok: ${name}.` : 'Conexão ok.', ...(name ? { companyName: name } : {}), detail: `HTTP ${answer.status}` };
  }
  if (outcome.kind === 'auth') {
    // A missing scope proves the AppID itself was accepted: the counter sells without reading the
    // company (receipts then use the shop name from the settings), as the sync path already does.
    if (outcome.status === 403 && /required scope/i.test(outcome.error)) {
      return {
        ok: true,
        message: 'Conexão ok: o serviço aceitou o AppID. Ele não pode ler os dados da empresa; os recibos usam o nome da loja destas configurações.',
        detail,
      };
    }
    return {
      ok: false,
      problem: 'refused-app-id',
      message:
        outcome.status === 401
          ? 'O serviço Pix recusou o AppID. Copie de novo o AppID do aplicativo no painel do serviço, inteiro, e confira se é do mesmo ambiente (sandbox ou produção) que a URL base.'
          : 'O serviço Pix recusou este AppID para esta operação (sem permissão). Confira as permissões do aplicativo no painel do serviço e se este computador pode usá-lo.',
      detail,
    };
  }
  if (answer.status === 404 || (outcome.kind === 'rejected' && /^Route [A-Z]+ \S+ not found$/.test(outcome.error))) {
    return wrongPath(context, detail);
  }
  return {
    ok: false,
    problem: 'unexpected',
    message:
      answer.status >= 500 || answer.status === 429
        ? `O serviço em ${hostOf(context)} está com problemas agora (HTTP ${answer.status}). Tente de novo em alguns minutos.`
        : `${hostOf(context)} respondeu de um jeito que o Balcão não reconhece. Confira a URL base e tente de novo.`,
    detail,
  };
}

function unreachable(outcome: ServiceOutcome<unknown>, context: Context): ConnectionCheck {
  const code = outcome.kind === 'not-sent' || outcome.kind === 'unknown' ? outcome.detail : outcome.kind;
  const host = hostOf(context);
  let message: string;
  if (code === 'TimeoutError' || code === 'AbortError') {
    message = `${host} não respondeu em ${durationText(context.timeoutMs)}. Confira a internet desta máquina e a URL base; o serviço pode estar fora do ar.`;
  } else if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    message = `O endereço ${host} não foi encontrado. Confira se a URL base está escrita certa e se esta máquina tem internet.`;
  } else if (/CERT|TLS|SSL|EPROTO/i.test(code)) {
    message = `A conexão segura com ${host} falhou (certificado ou protocolo). Confira se a URL base está certa, com https:// para o serviço.`;
  } else {
    message = `Nada respondeu em ${host}. Confira a URL base (endereço e porta) e a internet desta máquina; o serviço pode estar fora do ar.`;
  }
  return { ok: false, problem: 'unreachable', message, detail: code === 'TimeoutError' ? `sem resposta em ${context.timeoutMs} ms` : code };
}

function wrongPath(context: Context, detail: string): ConnectionCheck {
  const path = pathOf(context.baseUrl);
  // What the owner typed, said back: the most common slip is pasting an endpoint, not the server.
  const hint = /\/api(\/v1)?$/i.test(path)
    ? `A URL base termina em "${path.match(/\/api(\/v1)?$/i)![0]}", e o Balcão já acrescenta /api/v1: apague essa parte (ex.: https://api.woovi.com).`
    : path !== ''
      ? `Confira a URL base: ela é só o endereço do serviço, sem caminho depois (ex.: https://api.woovi.com), e não "${path}".`
      : 'Confira a URL base: ela deve ser o endereço da API do serviço Pix (ex.: https://api.woovi.com), não o do site ou do painel.';
  return { ok: false, problem: 'wrong-path', message: `${hostOf(context)} respondeu, mas ali não está a API do serviço Pix. ${hint}`, detail };
}

function companyNameOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || !('company' in body)) return undefined;
  const company = (body as { company: unknown }).company;
  if (!company || typeof company !== 'object') return undefined;
  const { tradeName, officialName } = company as { tradeName?: unknown; officialName?: unknown };
  const name = [tradeName, officialName].find((value): value is string => typeof value === 'string' && value.trim() !== '');
  return name?.trim() ?? '';
}

function looksLikeHtml(answer: Answer): boolean {
  return /text\/html/i.test(answer.contentType) || /^<(!doctype|html|head|body)\b/i.test(answer.excerpt);
}

function durationText(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = Math.round(ms / 1000);
  return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
}

function hostOf(context: Context): string {
  try {
    return new URL(context.baseUrl).host;
  } catch {
    return context.baseUrl;
  }
}

function pathOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

/** The first words of an answer, on one line, with the AppID masked should the answer echo it. */
function excerptOf(text: string, appId: string): string {
  let plain = text.replace(/\s+/g, ' ').trim();
  if (appId) plain = plain.split(appId).join('•••');
  return plain.length > EXCERPT_LENGTH ? `${plain.slice(0, EXCERPT_LENGTH - 1)}…` : plain;
}
