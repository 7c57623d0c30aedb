// A receipt printer driven raw: on the shop's network on its TCP port, on a serial line, or
// written as a file (a Windows printer share, Linux's USB printer device): printer-link.ts. The
// bytes go straight to it, no driver between, and the steps below are the same on every line.
//
// A job is printed in three steps, each proven by the printer's own answer (printer-status.ts
// asks in the printer's language: ESC/POS or ESC/Daruma):
// 1. Whether it can print (online, cover shut, paper). Anything but a status answer means the
//    address is no printer.
// 2. The job's body, then "has all that printed?": the answer proves the body is on paper.
// 3. The cut, then the same question: the answer proves the receipt is cut and done.
// A connection lost in step 2 leaves a copy without its cut: printing the job again whole is the
// same receipt. Lost in step 3, the first copy may be whole: a second one must say "2ª via".
//
// A printer written as a file answers nothing: the job is held printed once the system took all
// its bytes (`unconfirmed`), which is what the Windows spooler or the kernel's driver promises,
// not the paper.
import type { PrinterLanguage } from '#lib/receipts/paper/printer-profiles';
import type { PrinterAddress } from '#shared/counter/paper-printer';
import { openPrinterLink, type PrinterLink } from './printer-link';
import {
  STATUS_DIALECTS,
  describe,
  type NoCondition,
  type PrinterCondition,
  type PrinterProblem,
} from './printer-status';

export type { PrinterAddress } from '#shared/counter/paper-printer';
export type { PrinterCondition, PrinterProblem } from './printer-status';

export type PrintOutcome =
  /** `unconfirmed`: a printer that answers nothing (a file): the system took the bytes, no more is known. */
  | { kind: 'printed'; paperNearEnd: boolean; unconfirmed?: true }
  /** Nothing of the job reached the printer: it can be printed later as if for the first time. */
  | { kind: 'not-printed'; reason: 'unreachable' | 'no-answer' | 'not-a-printer' | PrinterProblem; detail: string }
  /**
   * Some of the job went out and the printer never confirmed the end. `mayBeWhole`: the body was
   * confirmed printed and the cut sent, so the first copy may be complete.
   */
  | { kind: 'interrupted'; mayBeWhole: boolean; detail: string };

/** Why a job did not print, in the one word the screens translate (the status bar's, the test's, the drawer's). */
export function problemOf(outcome: Exclude<PrintOutcome, { kind: 'printed' }>): string {
  return outcome.kind === 'interrupted' ? 'interrupted' : outcome.reason;
}

export interface RawPrintOptions {
  /** The printer's command set, which its status is asked in (default ESC/POS). */
  language?: PrinterLanguage;
  /** Connecting (default 3 s). */
  connectTimeoutMs?: number;
  /** The status answer before printing, and each "printed?" answer's wait beyond the time the bytes take (default 3 s). */
  answerTimeoutMs?: number;
  /** The slowest printer waited for, in bytes a second: 1 KB/s by default (a serial printer at 9600 baud). */
  slowestBytesPerSecond?: number;
  /** Called once the printer confirmed the body, before the cut is sent: the moment to record it. */
  beforeCut?: () => void;
}

/** Prints one job's body and cut, each confirmed (see the top of this file). Never throws. */
export async function printRaw(
  address: PrinterAddress,
  job: { body: Uint8Array; cut: Uint8Array },
  options: RawPrintOptions = {},
): Promise<PrintOutcome> {
  const answerTimeoutMs = options.answerTimeoutMs ?? 3_000;
  const slowest = options.slowestBytesPerSecond ?? 1_024;
  const dialect = STATUS_DIALECTS[options.language ?? 'esc-pos'];
  const deadlineFor = (bytes: Uint8Array) => answerTimeoutMs + (bytes.length * 1000) / slowest;
  let link: PrinterLink;
  try {
    link = await openPrinterLink(address, options.connectTimeoutMs ?? 3_000);
  } catch (error) {
    return { kind: 'not-printed', reason: 'unreachable', detail: describe(error) };
  }
  try {
    if (link.answers) {
      const condition = await dialect.condition(link, answerTimeoutMs);
      if ('reason' in condition) return { kind: 'not-printed', ...condition };
      if (!condition.ready) return { kind: 'not-printed', reason: condition.problem, detail: condition.problem };
    }
    // With no answers, "printed" is "the system took the bytes".
    const printed = (bytes: Uint8Array) =>
      link.answers
        ? dialect.printed(link, deadlineFor(bytes))
        : link.flush(deadlineFor(bytes)).then(() => ({ paperNearEnd: false }));

    let bodyPrinted = false;
    try {
      link.write(job.body);
      await printed(job.body);
      bodyPrinted = true;
      options.beforeCut?.();
      link.write(job.cut);
      const { paperNearEnd } = await printed(job.cut);
      return link.answers ? { kind: 'printed', paperNearEnd } : { kind: 'printed', paperNearEnd, unconfirmed: true };
    } catch (error) {
      return { kind: 'interrupted', mayBeWhole: bodyPrinted, detail: describe(error) };
    }
  } finally {
    await link.close();
  }
}

/** Whether the printer at this address could print now. Never throws. */
export async function printerCondition(
  address: PrinterAddress,
  options: RawPrintOptions = {},
): Promise<PrinterCondition | NoCondition | { reason: 'unreachable'; detail: string }> {
  let link: PrinterLink;
  try {
    link = await openPrinterLink(address, options.connectTimeoutMs ?? 3_000);
  } catch (error) {
    return { reason: 'unreachable', detail: describe(error) };
  }
  try {
    if (!link.answers) return { reason: 'no-answer', detail: 'a printer written as a file sends no status' };
    return await STATUS_DIALECTS[options.language ?? 'esc-pos'].condition(link, options.answerTimeoutMs ?? 3_000);
  } finally {
    await link.close();
  }
}
