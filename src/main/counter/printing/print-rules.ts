// What prints by itself, written where the triggers that owe the jobs read it (print_rules, in
// counter.db): from the settings at start and at every save, so a job is owed for an event only if
// it was to print when the event happened, and a printer set up later does not print the past.
import type { Db } from '#lib/store/database';
import type { Settings } from '#shared/counter/counter-api';
import { paperPrinterOf } from './paper-printer';

export function writePrintRules(db: Db, settings: Pick<Settings, 'paperPrinter'>): void {
  const printer = settings.paperPrinter;
  const printing = printer !== undefined && paperPrinterOf(settings) !== null;
  db.transaction(() => {
    db.prepare('DELETE FROM print_rules').run();
    const insert = db.prepare<[string, number]>('INSERT INTO print_rules (document, copies) VALUES (?, ?)');
    if (printing && printer.printWhenPaid) insert.run('sale-receipt', printer.copies);
    if (printing && printer.printWhenRefunded) insert.run('refund-slip', printer.copies);
    if (printing && printer.printWhenClosed) insert.run('register-report', 1);
    // One slip, whatever the receipt's copies: it is the customer's, to pay with.
    if (printing && printer.printWhenCharged) insert.run('charge-qr', 1);
  })();
}
