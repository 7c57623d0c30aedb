import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { ReceiptData, ReceiptKind, ReceiptLayout } from '#lib/receipts/receipt-data';
import { renderReceiptPdf } from '#lib/receipts/receipt-pdf';
import { PIX_IN, PIX_OUT, PIX_REFUND, pdfText, pdfWords, savePdf } from './fixtures';

const SAMPLES: Record<ReceiptKind, ReceiptData> = { 'pix-in': PIX_IN, 'pix-out': PIX_OUT, 'pix-refund': PIX_REFUND };
const LAYOUTS: ReceiptLayout[] = ['a4', 'thermal80'];
const THERMAL_WIDTH = (80 / 25.4) * 72;
const THERMAL_MARGIN = (THERMAL_WIDTH - (72 / 25.4) * 72) / 2;

const TITLES: Record<ReceiptKind, string> = {
  'pix-in': 'Comprovante de Pix recebido',
  'pix-out': 'Comprovante de Pix enviado',
  'pix-refund': 'Comprovante de devolução Pix',
};

async function pageSize(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  expect(doc.getPageCount()).toBe(1);
  return doc.getPage(0).getSize();
}

async function render(name: string, data: ReceiptData, layout: ReceiptLayout = 'a4', locale?: 'pt-BR' | 'en') {
  const bytes = await renderReceiptPdf(data, { layout, locale });
  return { bytes, path: savePdf(name, bytes) };
}

/** No word painted outside the printable area: nothing clipped. */
function expectInsidePage(path: string, layout: ReceiptLayout) {
  const { width, height, words } = pdfWords(path);
  const margin = layout === 'thermal80' ? THERMAL_MARGIN - 0.5 : 20;
  expect(words.length).toBeGreaterThan(0);
  for (const word of words) {
    expect(word.xMin, word.text).toBeGreaterThanOrEqual(margin);
    expect(word.xMax, word.text).toBeLessThanOrEqual(width - margin);
    expect(word.yMin, word.text).toBeGreaterThanOrEqual(0);
    expect(word.yMax, word.text).toBeLessThanOrEqual(height);
  }
}

