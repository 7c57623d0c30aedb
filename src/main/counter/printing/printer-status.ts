// How a printer is asked whether it can print, and whether it has printed what it was sent, in
// the language its profile names (printer-profiles.ts):
// - ESC/POS: DLE EOT 1, 2 and 4 answer at once (online, cover, paper); GS r 1 is answered in
//   turn, after everything sent before it has printed, so its answer proves the paper.
// - ESC/Daruma: ENQ and GS ENQ answer at once (ACBr's ACBrEscDaruma reads the same bits). It has
//   no command answered in turn, so "printed" is the first answer, after the job, that says the
//   printer holds nothing to print and has no fault. Weaker than GS r: it says the printer took
//   the bytes and went idle, which a printer that has not begun yet also says for an instant.
import type { PrinterLanguage } from '#lib/receipts/paper/printer-profiles';
import type { PrinterLink } from './printer-link';

/** Why a printer cannot print now, in the words the status bar uses. */
export type PrinterProblem = 'offline' | 'paper-out' | 'cover-open';

export type PrinterCondition = { ready: true; paperNearEnd: boolean } | { ready: false; problem: PrinterProblem };

export type NoCondition = { reason: 'no-answer' | 'not-a-printer'; detail: string };

export interface StatusDialect {
  /** Whether the printer can print now; anything but its status answer is no printer. */
  condition(link: PrinterLink, timeoutMs: number): Promise<PrinterCondition | NoCondition>;
  /** Resolves once all sent before has printed; rejects at the deadline or when the line ends. */
  printed(link: PrinterLink, timeoutMs: number): Promise<{ paperNearEnd: boolean }>;
}

const DLE = 0x10;
const EOT = 0x04;
const GS = 0x1d;
const ENQ = 0x05;

const escPos: StatusDialect = {
  async condition(link, timeoutMs) {
    link.write(Uint8Array.of(DLE, EOT, 1, DLE, EOT, 2, DLE, EOT, 4));
    let answer: Uint8Array;
    try {
      answer = await link.read(3, timeoutMs);
    } catch (error) {
      return { reason: 'no-answer', detail: describe(error) };
    }
    // Every ESC/POS status byte has bits 1 and 4 set and bits 0 and 7 clear.
    if (![...answer].every((byte) => (byte & 0x93) === 0x12))
      return { reason: 'not-a-printer', detail: `answered ${Buffer.from(answer).toString('hex')}` };
    const [printer, offlineCause, paperSensor] = answer as unknown as [number, number, number];
    if ((paperSensor & 0x60) !== 0 || (offlineCause & 0x20) !== 0) return { ready: false, problem: 'paper-out' };
    if ((offlineCause & 0x04) !== 0) return { ready: false, problem: 'cover-open' };
    if ((printer & 0x08) !== 0) return { ready: false, problem: 'offline' };
    return { ready: true, paperNearEnd: (paperSensor & 0x0c) !== 0 };
  },

  async printed(link, timeoutMs) {
    link.write(Uint8Array.of(GS, 0x72, 1));
    const [paper] = await link.read(1, timeoutMs);
    return { paperNearEnd: (paper! & 0x03) !== 0 };
  },
};

/** ENQ's and GS ENQ's bits, read as ACBr reads them. */
function darumaState(enq: number, gsEnq: number): { condition: PrinterCondition; busy: boolean } {
  const busy = (enq & 0x01) !== 0;
  if ((enq & 0x80) !== 0 || (gsEnq & 0x10) === 0) return { condition: { ready: false, problem: 'cover-open' }, busy };
  if ((enq & 0x20) !== 0 || (gsEnq & 0x02) !== 0) return { condition: { ready: false, problem: 'paper-out' }, busy };
  if ((enq & 0x10) === 0 || (enq & 0x08) !== 0 || (gsEnq & 0x48) !== 0)
    return { condition: { ready: false, problem: 'offline' }, busy };
  return { condition: { ready: true, paperNearEnd: (gsEnq & 0x01) !== 0 }, busy };
}

async function askDaruma(
  link: PrinterLink,
  timeoutMs: number,
): Promise<{ condition: PrinterCondition; busy: boolean }> {
  link.write(Uint8Array.of(ENQ, GS, ENQ));
  const [enq, gsEnq] = await link.read(2, timeoutMs);
  return darumaState(enq!, gsEnq!);
}

/** How often a Daruma is asked whether it is done. */
const DARUMA_POLL_MS = 100;

const escDaruma: StatusDialect = {
  async condition(link, timeoutMs) {
    try {
      return (await askDaruma(link, timeoutMs)).condition;
    } catch (error) {
      return { reason: 'no-answer', detail: describe(error) };
    }
  },

  async printed(link, timeoutMs) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { condition, busy } = await askDaruma(link, Math.max(1, deadline - Date.now()));
      if (condition.ready && !busy) return { paperNearEnd: condition.paperNearEnd };
      if (Date.now() + DARUMA_POLL_MS >= deadline)
        throw new Error(condition.ready ? 'still printing at the deadline' : condition.problem);
      await new Promise((resolve) => setTimeout(resolve, DARUMA_POLL_MS));
    }
  },
};

export const STATUS_DIALECTS: Record<PrinterLanguage, StatusDialect> = { 'esc-pos': escPos, 'esc-daruma': escDaruma };

export function describe(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') return error.code;
  return error instanceof Error ? error.message : String(error);
}
