// What main sends as codes and data where it used to send pt-BR sentences (the offline caps'
// refusals, the closing warnings, "Testar conexão"'s verdict), said in both languages: every
// variant has its text with every placeholder filled, and the pt-BR reads word for word as the
// sentences main used to send (the e2e tests read them on screen).
import { beforeAll, describe, expect, it } from 'vitest';
import { closingWarningText } from '#renderer/lib/closing-warning-text';
import { connectionDetailText, connectionVerdictText, leftBehindText } from '#renderer/lib/connection-check-text';
import type { Translate } from '#renderer/lib/translate';
import { catalogueTranslators } from './catalogue-translators';
import { offlineRefusalText } from '#renderer/lib/offline-refusal-text';
import type {
  ClosingWarning,
  ConnectionDetail,
  ConnectionLeftBehind,
  ConnectionVerdict,
  OfflineRefusal,
} from '#shared/counter/counter-api';
import { COUNTER_FEATURES } from '#shared/counter/value-sets';

const REFUSALS: OfflineRefusal[] = [
  { reason: 'keyUnconfirmed' },
  { reason: 'keysRefused', serviceError: 'Acesso não permitido' },
  { reason: 'keyNotInAccount', key: 'outra@example.com' },
  { reason: 'noDefaultKey' },
  { reason: 'saleCap', maxSaleValue: 10_000 },
  { reason: 'totalCap', maxUnconfirmedTotal: 30_000, room: 5_000, unconfirmedCount: 3 },
  { reason: 'totalCap', maxUnconfirmedTotal: 30_000, room: 0, unconfirmedCount: 1 },
  { reason: 'totalCap', maxUnconfirmedTotal: 30_000, room: 0, unconfirmedCount: 0 },
  { reason: 'tooOld', maxAgeMinutes: 90 },
  { reason: 'tooOld', maxAgeMinutes: 120 },
];

const WARNINGS: ClosingWarning[] = [
  { kind: 'queuedCommands', count: 1 },
  { kind: 'queuedCommands', count: 4 },
  { kind: 'unconfirmedOffline', count: 1, value: 1_500 },
  { kind: 'unconfirmedOffline', count: 2, value: 3_000 },
  { kind: 'awaitingPayment', count: 1, value: 1_234 },
  { kind: 'awaitingPayment', count: 3, value: 9_999 },
];

const HOST = '127.0.0.1:4010';
const VERDICTS: ConnectionVerdict[] = [
  { code: 'ok', company: 'named', companyName: 'Loja Sol', missingFeatures: [], missingCount: 0 },
  { code: 'ok', company: 'unnamed', missingFeatures: [], missingCount: 0 },
  { code: 'ok', company: 'unread', missingFeatures: ['cancel', 'offline', 'receipts'], missingCount: 3 },
  { code: 'ok', company: 'named', companyName: 'Loja Sol', missingFeatures: ['refunds'], missingCount: 1 },
  { code: 'ok', company: 'named', companyName: 'Loja Sol', missingFeatures: [...COUNTER_FEATURES], missingCount: 9 },
  { code: 'notPixService', host: HOST },
  { code: 'unrecognized', host: HOST },
  { code: 'appIdRefused' },
  { code: 'appIdForbidden' },
  { code: 'serviceTrouble', host: HOST, status: 503 },
  { code: 'timeout', host: HOST, timeoutMs: 400 },
  { code: 'timeout', host: HOST, timeoutMs: 5_000 },
  { code: 'hostNotFound', host: HOST },
  { code: 'tlsFailed', host: HOST },
  { code: 'nothingAnswered', host: HOST },
  { code: 'wrongPath', host: HOST, hint: 'apiSuffix', path: '/api/v1' },
  { code: 'wrongPath', host: HOST, hint: 'extraPath', path: '/painel' },
  { code: 'wrongPath', host: HOST, hint: 'noPath', path: '' },
  { code: 'midwayServerError', host: HOST, status: 502 },
  { code: 'midwayTimeout', host: HOST },
  { code: 'midwayNetwork', host: HOST },
  { code: 'sellingScopesMissing', scopes: ['CHARGE_POST'] },
  { code: 'sellingScopesMissing', scopes: ['CHARGE_POST', 'CHARGE_GET', 'CHARGE_GET_LIST'] },
  { code: 'testChargeRefused', serviceError: 'Account has no Pix key' },
];

