// "Testar impressora": a slip that shows at a glance whether a printer prints what Balcão sends:
// every Portuguese letter in its code page, the amount's large bold type, the line width (a ruler
// of the columns set), a QR code drawn the profile's way, and the cut.
import { formatReceiptTime } from '../receipt-time';
import { wrapWords, type PaperBlock, type PaperDocument } from './paper-document';
import type { PrinterProfile } from './printer-profiles';

export const TEST_SLIP_QR = 'BALCAO TESTE DE IMPRESSORA';

export function testSlip(
  profile: PrinterProfile,
  columns: number,
  at: Date,
  printable: (text: string) => string,
): PaperDocument {
  const ruler = Array.from({ length: columns }, (_, index) => String((index + 1) % 10)).join('');
  const blocks: PaperBlock[] = [
    { kind: 'text', text: printable('Balcão · Teste de impressora'), bold: true, align: 'center' },
    { kind: 'text', text: printable(profile.label), align: 'center' },
    { kind: 'text', text: printable(formatReceiptTime(at.toISOString(), 'pt-BR')), align: 'center' },
    { kind: 'rule' },
    ...wrapWords(printable('Acentos: ÁÀÂÃ ÉÊ Í ÓÔÕ Ú Ç áàâã éê í óôõ ú ü ç ª º'), columns).map((text): PaperBlock => ({
      kind: 'text',
      text,
    })),
    { kind: 'text', text: printable('Ação, pão, açúcar e feijão em São João'), align: 'left' },
    { kind: 'feed', lines: 1 },
    { kind: 'text', text: printable('R$ 1.234,56'), bold: true, size: 2, align: 'center' },
    { kind: 'qr', payload: TEST_SLIP_QR },
    { kind: 'text', text: printable(`${columns} colunas:`), align: 'left' },
    { kind: 'text', text: ruler, align: 'left' },
    { kind: 'text', text: printable('Não é documento fiscal'), align: 'center' },
    { kind: 'feed', lines: 3 },
    { kind: 'cut' },
  ];
  return { columns, blocks };
}
