// The receipt printer, as Configurações sets it and the main process drives it: its address (on
// the network, a serial port, or a printer share or USB device written as a file), its command
// set, its paper, and what prints by itself. Shared so the form refuses what the main process
// would refuse.

/** The raw printing port of network receipt printers (Epson, Elgin, Bematech and the generics). */
export const RAW_PRINTER_PORT = 9100;

/** Where a receipt printer is: on the network (its raw TCP port), or on a serial line (a COM port, a tty). */
export type PrinterAddress =
  | { kind?: 'tcp'; host: string; port: number }
  /** A serial printer, or a USB one whose driver makes it a serial port (most do: /dev/ttyUSB0, /dev/ttyACM0, COM3). */
  | { kind: 'serial'; path: string; baudRate: number }
  /**
   * A printer written as a file: a Windows printer share ("\\localhost\EPSON", which needs no
   * native module: the spooler passes the bytes through), or Linux's USB printer device
   * (/dev/usb/lp0). It answers no status.
   */
  | { kind: 'file'; path: string };

/** The speed of most receipt printers' serial ports as they leave the factory. */
export const DEFAULT_BAUD_RATE = 9600;

/**
 * "192.168.0.50", "192.168.0.50:9100" or "impressora.local:9100" (the network); "COM3",
 * "/dev/ttyUSB0" or "/dev/ttyUSB0@115200" (a serial port, 9600 baud unless told);
 * "\\localhost\EPSON" or "\\caixa2\ELGIN" (a Windows printer share) and "/dev/usb/lp0" (a USB
 * printer on Linux), written as files; null for anything else.
 */
export function parsePrinterAddress(text: string): PrinterAddress | null {
  const typed = text.trim();
  // A share's host and name as Windows allows them: no slashes, no characters a path refuses.
  if (/^\\\\[A-Za-z0-9._-]{1,63}\\[^\\/:*?"<>|\p{Cc}]{1,80}$/u.test(typed)) return { kind: 'file', path: typed };
  if (/^\/dev\/(?:usb\/)?lp\d{1,3}$/.test(typed)) return { kind: 'file', path: typed };
  const serial = /^((?:COM\d{1,3})|(?:\/dev\/[A-Za-z0-9._/-]+))(?:@(\d{3,7}))?$/i.exec(typed);
  if (serial) {
    const baudRate = serial[2] === undefined ? DEFAULT_BAUD_RATE : Number(serial[2]);
    return { kind: 'serial', path: serial[1]!, baudRate };
  }
  const match = /^([A-Za-z0-9.-]+)(?::(\d{1,5}))?$/.exec(typed);
  if (!match) return null;
  const port = match[2] === undefined ? RAW_PRINTER_PORT : Number(match[2]);
  if (port < 1 || port > 65_535) return null;
  return { host: match[1]!, port };
}

/** The command sets Balcão writes (src/main/lib/receipts/paper/printer-profiles.ts). */
export const PRINTER_PROFILE_IDS = ['generic', 'epson', 'elgin', 'bematech', 'daruma'] as const;
export type PrinterProfileId = (typeof PRINTER_PROFILE_IDS)[number];

/** Characters per line: 80 mm paper in font A (48) or a 72 mm printable width (42); 58 mm paper (32). */
export const PAPER_COLUMNS = [48, 42, 32] as const;
export type PaperColumns = (typeof PAPER_COLUMNS)[number];
