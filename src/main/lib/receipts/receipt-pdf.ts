// Renders a Pix receipt as a one-page PDF, with the standard PDF fonts only (nothing to
// embed but three font dictionaries), so it is small and fast.

import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { type Flow, roundedRectPath } from './pdf-flow';
import { type FontSet, composeReceipt } from './receipt-compose';
import type { ReceiptData, ReceiptLayout, ReceiptLocale } from './receipt-data';
import { type ReceiptModel, buildReceiptModel } from './receipt-model';
import { type Theme, themeFor } from './receipt-themes';

export interface RenderReceiptOptions {
  /** 'a4' (default): a card centered on an A4 page. 'thermal80': an 80 mm roll, as tall as its content. */
  layout?: ReceiptLayout;
  /** 'pt-BR' (default) or 'en'. */
  locale?: ReceiptLocale;
}

/**
 * The receipt as PDF bytes. Same data, same bytes. Text the standard fonts cannot show
 * (line breaks, controls, emoji, other scripts) is replaced, never thrown on; a value that
 * is not non-negative integer cents throws a RangeError.
 */
export async function renderReceiptPdf(data: ReceiptData, options: RenderReceiptOptions = {}): Promise<Uint8Array> {
  const theme = themeFor(options.layout ?? 'a4');
  const model = buildReceiptModel(data, options.locale ?? 'pt-BR');

  const doc = await PDFDocument.create({ updateMetadata: false });
  setMetadata(doc, model);
  // Each font is embedded once per document; every text run shares it.
  const [regular, bold, mono] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.Courier),
  ]);
  const fonts: FontSet = { regular, bold, mono };
  const flow = composeReceipt(model, theme, fonts);

  if (theme.card) paintCard(doc, theme, theme.card, flow);
  else paintRoll(doc, theme, flow);

  return doc.save();
}

function setMetadata(doc: PDFDocument, model: ReceiptModel): void {
  const { metadata } = model;
  doc.setTitle(metadata.title);
  doc.setSubject(metadata.subject);
  doc.setKeywords(metadata.keywords);
  doc.setLanguage(metadata.language);
  doc.setCreator('Balcão');
  doc.setProducer('Balcão');
  if (metadata.author) doc.setAuthor(metadata.author);
  if (metadata.creationDate) {
    doc.setCreationDate(metadata.creationDate);
    doc.setModificationDate(metadata.creationDate);
  }
}

/** Thermal roll: the page is exactly as tall as the content. */
function paintRoll(doc: PDFDocument, theme: Theme, flow: Flow): void {
  const height = theme.marginTop + flow.y + theme.marginBottom;
  const page = doc.addPage([theme.pageWidth, height]);
  flow.paint(page, height - theme.marginTop, (theme.pageWidth - theme.contentWidth) / 2);
}

/** A4: a rounded card centered horizontally; content too tall for the page is scaled down, never cut. */
function paintCard(doc: PDFDocument, theme: Theme, card: NonNullable<Theme['card']>, flow: Flow): void {
  const pageHeight = theme.pageHeight ?? 841.89;
  const page = doc.addPage([theme.pageWidth, pageHeight]);
  const accent = 5;
  const width = theme.contentWidth + 2 * card.padding;
  const height = flow.y + 2 * card.padding + accent;
  const available = pageHeight - theme.marginTop - theme.marginBottom;
  const scale = Math.min(1, available / height);
  const x = (theme.pageWidth - width * scale) / 2;
  const top = pageHeight - theme.marginTop;

  const rounded = (fill: 'accent' | 'white' | 'border', dy: number) => {
    const h = (height - dy) * scale;
    const r = card.radius * scale;
    page.drawSvgPath(roundedRectPath(width * scale, h, r), {
      x,
      y: top - dy * scale,
      color: fill === 'accent' ? card.accent : fill === 'white' ? WHITE : undefined,
      borderColor: fill === 'border' ? card.border : undefined,
      borderWidth: fill === 'border' ? 0.75 : 0,
    });
  };
  rounded('accent', 0);
  rounded('white', accent);
  rounded('border', 0);

  flow.paint(page, top - (accent + card.padding) * scale, x + card.padding * scale, scale);
}

const WHITE = rgb(1, 1, 1);