describe.each(LAYOUTS)('renderReceiptPdf, %s', (layout) => {
  describe.each(Object.keys(SAMPLES) as ReceiptKind[])('%s', (kind) => {
    const data = SAMPLES[kind];

    it('renders a one-page PDF of the right size', async () => {
      const { bytes, path } = await render(`${kind}-${layout}`, data, layout);
      expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
      const size = await pageSize(bytes);
      if (layout === 'a4') {
        expect(size.width).toBeCloseTo(595.28, 1);
        expect(size.height).toBeCloseTo(841.89, 1);
      } else {
        expect(size.width).toBeCloseTo(226.77, 1);
        expect(size.height).toBeGreaterThan(300);
        expect(size.height).toBeLessThan(841);
      }
      expectInsidePage(path, layout);
    });

    it('prints the parties, value, time and ids', async () => {
      const { path } = await render(`${kind}-${layout}`, data, layout);
      const text = pdfText(path);
      const flat = text.replace(/\s+/g, '');
      expect(text).toContain(TITLES[kind]);
      expect(text).toContain(data.payer.name);
      expect(text).toContain(data.receiver.name);
      expect(text).toContain(kind === 'pix-out' ? 'R$ 500,00' : 'R$ 12,34');
      expect(flat).toContain(data.endToEndId);
      expect(text).toContain(kind === 'pix-refund' ? '16/03/2025 10:10:00' : '15/03/2025 11:05:09');
      expect(text).toContain('12.345.678/0001-90');
      expect(text).toContain('ID da transação (End-to-End)');
      expect(text).toContain('Padaria Pão Quente');
      if (kind !== 'pix-out') {
        expect(text).toContain('***.456.789-**');
        expect(text).not.toContain('12345678901');
      }
      if (kind === 'pix-refund') expect(flat).toContain(PIX_IN.endToEndId);
      if (data.chargeCorrelationID) expect(flat).toContain(data.chargeCorrelationID);
      if (data.description) expect(text).toContain(data.description);
    });

    it('flags only the sandbox', async () => {
      const { path } = await render(`${kind}-${layout}`, data, layout);
      const banner = 'AMBIENTE DE TESTES — sem valor';
      if (data.environment === 'SANDBOX') expect(pdfText(path)).toContain(banner);
      else expect(pdfText(path)).not.toContain(banner);
    });
  });

  it('speaks English when asked', async () => {
    const { path } = await render(`pix-refund-${layout}-en`, PIX_REFUND, layout, 'en');
    const text = pdfText(path);
    for (const label of [
      'Pix refund receipt',
      'Amount',
      'Payer',
      'Receiver',
      'Transaction ID (End-to-End)',
      'Original transaction ID',
      'TEST ENVIRONMENT',
    ]) {
      expect(text).toContain(label);
    }
    expect(text).toContain('16 Mar 2025, 10:10:00');
    expect(text).not.toContain('Pagador');
  });

  it('renders accented names', async () => {
    const data: ReceiptData = {
      ...PIX_IN,
      payer: { ...PIX_IN.payer, name: 'Ângela Lúcia Mônica Gonçalves Émile Ñúñez Øster' },
    };
    const { path } = await render(`accents-${layout}`, data, layout);
    expect(pdfText(path).replace(/\s+/g, ' ')).toContain('Ângela Lúcia Mônica Gonçalves Émile Ñúñez Øster');
  });

  it('does not throw on emoji or other scripts', async () => {
    const data: ReceiptData = {
      ...PIX_IN,
      payer: { ...PIX_IN.payer, name: 'Zoë 李雷 Łukasz' },
      description: 'Valeu! 🙏🏽🎉 café ☕ 👨‍👩‍👧',
      header: { title: 'Loja 🛒 do Zé', lines: ['Aberto 24h ⏰'] },
    };
    const { path } = await render(`emoji-${layout}`, data, layout);
    const text = pdfText(path);
    expect(text).toContain('Valeu!');
    expect(text).toContain('café');
    expect(text).toContain('Zoë ?? ?ukasz');
    expect(text).toContain('Loja do Zé');
  });

  it('renders the bare minimum', async () => {
    const data: ReceiptData = {
      kind: 'pix-in',
      endToEndId: 'E1',
      value: 0,
      time: '2025-03-15T14:05:09Z',
      payer: { name: '' },
      receiver: { name: 'Loja' },
    };
    const { bytes, path } = await render(`minimal-${layout}`, data, layout);
    expect(await pageSize(bytes)).toBeTruthy();
    expect(pdfText(path)).toContain('R$ 0,00');
  });

  it('wraps very long ids instead of clipping them', async () => {
    const longId = 'E'.padEnd(60, '0123456789abcdef');
    const correlation = 'x'.repeat(150);
    const data: ReceiptData = { ...PIX_IN, endToEndId: longId, chargeCorrelationID: correlation };
    const { path } = await render(`long-ids-${layout}`, data, layout);
    const flat = pdfText(path).replace(/\s+/g, '');
    expect(flat).toContain(longId);
    expect(flat).toContain(correlation);
    expectInsidePage(path, layout);
  });

  it('is deterministic: same data, same bytes', async () => {
    const a = await renderReceiptPdf(PIX_IN, { layout });
    const b = await renderReceiptPdf(PIX_IN, { layout });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});

describe('thermal80 height', () => {
  it('grows with a long description and keeps all of it', async () => {
    const short = await pageSize(await renderReceiptPdf(PIX_IN, { layout: 'thermal80' }));
    const words = Array.from({ length: 120 }, (_, i) => `palavra${i}`).join(' ');
    const { bytes, path } = await render('long-description-thermal80', { ...PIX_IN, description: words }, 'thermal80');
    const long = await pageSize(bytes);
    expect(long.width).toBeCloseTo(short.width, 5);
    expect(long.height).toBeGreaterThan(short.height + 100);
    const text = pdfText(path).replace(/\s+/g, ' ');
    expect(text).toContain('palavra0 palavra1');
    expect(text).toContain('palavra119');
    expectInsidePage(path, 'thermal80');
  });
});

describe('thermal80 ids', () => {
  it("breaks the sale's correlationID between UUID segments, and it copies back whole", async () => {
    const { path } = await render('pix-in-thermal80', PIX_IN, 'thermal80');
    const lines = pdfText(path, true)
      .split('\n')
      .map((line) => line.trim());
    const first = lines.findIndex((line) => line.startsWith('balcao-'));
    expect(lines.slice(first, first + 2)).toEqual(['balcao-7f3c2a9e-1b4d', '-4e8f-9a21-0c5d6e7f8a9b']);
    // Read as a PDF viewer copies it: a hyphen ending a line would be dropped as hyphenation.
    expect(pdfText(path).replace(/\s+/g, '')).toContain(PIX_IN.chargeCorrelationID);
    expectInsidePage(path, 'thermal80');
  });
});

describe('a4 overflow', () => {
  it('keeps one A4 page however long the text, and stays inside it', async () => {
    const data: ReceiptData = {
      ...PIX_IN,
      description: 'texto '.repeat(2000),
      header: { title: 'Loja '.repeat(40), lines: Array.from({ length: 30 }, (_, i) => `linha ${i} `.repeat(30)) },
      endToEndId: 'E'.repeat(3000),
    };
    const { bytes, path } = await render('overflow-a4', data, 'a4');
    const size = await pageSize(bytes);
    expect(size.height).toBeCloseTo(841.89, 1);
    expect(pdfText(path).replace(/\s+/g, '')).toContain('E'.repeat(3000));
    expectInsidePage(path, 'a4');
  });
});

describe('metadata', () => {
  it('sets title, creator and the creation date from the transaction time', async () => {
    const doc = await PDFDocument.load(await renderReceiptPdf(PIX_IN), { updateMetadata: false });
    expect(doc.getTitle()).toBe(`Comprovante de Pix recebido ${PIX_IN.endToEndId}`);
    expect(doc.getCreator()).toBe('Balcão');
    expect(doc.getProducer()).toBe('Balcão');
    expect(doc.getAuthor()).toBe('Padaria Pão Quente');
    expect(doc.getCreationDate()?.toISOString()).toBe('2025-03-15T14:05:09.000Z');
  });

  it('still renders when the time is unreadable', async () => {
    const bytes = await renderReceiptPdf({ ...PIX_IN, time: 'ontem' });
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getCreationDate()).toBeUndefined();
    expect(pdfText(savePdf('bad-time-a4', bytes))).toContain('ontem');
  });
});

describe('value', () => {
  it('refuses anything but non-negative integer cents', async () => {
    await expect(renderReceiptPdf({ ...PIX_IN, value: 12.34 })).rejects.toThrow(RangeError);
    await expect(renderReceiptPdf({ ...PIX_IN, value: -1 })).rejects.toThrow(RangeError);
  });
});
