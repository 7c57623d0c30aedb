import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ReceiptData } from '#lib/receipts/receipt-data';

/** Sample PDFs land here, so a person can look at them (pdftoppm -png -r 80 ...). */
export const ARTIFACTS = resolve(import.meta.dirname, '../../../../test-artifacts/receipts');

// 14:05:09 UTC is 11:05:09 in São Paulo (UTC-3).
export const PIX_IN: ReceiptData = {
  kind: 'pix-in',
  endToEndId: 'E18236120202503151405s0123456789',
  value: 1234,
  time: '2025-03-15T14:05:09.000Z',
  payer: {
    name: 'João da Conceição Araújo',
    taxID: { taxID: '12345678901', type: 'BR:CPF' },
    bankName: 'Nu Pagamentos S.A.',
    ispb: '18236120',
    branch: '0001',
    account: '1234567-8',
  },
  receiver: {
    name: 'Padaria Pão Quente Ltda',
    taxID: { taxID: '12345678000190', type: 'BR:CNPJ' },
    bankName: 'Banco Inter S.A.',
    ispb: '00416968',
    pixKey: 'caixa@paoquente.com.br',
  },
  description: 'Pedido 42 — 2 pães de queijo e 1 café',
  chargeCorrelationID: 'balcao-7f3c2a9e-1b4d-4e8f-9a21-0c5d6e7f8a9b',
  header: {
    title: 'Padaria Pão Quente',
    lines: ['Rua das Acácias, 123 — Centro, São Paulo/SP', 'CNPJ 12.345.678/0001-90'],
  },
  environment: 'PRODUCTION',
};

export const PIX_OUT: ReceiptData = {
  ...PIX_IN,
  kind: 'pix-out',
  endToEndId: 'E00416968202503151405abcdefghijk',
  value: 50_000,
  payer: PIX_IN.receiver,
  receiver: {
    name: 'Distribuidora Farinha Boa S.A.',
    taxID: { taxID: '98765432000110', type: 'BR:CNPJ' },
    bankName: 'Banco do Brasil S.A.',
    ispb: '00000000',
    pixKey: '98765432000110',
  },
  description: 'Fornecedor: nota 8812',
  chargeCorrelationID: undefined,
};

export const PIX_REFUND: ReceiptData = {
  kind: 'pix-refund',
  endToEndId: 'D00416968202503161010refund0001x',
  originalEndToEndId: PIX_IN.endToEndId,
  value: 1234,
  time: '2025-03-16T13:10:00Z',
  payer: PIX_IN.receiver,
  receiver: PIX_IN.payer,
  description: 'Devolução: produto em falta',
  header: PIX_IN.header,
  environment: 'SANDBOX',
};

export function savePdf(name: string, bytes: Uint8Array): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.pdf`);
  writeFileSync(path, bytes);
  return path;
}

/** Text of a PDF through poppler's pdftotext, no-break spaces made plain. */
export function pdfText(path: string, layout = false): string {
  const args = layout ? ['-layout', '-enc', 'UTF-8', path, '-'] : ['-enc', 'UTF-8', path, '-'];
  return execFileSync('pdftotext', args, { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
}

export interface WordBox {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word poppler finds, with its box in points from the page's top-left corner. */
export function pdfWords(path: string): { width: number; height: number; words: WordBox[] } {
  const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
  const page = /<page width="([\d.]+)" height="([\d.]+)"/.exec(html);
  const words: WordBox[] = [];
  for (const m of html.matchAll(
    /<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g,
  )) {
    words.push({
      xMin: Number(m[1]),
      yMin: Number(m[2]),
      xMax: Number(m[3]),
      yMax: Number(m[4]),
      text: m[5] as string,
    });
  }
  return { width: Number(page?.[1]), height: Number(page?.[2]), words };
}
