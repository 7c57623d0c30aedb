// What the cashier reads for an error of the counter: its code's text from the i18n catalogues
// (counterError.<CODE>, pt-BR and en), filled in from its details. The renderer's error is the
// same plain object in Electron and in the browser host, `{ code, message?, details? }`; anything
// else that was thrown (a bug, a lost bridge) reads as INTERNAL. `message` (main's pt-BR words)
// is never shown: the code says what happened, in the cashier's language. Pure: tested in Node.
import { counterErrorBodyOf, type CounterErrorBody, type CounterErrorCode } from '#shared/counter/counter-errors';
import { formatBRL } from '#shared/lib/money';
import { closingWarningText } from './closing-warning-text';
import { connectionVerdictText, leftBehindText } from './connection-check-text';
import { offlineRefusalText } from './offline-refusal-text';
import type { Translate } from './translate';

/** Any caught value as the counter's error body (INTERNAL when it is not one). */
export function counterErrorOf(caught: unknown): CounterErrorBody {
  return counterErrorBodyOf(caught) ?? { code: 'INTERNAL' };
}

/** The code of a caught value, or undefined when it is not a counter error. */
export function counterErrorCode(caught: unknown): CounterErrorCode | undefined {
  return counterErrorBodyOf(caught)?.code;
}

export function counterErrorText(error: CounterErrorBody, t: Translate): string {
  let values: Record<string, unknown>;
  try {
    values = interpolation(error, t);
  } catch {
    // Details missing from a reply main did not make (a bridge in the middle): the code still reads.
    values = {};
  }
  return t(`counterError.${error.code}`, values);
}

/** The values each text takes: the details, made readable where the catalogue needs words. */
function interpolation(error: CounterErrorBody, t: Translate): Record<string, unknown> {
  switch (error.code) {
    case 'INVALID_INPUT':
      return { ...error.details, ...(error.details.path ? { context: 'field' } : {}) };
    case 'OPERATOR_LOCKED':
      return { ...error.details, wait: waitText(error.details.seconds, t) };
    case 'CLOSE_NEEDS_CONFIRMATION':
      return { warnings: error.details.warnings.map((warning) => closingWarningText(warning, t)).join(' ') };
    case 'OFFLINE_SALE_REFUSED':
      return { reason: offlineRefusalText(error.details.refusal, t) };
    case 'CONNECTION_TEST_FAILED': {
      // A test charge the check could not remove is said too: the refusal is all the owner reads.
      const { verdict, leftBehind } = error.details;
      const left = leftBehind?.length ? ` ${leftBehindText(leftBehind, t)}` : '';
      return { verdict: `${connectionVerdictText(verdict, t)}${left}` };
    }
    case 'SERVICE_NOT_CONFIGURED': {
      const { mode, missing } = error.details;
      if (!mode) return {};
      return {
        context: 'mode',
        modeName: t(`counterError.notConfigured.modes.${mode}`),
        what: missing.map((part) => t(`counterError.notConfigured.missing.${part}`)).join(t('counterError.and')),
      };
    }
    case 'COMMANDS_QUEUED':
      return { count: error.details.count };
    case 'REFUND_TOO_LARGE':
      return { refundable: formatBRL(error.details.refundable) };
    case 'SALE_ON_SCREEN':
      return { value: formatBRL(error.details.value) };
    case 'DECISION_DOES_NOT_FIT':
      return { fits: error.details.fits.map((fit) => t(`offlineReview.decisions.${fit}`)).join(t('counterError.or')) };
    default:
      return { ...error.details };
  }
}

/** "30 segundos", "5 minutos", as the main process counts them (whole seconds under a minute, else whole minutes up). */
function waitText(seconds: number, t: Translate): string {
  if (seconds < 60) return t('counterError.wait.seconds', { count: seconds });
  return t('counterError.wait.minutes', { count: Math.ceil(seconds / 60) });
}
