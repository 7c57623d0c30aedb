// The renderer's single handle on the main process. Set once at startup from installCounterApi()
// (window.counter under Electron, the web bridge in the browser host); stores read it here.
import i18next from 'i18next';
import type { CounterApi } from '#shared/counter/counter-api';
import { counterErrorBodyOf } from '#shared/counter/counter-errors';
import { counterErrorText } from '../lib/counter-error-text';
import type { Translate } from '../lib/translate';

let installed: CounterApi | null = null;

export function provideCounterApi(api: CounterApi): void {
  installed = api;
}

export function counterApi(): CounterApi {
  if (!installed) throw new Error('CounterApi not installed yet');
  return installed;
}

/**
 * What the cashier reads for a failed call, in the current language: the error is the counter's
 * `{ code, message?, details? }` in both hosts (see lib/counter-error-text.ts). An Error this
 * screen threw itself says its own words (a PIN dialog closed with Esc); anything else reads as an
 * internal error.
 */
export function errorMessage(error: unknown): string {
  const refusal = counterErrorBodyOf(error);
  if (!refusal && error instanceof Error && error.message) return error.message;
  const translate = i18next.t.bind(i18next) as unknown as Translate;
  return counterErrorText(refusal ?? { code: 'INTERNAL' }, translate);
}
