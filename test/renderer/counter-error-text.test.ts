// Every error code the counter can answer has its text in both catalogues, filled in from its
// details, and the pt-BR texts read as the main process's own pt-BR words do.
import { beforeAll, describe, expect, it } from 'vitest';
import { counterErrorOf, counterErrorText } from '#renderer/lib/counter-error-text';
import type { Translate } from '#renderer/lib/translate';
import { catalogueTranslators } from './catalogue-translators';
import {
  COUNTER_ERROR_CODES,
  CounterError,
  type CounterErrorBody,
  type CounterErrorCode,
  type CounterErrorDetails,
} from '#shared/counter/counter-errors';

/** One body per code, with details where the code has them: a new code must be added here. */
const SAMPLES: {
  [C in CounterErrorCode]: [CounterErrorDetails<C>] extends [never] ? undefined : CounterErrorDetails<C>;
} = {
  INVALID_INPUT: { path: 'value', issue: 'Too small: expected number to be >=1' },
  INTERNAL: undefined,
  HOST_UNREACHABLE: undefined,
  TOKEN_REFUSED: undefined,
  ORIGIN_REFUSED: undefined,
  UNKNOWN_METHOD: { method: 'deleteEverything' },
  NOT_SIGNED_IN: undefined,
  MANAGER_REQUIRED: { context: 'refund' },
  PIN_REFUSED: { name: 'Marta' },
  OPERATOR_LOCKED: { name: 'Marta', seconds: 30 },
  OPERATOR_NOT_FOUND: undefined,
  NOT_A_MANAGER: { name: 'Ana' },
  FIRST_OPERATOR_MANAGER: undefined,
  OPERATOR_NAME_TAKEN: { name: 'Ana' },
  LAST_MANAGER: undefined,
  REGISTER_CLOSED: {},
  REGISTER_ALREADY_OPEN: { tillName: 'Caixa 1', openedBy: 'Marta' },
  SESSION_ALREADY_CLOSED: undefined,
  SESSION_NOT_FOUND: undefined,
  CLOSE_NEEDS_CONFIRMATION: { warnings: [{ kind: 'awaitingPayment', count: 1, value: 999 }] },
  COMMANDS_QUEUED: { count: 2 },
  APP_ID_REQUIRED: {},
  BASE_URL_REQUIRED: undefined,
  SAVED_APP_ID_ELSEWHERE: undefined,
  INVALID_PIX_KEY: { typed: 'loja@' },
  CONNECTION_TEST_FAILED: { problem: 'unreachable', verdict: { code: 'nothingAnswered', host: 'x.example' } },
  SETTINGS_REFUSED: { reason: 'Chave Pix inválida' },
  CUSTOMER_CONTACT_REQUIRED: undefined,
  SALE_NOT_FOUND: { correlationID: 'balcao-1' },
  SALE_NOT_WAITING: { context: 'cancel' },
  SALE_ALREADY_PAID: undefined,
  SALE_NOT_PAID: undefined,
  REFUND_TOO_LARGE: { refundable: 1000 },
  OFFLINE_REFUND_BY_BANK: undefined,
  SANDBOX_ONLY: undefined,
  NO_TRANSACTION_ID: undefined,
  RECEIPT_NOT_FOUND: undefined,
  NO_SERVICE_RECORDS: undefined,
  INVALID_DAY: { day: '2026-02-30' },
  DAYS_REVERSED: undefined,
  RANGE_TOO_LONG: { maxDays: 92, days: 93 },
  SERVICE_NOT_CONFIGURED: { mode: 'production', missing: ['appId'] },
  SERVICE_UNREACHABLE: undefined,
  SERVICE_REFUSED: { reason: 'O serviço Pix recusou: Charge not found' },
  OFFLINE_SALE_REFUSED: { refusal: { reason: 'saleCap', maxSaleValue: 50_000 } },
  NOT_AN_OFFLINE_SALE: undefined,
  NOT_UNDER_REVIEW: undefined,
  DECISION_DOES_NOT_FIT: { fits: ['paid', 'unpaid'] },
  RATE_LIMITED: { seconds: 30 },
  SALE_ON_SCREEN: { correlationID: 'balcao-1', value: 1234 },
  ORDER_NOT_FOUND: { orderId: 'PED-1' },
  ORDER_ALREADY_PAID: { orderId: 'PED-1' },
  INTEGRATION_NOT_FOUND: undefined,
};

function body(code: CounterErrorCode): CounterErrorBody {
  const details = SAMPLES[code];
  return (details === undefined ? { code } : { code, details }) as CounterErrorBody;
}

let translators: Record<'pt-BR' | 'en', Translate>;

beforeAll(async () => {
  translators = await catalogueTranslators();
});

