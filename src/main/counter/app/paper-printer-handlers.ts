// "Testar impressora" in Configurações: the test slip (lib/receipts/paper/test-slip.ts) printed
// on the receipt printer the form names, before it is saved, through the same transport as the
// receipts, and what the printer answered, for the owner to read.
import { encodeJob, printableFor } from '#lib/receipts/paper/escpos-encode';
import { PRINTER_PROFILES } from '#lib/receipts/paper/printer-profiles';
import { testSlip } from '#lib/receipts/paper/test-slip';
import { parsePrinterAddress } from '#shared/counter/paper-printer';
import type { HandlerGroup } from '../ports/counter-handler-port';
import { printRaw } from '../printing/raw-tcp-printer';

export function createPaperPrinterHandlers(deps: { now: () => Date }): HandlerGroup {
  return {
    async testPaperPrinter({ address, profile, columns }) {
      // The schema checked the address already: this cannot be null.
      const target = parsePrinterAddress(address)!;
      const printerProfile = PRINTER_PROFILES[profile];
      const slip = testSlip(printerProfile, columns, deps.now(), printableFor(printerProfile));
      const outcome = await printRaw(target, encodeJob(slip, printerProfile));
      if (outcome.kind === 'printed') return { printed: true, paperNearEnd: outcome.paperNearEnd };
      return { printed: false, problem: outcome.kind === 'interrupted' ? 'interrupted' : outcome.reason };
    },
  };
}