const DETAILS: ConnectionDetail[] = [
  { kind: 'http', status: 401, excerpt: '{"error":"Invalid appID"}' },
  { kind: 'http', status: 200 },
  { kind: 'noAnswer', timeoutMs: 400, perRequest: false },
  { kind: 'noAnswer', timeoutMs: 1_000, perRequest: true },
  { kind: 'noAnswer', timeoutMs: 5_000, perRequest: true },
  { kind: 'network', code: 'ECONNREFUSED' },
];

const CHARGE = 'balcao-teste-conexao-1';
const LEFT_BEHIND: ConnectionLeftBehind[] = [
  { kind: 'testCharge', correlationID: CHARGE, created: true, cause: 'noDeleteScope' },
  { kind: 'testCharge', correlationID: CHARGE, created: true, cause: 'deleteRefused', serviceError: 'Locked' },
  { kind: 'testCharge', correlationID: CHARGE, created: true, cause: 'connectionFailed' },
  { kind: 'testCharge', correlationID: CHARGE, created: false, cause: 'connectionFailed' },
  { kind: 'testCharge', correlationID: CHARGE, created: false, cause: 'noDeleteScope' },
  { kind: 'unexpectedWrite', what: 'refund', correlationID: `${CHARGE}-inexistente` },
  { kind: 'unexpectedWrite', what: 'staticQrCode', correlationID: `${CHARGE}-inexistente` },
];

let say: Record<'pt-BR' | 'en', Translate>;

beforeAll(async () => {
  say = await catalogueTranslators();
});

/**
 * One line per text, in both languages: each filled in, and English not the Portuguese again
 * (except what no language words: an HTTP status and excerpt, a network error's code).
 */
