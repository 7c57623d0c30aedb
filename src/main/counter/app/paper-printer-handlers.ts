// "Testar impressora" in Configurações: the test slip (lib/receipts/paper/test-slip.ts) printed
// on the receipt printer the form names, before it is saved, through the same transport as the
// receipts, and what the printer answered, for the owner to read. And "Abrir gaveta": the cash
// drawer's kick, through the printer it hangs on.
import { encodeJob, encodePaper, printableFor } from '#lib/receipts/paper/escpos-encode';
import { PRINTER_PROFILES } from '#lib/receipts/paper/printer-profiles';
import { testSlip } from '#lib/receipts/paper/test-slip';
import { parsePrinterAddress } from '#shared/counter/paper-printer';
import type { HandlerGroup } from '../ports/counter-handler-port';
import type { PaperPrinter } from '../printing/paper-printer';
import { printRaw, problemOf } from '../printing/raw-printer';

export function createPaperPrinterHandlers(deps: {
  now: () => Date;
  printer: () => PaperPrinter | null;
  /** The register's check of a manager's PIN (PIN_REFUSED, OPERATOR_LOCKED, NOT_A_MANAGER…). */
  approve: (approval: { operatorId: string; pin: string }) => Promise<unknown>;
}): HandlerGroup {
  return {
    // The drawer hangs on the printer's drawer port: its kick (ESC p, or Bematech's ESC v) goes
    // through the printer like a job with nothing to print, confirmed the same way.
    async openCashDrawer({ manager }) {
      // The adapter only saw that an approval came (counter-call.ts admit): its PIN is checked
      // here, before the drawer opens, as every manager's action checks it.
      if (manager) await deps.approve(manager);
      const printer = deps.printer();
      if (!printer) return { opened: false, problem: 'no-printer' };
      const body = encodePaper({ columns: printer.columns, blocks: [{ kind: 'pulse' }] }, printer.profile);
      const outcome = await printRaw(
        printer.address,
        { body, cut: new Uint8Array() },
        { language: printer.profile.language },
      );
      if (outcome.kind === 'printed') return { opened: true };
      return { opened: false, problem: problemOf(outcome) };
    },

    async testPaperPrinter({ address, profile, columns }) {
      // The schema checked the address already: this cannot be null.
      const target = parsePrinterAddress(address)!;
      const printerProfile = PRINTER_PROFILES[profile];
      const slip = testSlip(printerProfile, columns, deps.now(), printableFor(printerProfile));
      const outcome = await printRaw(target, encodeJob(slip, printerProfile), { language: printerProfile.language });
      if (outcome.kind === 'printed')
        return { printed: true, paperNearEnd: outcome.paperNearEnd, ...(outcome.unconfirmed && { unconfirmed: true }) };
      return { printed: false, problem: problemOf(outcome) };
    },
  };
}
