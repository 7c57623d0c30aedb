// The printing port: how the counter prints its receipts and the register's reports. Declared here,
// beside the layers rather than in one of them, so app/ and register/ both name it. Electron
// supplies a real one (its printers, silent printing of the PDF); the browser host has no access
// to printers and answers so, letting the cashier save the PDF.
import type { PrintResult, Printer, ReceiptFile, ReceiptLayoutName } from '#shared/counter/counter-api';

export interface PrintJob extends ReceiptFile {
  layout: ReceiptLayoutName;
  /** The printer's name as listPrinters gave it; the system default when absent. */
  printer?: string;
}

export interface Printing {
  listPrinters(): Promise<Printer[]>;
  printReceipt(job: PrintJob): Promise<PrintResult>;
}

/** For hosts that cannot reach a printer (the browser host, tests). */
export function noPrinting(reason: string): Printing {
  return {
    listPrinters: async () => [],
    printReceipt: async () => ({ printed: false, reason }),
  };
}
