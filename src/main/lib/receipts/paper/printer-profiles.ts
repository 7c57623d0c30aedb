// The receipt printers of Brazilian counters, as profiles of what their command sets differ in.
// Text, bold, double size, alignment, the code page's selection and the raster image are ESC/POS
// on all of them (Epson's TM-T20, Elgin's i9 and i7, Bematech's MP-4200 TH in its ESC/POS mode,
// and the generic 58/80 mm printers sold under many names). What differs:
// - the QR code: ESC/POS's own `GS ( k` (Epson, Elgin, most generics); Bematech's `GS k Q`
//   (its ESC/Bematech QR, which the MP-4200 TH takes in either mode); or, for a printer with
//   no QR command, the QR drawn as a raster image (`GS v 0`);
// - the cut: `GS V` (ESC/POS) or ESC m (the older partial cut, which Bematech takes);
// - the drawer's pulse: ESC p (ESC/POS) or ESC v (Bematech).
// Daruma's DR700 and DR800 speak ESC/Daruma, a command set of its own (esc-daruma-encode.ts), and
// answer status in it too (ENQ and GS ENQ, not DLE EOT: raw-printer.ts asks in the profile's
// language).
import type { PrinterProfileId } from '#shared/counter/paper-printer';
import type { CodePageName } from './code-pages';

export type { PrinterProfileId } from '#shared/counter/paper-printer';
export { PAPER_COLUMNS, type PaperColumns } from '#shared/counter/paper-printer';

/** The command set a printer speaks: what its bytes are written in, and how it is asked its status. */
export type PrinterLanguage = 'esc-pos' | 'esc-daruma';

export type PrinterProfile = EscPosProfile | EscDarumaProfile;

interface ProfileBase {
  id: PrinterProfileId;
  /** As the owner reads it in Configurações. */
  label: string;
  codePage: CodePageName;
}

export interface EscDarumaProfile extends ProfileBase {
  language: 'esc-daruma';
}

export interface EscPosProfile extends ProfileBase {
  language: 'esc-pos';
  /** ESC t's number for each code page on this printer. */
  codePageNumbers: Record<CodePageName, number>;
  qr: 'gs-k' | 'bematech' | 'raster';
  cut: 'gs-v' | 'esc-m';
  pulse: 'esc-p' | 'esc-v';
}

/** Epson's numbering of ESC t, which Elgin, Bematech's ESC/POS mode and the generics follow. */
const EPSON_CODE_PAGES: Record<CodePageName, number> = { cp850: 2, cp860: 3 };

export const PRINTER_PROFILES: Record<PrinterProfileId, PrinterProfile> = {
  generic: {
    id: 'generic',
    language: 'esc-pos',
    label: 'ESC/POS genérica (58/80 mm)',
    codePage: 'cp860',
    codePageNumbers: EPSON_CODE_PAGES,
    qr: 'raster',
    cut: 'gs-v',
    pulse: 'esc-p',
  },
  epson: {
    id: 'epson',
    language: 'esc-pos',
    label: 'Epson (TM-T20 e compatíveis)',
    codePage: 'cp860',
    codePageNumbers: EPSON_CODE_PAGES,
    qr: 'gs-k',
    cut: 'gs-v',
    pulse: 'esc-p',
  },
  elgin: {
    id: 'elgin',
    language: 'esc-pos',
    label: 'Elgin (i9, i7)',
    codePage: 'cp860',
    codePageNumbers: EPSON_CODE_PAGES,
    qr: 'gs-k',
    cut: 'gs-v',
    pulse: 'esc-p',
  },
  bematech: {
    id: 'bematech',
    language: 'esc-pos',
    label: 'Bematech (MP-4200 TH, modo ESC/POS)',
    codePage: 'cp850',
    codePageNumbers: EPSON_CODE_PAGES,
    qr: 'bematech',
    cut: 'esc-m',
    pulse: 'esc-v',
  },
  daruma: {
    id: 'daruma',
    language: 'esc-daruma',
    label: 'Daruma (DR700, DR800: ESC/Daruma)',
    codePage: 'cp850',
  },
};