function expectSaidInBoth<T>(
  samples: readonly T[],
  text: (sample: T, t: Translate) => string,
  wordless: (sample: T) => boolean = () => false,
): void {
  for (const sample of samples) {
    const [pt, english] = [text(sample, say['pt-BR']), text(sample, say.en)];
    for (const said of [pt, english]) {
      expect(said, JSON.stringify(sample)).not.toMatch(
        /\{\{|\}\}|undefined|\[object|settings\.|offlineRefusal\.|register\./,
      );
      expect(said.trim().length, JSON.stringify(sample)).toBeGreaterThan(3);
    }
    if (!wordless(sample)) expect(english, JSON.stringify(sample)).not.toBe(pt);
  }
}

const spaces = (text: string) => text.replace(/\s+/g, ' ');

describe('offline refusals', () => {
  it('reads every refusal in pt-BR and in en', () => {
    expectSaidInBoth(REFUSALS, offlineRefusalText);
  });

  it('says in pt-BR what main used to say, the room left and the sales waiting included', () => {
    const pt = (refusal: OfflineRefusal) => spaces(offlineRefusalText(refusal, say['pt-BR']));
    expect(pt(REFUSALS[4]!)).toBe('venda offline acima do limite de R$ 100,00 por venda.');
    expect(pt(REFUSALS[5]!)).toBe(
      'limite de vendas offline sem confirmação: R$ 300,00. Restam R$ 50,00 (3 vendas aguardam confirmação).',
    );
    expect(pt(REFUSALS[6]!)).toMatch(/Restam R\$ 0,00 \(1 venda aguarda confirmação\)\.$/);
    expect(pt(REFUSALS[7]!)).toMatch(/\(0 vendas aguardam confirmação\)\.$/);
    expect(pt(REFUSALS[8]!)).toMatch(/^a venda offline mais antiga sem confirmação passou de 90 min\. Conecte/);
    expect(pt(REFUSALS[9]!)).toMatch(/passou de 2 h\./);
    expect(pt(REFUSALS[1]!)).toBe('o serviço não listou as chaves Pix da conta (Acesso não permitido)');
    expect(spaces(offlineRefusalText(REFUSALS[5]!, say.en))).toBe(
      'limit of unconfirmed offline sales: R$ 300,00. R$ 50,00 left (3 sales waiting for confirmation).',
    );
  });
});

describe('closing warnings', () => {
  it('reads every warning in pt-BR and in en, one and many', () => {
    expectSaidInBoth(WARNINGS, closingWarningText);
  });

  it('says in pt-BR what main used to say', () => {
    const pt = (warning: ClosingWarning) => spaces(closingWarningText(warning, say['pt-BR']));
    expect(pt(WARNINGS[0]!)).toBe(
      '1 operação aguardando envio ao serviço Pix: os valores podem mudar quando o serviço responder.',
    );
    expect(pt(WARNINGS[1]!)).toMatch(/^4 operações aguardando envio/);
    expect(pt(WARNINGS[3]!)).toBe(
      '2 vendas offline ainda não confirmadas (R$ 30,00): não entram no total até a confirmação.',
    );
    expect(pt(WARNINGS[4]!)).toBe('1 venda aguardando pagamento (R$ 12,34).');
    expect(spaces(closingWarningText(WARNINGS[5]!, say.en))).toBe('3 sales waiting for payment (R$ 99,99).');
  });
});

describe('"Testar conexão"', () => {
  it('reads every verdict, details line and thing left behind in pt-BR and in en', () => {
    expectSaidInBoth(VERDICTS, connectionVerdictText);
    expectSaidInBoth(DETAILS, connectionDetailText, (detail) => detail.kind !== 'noAnswer');
    expectSaidInBoth(
      LEFT_BEHIND.map((item) => [item]),
      leftBehindText,
    );
  });

  it('says in pt-BR what main used to say', () => {
    const pt = (verdict: ConnectionVerdict) => connectionVerdictText(verdict, say['pt-BR']);
    expect(pt(VERDICTS[0]!)).toBe('Conexão ok: Loja Sol.');
    expect(pt(VERDICTS[1]!)).toBe('Conexão ok.');
    expect(pt(VERDICTS[2]!)).toBe(
      'Conexão ok: o serviço aceitou o AppID. O Balcão vende, mas faltam 3 permissões ao AppID, e fica sem: cancelar vendas no serviço, vendas offline e nome da empresa nos recibos. Para ter tudo, dê ao aplicativo as permissões que faltam no painel do serviço e teste de novo.',
    );
    expect(pt(VERDICTS[3]!)).toMatch(/mas falta 1 permissão ao AppID, e fica sem: estornos\./);
    expect(pt(VERDICTS[7]!)).toMatch(/^O serviço Pix recusou o AppID\. Copie de novo o AppID/);
    expect(pt(VERDICTS[10]!)).toMatch(/^127\.0\.0\.1:4010 não respondeu em 400 ms\./);
    expect(pt(VERDICTS[11]!)).toMatch(/não respondeu em 5 segundos\./);
    expect(pt(VERDICTS[14]!)).toMatch(/^Nada respondeu em 127\.0\.0\.1:4010\. Confira a URL base/);
    expect(pt(VERDICTS[15]!)).toBe(
      '127.0.0.1:4010 respondeu, mas ali não está a API do serviço Pix. A URL base termina em "/api/v1", e o Balcão já acrescenta /api/v1: apague essa parte (ex.: https://api.woovi.com).',
    );
    expect(pt(VERDICTS[22]!)).toMatch(
      /^O serviço aceitou o AppID, mas sem CHARGE_POST, CHARGE_GET e CHARGE_GET_LIST o Balcão/,
    );
    expect(connectionVerdictText(VERDICTS[22]!, say.en)).toMatch(/without CHARGE_POST, CHARGE_GET and CHARGE_GET_LIST/);

    const detail = (sample: ConnectionDetail) => connectionDetailText(sample, say['pt-BR']);
    expect(detail(DETAILS[0]!)).toBe('HTTP 401 · {"error":"Invalid appID"}');
    expect(detail(DETAILS[1]!)).toBe('HTTP 200');
    expect(detail(DETAILS[2]!)).toBe('sem resposta em 400 ms');
    expect(detail(DETAILS[3]!)).toBe('sem resposta a tempo (1 segundo por pedido)');
    expect(detail(DETAILS[5]!)).toBe('ECONNREFUSED');

    expect(leftBehindText([LEFT_BEHIND[0]!], say['pt-BR'])).toBe(
      `Ficou no serviço uma cobrança de teste de R$ 0,01 (correlationID ${CHARGE}): sem a permissão CHARGE_DELETE, o Balcão não pôde apagá-la. Ela vence sozinha em 5 minutos e ninguém precisa pagá-la; para removê-la já, apague-a no painel do serviço (Cobranças, pelo correlationID).`,
    );
    expect(leftBehindText([LEFT_BEHIND[3]!], say['pt-BR'])).toMatch(
      /^Talvez tenha ficado no serviço .*: a conexão falhou antes que o Balcão soubesse se ela foi criada\. Ela vence/,
    );
    expect(leftBehindText(LEFT_BEHIND.slice(5), say['pt-BR'])).toBe(
      `O serviço aceitou um pedido de teste que devia recusar e criou um estorno (correlationID ${CHARGE}-inexistente). Confira no painel do serviço e apague-o se puder. O serviço aceitou um pedido de teste que devia recusar e criou um QR Code estático (correlationID ${CHARGE}-inexistente). Confira no painel do serviço e apague-o se puder.`,
    );
  });
});
