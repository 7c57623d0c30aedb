// What "Imprimir" and "Salvar PDF" tell the cashier, the same for a receipt (receipts/) and a
// register report (register/, after closing and in "Caixas fechados").
import type { TFunction } from 'i18next';
import type { PrintResult, ReceiptFile } from '#shared/counter/counter-api';
import { downloadPdf } from './pdf-download';
import { errorMessage } from './counter-api';

export interface OutputMessage {
  tone: 'info' | 'warn' | 'error';
  text: string;
}

/** Printed, or why the printer did not take it (a warning: the PDF can still be saved). */
export function printOutcome(result: PrintResult, t: TFunction): OutputMessage {
  return result.printed
    ? { tone: 'info', text: t('receipt.printed') }
    : { tone: 'warn', text: t('receipt.notPrinted', { reason: result.reason ?? '' }) };
}

/** Downloads the PDF and says under which name. */
export function savePdf(file: ReceiptFile, t: TFunction): OutputMessage {
  downloadPdf(file);
  return { tone: 'info', text: t('receipt.saved', { fileName: file.fileName }) };
}

/** A call that failed (fetching, printing), in the cashier's language. */
export function outputFailure(error: unknown): OutputMessage {
  return { tone: 'error', text: errorMessage(error) };
}
