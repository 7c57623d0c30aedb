// "QR fixo do caixa" in Configurações (issue 36): what the till's fixed QR is now, its sticker on
// the receipt printer (80 mm, ESC/POS, printed at once like the test slip, and what the printer
// answered) and as an A4 PDF, and "Novo QR fixo". The sticker's code is the one the service gave
// the till's payment link (sync/fixed-qr/fixed-qr-till.ts), never one made up here.
import { renderFixedQrPdf } from '#lib/receipts/fixed-qr-pdf';
import { encodeJob, printableFor } from '#lib/receipts/paper/escpos-encode';
import { fixedQrSticker, type FixedQrStickerData } from '#lib/receipts/paper/fixed-qr-sticker';
import type { Settings } from '#shared/counter/counter-api';
import type { CounterMethodOutput } from '#shared/counter/counter-methods';
import { shopHeader } from '#shared/counter/receipt-header';
import type { HandlerGroup } from '../ports/counter-handler-port';
import type { PaperPrinter } from '../printing/paper-printer';
import { printRaw, problemOf } from '../printing/raw-printer';
import type { FixedQrTill } from '../sync/fixed-qr/fixed-qr-till';

export interface FixedQrHandlerDeps {
  fixedQr: FixedQrTill;
  settings: () => Settings;
  /** The till's name as the register has it ("Caixa 1" without one). */
  tillName: () => string;
  printer: () => PaperPrinter | null;
  environment: () => 'SANDBOX' | 'PRODUCTION';
  /** The register's check of a manager's PIN (PIN_REFUSED, OPERATOR_LOCKED, NOT_A_MANAGER…). */
  approve: (approval: { operatorId: string; pin: string }) => Promise<unknown>;
  now: () => Date;
}

export function createFixedQrHandlers(deps: FixedQrHandlerDeps): HandlerGroup {
  const state = (): CounterMethodOutput<'getFixedQr'> => {
    const brCode = deps.fixedQr.knownCode();
    const paymentLinkID = deps.fixedQr.knownLink();
    return {
      enabled: deps.settings().fixedQr,
      ...(paymentLinkID ? { paymentLinkID } : {}),
      ...(brCode ? { brCode } : {}),
      tillName: deps.tillName(),
    };
  };

  /** The sticker's facts, the code asked of the service when the counter does not know it yet. */
  const sticker = async (): Promise<FixedQrStickerData> => ({
    shopName: shopHeader(deps.settings()).title,
    brCode: await deps.fixedQr.stickerCode(),
    tillName: deps.tillName(),
    environment: deps.environment(),
  });

  return {
    async getFixedQr() {
      return state();
    },

    async printFixedQr({ manager }) {
      // The adapter only saw that an approval came (counter-call.ts admit): its PIN is checked here.
      if (manager) await deps.approve(manager);
      const printer = deps.printer();
      if (!printer) return { printed: false, problem: 'no-printer' };
      const paper = fixedQrSticker(await sticker(), {
        columns: printer.columns,
        printable: printableFor(printer.profile),
        locale: deps.settings().locale,
      });
      const outcome = await printRaw(printer.address, encodeJob(paper, printer.profile), {
        language: printer.profile.language,
      });
      if (outcome.kind === 'printed')
        return { printed: true, paperNearEnd: outcome.paperNearEnd, ...(outcome.unconfirmed && { unconfirmed: true }) };
      return { printed: false, problem: problemOf(outcome) };
    },

    async getFixedQrPdf({ manager }) {
      if (manager) await deps.approve(manager);
      const data = await sticker();
      const pdf = await renderFixedQrPdf(data, { locale: deps.settings().locale, creationDate: deps.now() });
      return { fileName: `qr-fixo-${fileSlug(data.tillName)}.pdf`, pdfBase64: Buffer.from(pdf).toString('base64') };
    },

    async renewFixedQr({ manager }) {
      if (manager) await deps.approve(manager);
      deps.fixedQr.renew();
      return state();
    },
  };
}

/** "Caixa da Frente" → "caixa-da-frente": a file name any system takes. */
function fileSlug(text: string): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'caixa';
}
