// Lays a receipt model out in a Flow, following a theme.

import type { PDFFont } from 'pdf-lib';
import { Flow, type TextStyle, lineHeight } from './pdf-flow';
import type { ReceiptModel, ReceiptRow } from './receipt-model';
import type { FontKey, StyleName, Theme } from './receipt-themes';

export type FontSet = Record<FontKey, PDFFont>;

export function composeReceipt(model: ReceiptModel, theme: Theme, fonts: FontSet): Flow {
  const style = (name: StyleName): TextStyle => {
    const spec = theme.styles[name];
    return { font: fonts[spec.font], size: spec.size, color: spec.color, leading: spec.leading };
  };
  const { space } = theme;
  const flow = new Flow(0, theme.contentWidth);

  if (model.header) {
    if (model.header.title) flow.paragraph(model.header.title, style('headerTitle'), { align: 'center', maxLines: 2 });
    for (const line of model.header.lines) {
      flow.paragraph(line, style('headerLine'), { align: 'center', maxLines: theme.maxLines?.headerLine });
    }
    flow.gap(space.medium);
    flow.rule(theme.rule.color, 0.75, theme.rule.dash);
    flow.gap(space.large);
  }

  if (model.banner) {
    const banner = style('banner');
    const pad = banner.size * 0.6;
    const lines = flow.wrap(model.banner, banner, flow.width - 2 * pad);
    const height = lines.length * lineHeight(banner) + 2 * pad;
    flow.box(flow.left, flow.y, flow.width, height, { fill: theme.bannerFill, radius: theme.card ? 4 : 0 });
    flow.placeLines(lines, banner, flow.y + pad, 'center', flow.left, flow.width);
    flow.gap(height + space.large);
  }

  flow.paragraph(model.title, style('title'), { align: 'center' });
  flow.gap(space.medium);
  flow.paragraph(model.amountLabel, style('dateTime'), { align: 'center' });
  flow.paragraph(model.amount, style('amount'), { align: 'center' });
  flow.gap(space.small);
  flow.paragraph(`${model.dateTimeLabel}: ${model.dateTime}`, style('dateTime'), { align: 'center' });
  flow.gap(space.large);

  for (const section of model.sections) {
    flow.rule(theme.rule.color, 0.75, theme.rule.dash);
    flow.gap(space.medium);
    if (section.heading) {
      flow.paragraph(section.heading, style('heading'));
      flow.gap(space.small);
    }
    for (const row of section.rows) placeRow(flow, row, theme, style);
    flow.gap(space.medium - space.row);
  }

  flow.rule(theme.rule.color, 0.75, theme.rule.dash);
  flow.gap(space.medium);
  flow.paragraph(model.footer, style('footer'), { align: 'center' });
  return flow;
}

function placeRow(flow: Flow, row: ReceiptRow, theme: Theme, style: (name: StyleName) => TextStyle): void {
  const label = style('label');
  const value = style(row.id ? 'id' : 'value');
  const maxLines = row.id ? undefined : row.long ? theme.maxLines?.description : theme.maxLines?.value;
  const gutter = 8;

  if (!row.id && !row.long) {
    if (theme.labelColumn !== undefined) {
      // A4: label column on the left, value right-aligned in the rest, wrapped there.
      const valueX = flow.left + theme.labelColumn + gutter;
      const valueWidth = flow.right - valueX;
      const labelLines = flow.wrap(row.label, label, theme.labelColumn);
      const valueLines = flow.wrap(row.value, value, valueWidth, maxLines);
      const labelHeight = flow.placeLines(labelLines, label, flow.y, 'left', flow.left, theme.labelColumn);
      const valueHeight = flow.placeLines(valueLines, value, flow.y, 'right', valueX, valueWidth);
      flow.gap(Math.max(labelHeight, valueHeight) + theme.space.row);
      return;
    }
    // Thermal: on one line when both fit, otherwise the value goes below its label.
    if (flow.textWidth(row.label, label) + gutter + flow.textWidth(row.value, value) <= flow.width) {
      const height = flow.placeLines(flow.wrap(row.label, label), label, flow.y, 'left', flow.left, flow.width);
      flow.placeLines(flow.wrap(row.value, value), value, flow.y, 'right', flow.left, flow.width);
      flow.gap(height + theme.space.row);
      return;
    }
  }

  flow.paragraph(row.label, label);
  flow.paragraph(row.value, value, { maxLines });
  flow.gap(theme.space.row + (row.id || row.long ? theme.space.small : 0));
}
