// The receipt printer the settings name: where it is, what it speaks, its paper. One reading of
// the settings for all that prints (the queue, the rules of what prints by itself, the test slip,
// the drawer), so "a printer is set" means the same everywhere.
import type { PrinterProfile } from '#lib/receipts/paper/printer-profiles';
import { PRINTER_PROFILES } from '#lib/receipts/paper/printer-profiles';
import type { Settings } from '#shared/counter/counter-api';
import { parsePrinterAddress, type PrinterAddress } from '#shared/counter/paper-printer';

export interface PaperPrinter {
  address: PrinterAddress;
  profile: PrinterProfile;
  columns: number;
}

/** The receipt printer the settings name, or null when none is set (or its address is no address). */
export function paperPrinterOf(settings: Pick<Settings, 'paperPrinter'>): PaperPrinter | null {
  const printer = settings.paperPrinter;
  const address = printer ? parsePrinterAddress(printer.address) : null;
  if (!printer || !address) return null;
  return { address, profile: PRINTER_PROFILES[printer.profile], columns: printer.columns };
}