describe('the text of every counter error', () => {
  it.each(COUNTER_ERROR_CODES)('%s reads in pt-BR and in en, every placeholder filled', (code) => {
    const texts = (['pt-BR', 'en'] as const).map((lng) => counterErrorText(body(code), translators[lng]));
    for (const text of texts) {
      expect(text).not.toMatch(/counterError|\{\{|\}\}|undefined|\[object/);
      expect(text.trim().length).toBeGreaterThan(3);
    }
    // The English is not the Portuguese again (the texts that are only the main process's pt-BR
    // verdict still put it in an English frame).
    expect(texts[1]).not.toBe(texts[0]);
  });

  it('says in pt-BR exactly what the main process says, so the screens read as they did', () => {
    const pt = translators['pt-BR'];
    const said = (error: CounterError) => counterErrorText(counterErrorOf(error.body()), pt);
    const cases: CounterError[] = [
      new CounterError('PIN_REFUSED', { name: 'Marta' }, 'PIN incorreto para Marta'),
      new CounterError(
        'OPERATOR_LOCKED',
        { name: 'Carla Dias', seconds: 30, context: 'justNow' },
        'PIN incorreto. Muitas tentativas erradas: Carla Dias está bloqueado por 30 segundos.',
      ),
      new CounterError(
        'OPERATOR_LOCKED',
        { name: 'Carla Dias', seconds: 61 },
        'Muitas tentativas erradas de PIN: Carla Dias está bloqueado por 2 minutos.',
      ),
      new CounterError(
        'COMMANDS_QUEUED',
        { count: 1 },
        'Há 1 operação aguardando envio ao serviço Pix atual. Elas ficam guardadas e serão enviadas quando o Balcão voltar a usar este serviço. Confirme para trocar.',
      ),
      new CounterError(
        'COMMANDS_QUEUED',
        { count: 3 },
        'Há 3 operações aguardando envio ao serviço Pix atual. Elas ficam guardadas e serão enviadas quando o Balcão voltar a usar este serviço. Confirme para trocar.',
      ),
      new CounterError(
        'CLOSE_NEEDS_CONFIRMATION',
        {
          warnings: [
            { kind: 'queuedCommands', count: 1 },
            { kind: 'awaitingPayment', count: 1, value: 1234 },
          ],
        },
        'Antes de fechar o caixa: 1 operação aguardando envio ao serviço Pix: os valores podem mudar quando o serviço responder. 1 venda aguardando pagamento (R$ 12,34). Confirme para fechar assim mesmo.',
      ),
      new CounterError(
        'OFFLINE_SALE_REFUSED',
        { refusal: { reason: 'saleCap', maxSaleValue: 1_000 } },
        'Sem conexão com o serviço Pix, e a venda offline não é possível: venda offline acima do limite de R$ 10,00 por venda.',
      ),
      new CounterError(
        'SERVICE_NOT_CONFIGURED',
        { mode: 'production', missing: ['appId'] },
        'Modo produção sem credenciais: nenhuma cobrança pode ser criada. Abra Configurações (F9) e informe o AppID.',
      ),
      new CounterError(
        'SERVICE_NOT_CONFIGURED',
        { mode: 'remote-sandbox', missing: ['baseUrl', 'appId'] },
        'Modo sandbox remoto sem credenciais: nenhuma cobrança pode ser criada. Abra Configurações (F9) e informe a URL do serviço Pix e o AppID.',
      ),
      new CounterError('SERVICE_NOT_CONFIGURED', { missing: [] }, 'Nenhum serviço Pix configurado'),
      new CounterError('REGISTER_CLOSED', { context: 'sell' }, 'O caixa está fechado. Abra o caixa para vender.'),
      new CounterError(
        'RANGE_TOO_LONG',
        { maxDays: 92, days: 93 },
        'Escolha um período de até 92 dias (o pedido tinha 93 dias)',
      ),
      new CounterError('INVALID_INPUT', { path: 'value', issue: 'Too small' }, 'Dados inválidos: value: Too small'),
      new CounterError('INVALID_INPUT', { path: '', issue: 'Invalid input' }, 'Dados inválidos: Invalid input'),
    ];
    for (const error of cases) expect(said(error).replace(/\s+/g, ' ')).toBe(error.message.replace(/\s+/g, ' '));
  });

  it('reads the English with the same data', () => {
    const en = translators.en;
    expect(counterErrorText(body('OPERATOR_LOCKED'), en)).toBe('Too many wrong PINs: Marta is locked for 30 seconds.');
    expect(counterErrorText({ code: 'COMMANDS_QUEUED', details: { count: 1 } }, en)).toMatch(/^1 operation is waiting/);
    expect(counterErrorText(body('REFUND_TOO_LARGE'), en)).toMatch(/\(R\$\s10,00\)$/);
    expect(counterErrorText(body('SALE_ON_SCREEN'), en)).toMatch(/^A sale of R\$\s12,34 is already waiting/);
    expect(counterErrorText(body('DECISION_DOES_NOT_FIT'), en)).toBe(
      `That decision does not fit here: use ${en('offlineReview.decisions.paid')} or ${en('offlineReview.decisions.unpaid')}`,
    );
  });

  it('reads anything that is not a counter error as INTERNAL, never as its own words', () => {
    for (const caught of [new Error('SQLITE_BUSY /home/x'), 'texto', null, { status: 500 }, { code: 'NOPE' }]) {
      expect(counterErrorOf(caught)).toEqual({ code: 'INTERNAL' });
    }
    expect(counterErrorText(counterErrorOf(new Error('x')), translators['pt-BR'])).toBe('Erro interno');
  });
});
