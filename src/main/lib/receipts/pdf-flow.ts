// A top-to-bottom flow of drawing operations. Content is laid out first (so a thermal
// receipt knows its height, and an A4 card knows its size), then painted onto a page.
// Coordinates here grow downwards from the top of the content; paint() flips them.

import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import { printableText } from './printable-text';
import { type Measure, breakWordEvenly, limitLines, wrapText } from './text-layout';

export interface TextStyle {
  font: PDFFont;
  size: number;
  color: RGB;
  /** Line height as a multiple of the font size. */
  leading: number;
}

export type Align = 'left' | 'center' | 'right';

/**
 * A line that went through printableText and the wrapper: the only text the flow draws, so a
 * string that could make the font throw never reaches it.
 */
export type PrintableLine = string & { readonly printable: unique symbol };

type Op =
  | { kind: 'text'; x: number; baseline: number; text: PrintableLine; style: TextStyle }
  | { kind: 'rule'; x1: number; x2: number; y: number; thickness: number; color: RGB; dash?: number[] }
  | { kind: 'box'; x: number; y: number; width: number; height: number; fill?: RGB; border?: RGB; radius: number };

/** Glyph advance widths at size 1, per font. Additive (no kerning), exactly as drawText paints. */
const advanceCache = new WeakMap<PDFFont, Map<string, number>>();

export function measureWith(font: PDFFont, size: number): Measure {
  let advances = advanceCache.get(font);
  if (!advances) {
    advances = new Map();
    advanceCache.set(font, advances);
  }
  const table = advances;
  return (text) => {
    let width = 0;
    for (const ch of text) {
      let advance = table.get(ch);
      if (advance === undefined) {
        advance = font.widthOfTextAtSize(ch, 1000) / 1000;
        table.set(ch, advance);
      }
      width += advance;
    }
    return width * size;
  };
}

export function lineHeight(style: TextStyle): number {
  return style.size * style.leading;
}

export interface ParagraphOptions {
  align?: Align;
  /** Defaults to the flow's content box. */
  x?: number;
  width?: number;
  /** Extra lines are dropped and the last kept line ends in "…". */
  maxLines?: number;
}

export class Flow {
  private readonly ops: Op[] = [];
  /** Top of the next thing to lay out. */
  y = 0;

  constructor(
    readonly left: number,
    readonly width: number,
  ) {}

  get right(): number {
    return this.left + this.width;
  }

  gap(height: number): void {
    this.y += height;
  }

  /**
   * Wraps text to the given width; returns the printable lines without drawing them.
   * Text without spaces (an id) that needs several lines is cut into even pieces.
   */
  wrap(text: string, style: TextStyle, width: number = this.width, maxLines?: number): PrintableLine[] {
    const measure = measureWith(style.font, style.size);
    const printable = printableText(text);
    const lines = /\s/.test(printable)
      ? wrapText(printable, measure, width)
      : breakWordEvenly(printable, measure, width);
    // Pieces of printable text, and the ellipsis, which WinAnsi has: printable too.
    return (maxLines === undefined ? lines : limitLines(lines, maxLines, measure, width)) as PrintableLine[];
  }

  /** Width of the text as wrap would print it on one line. */
  textWidth(text: string, style: TextStyle): number {
    return measureWith(style.font, style.size)(printableText(text));
  }

  /** Places already wrapped lines starting at `top`, without moving the flow. Returns their height. */
  placeLines(lines: PrintableLine[], style: TextStyle, top: number, align: Align, x: number, width: number): number {
    const measure = measureWith(style.font, style.size);
    const height = lineHeight(style);
    const fullHeight = style.font.heightAtSize(style.size);
    const ascent = style.font.heightAtSize(style.size, { descender: false });
    lines.forEach((line, index) => {
      if (line === '') return;
      const lineWidth = measure(line);
      const offset = align === 'left' ? 0 : align === 'center' ? (width - lineWidth) / 2 : width - lineWidth;
      const baseline = top + index * height + (height - fullHeight) / 2 + ascent;
      this.ops.push({ kind: 'text', x: x + offset, baseline, text: line, style });
    });
    return lines.length * height;
  }

  /** Wraps and places text, moving the flow below it. */
  paragraph(text: string, style: TextStyle, options: ParagraphOptions = {}): void {
    const x = options.x ?? this.left;
    const width = options.width ?? this.width;
    const lines = this.wrap(text, style, width, options.maxLines);
    this.y += this.placeLines(lines, style, this.y, options.align ?? 'left', x, width);
  }

  rule(color: RGB, thickness = 0.75, dash?: number[]): void {
    this.ops.push({ kind: 'rule', x1: this.left, x2: this.right, y: this.y, thickness, color, dash });
  }

  box(x: number, y: number, width: number, height: number, look: { fill?: RGB; border?: RGB; radius?: number }): void {
    this.ops.push({ kind: 'box', x, y, width, height, fill: look.fill, border: look.border, radius: look.radius ?? 0 });
  }

  /** Moves the box operations added since `mark` in front of everything else (backgrounds). */
  sendToBack(mark: number): void {
    const added = this.ops.splice(mark);
    this.ops.unshift(...added);
  }

  get mark(): number {
    return this.ops.length;
  }

  /**
   * Paints the flow onto the page: flow point (x, y) lands at page point
   * (originX + x * scale, top - y * scale), top measured from the page's bottom.
   */
  paint(page: PDFPage, top: number, originX = 0, scale = 1): void {
    const px = (x: number) => originX + x * scale;
    const py = (y: number) => top - y * scale;
    for (const op of this.ops) {
      if (op.kind === 'text') {
        page.drawText(op.text, {
          x: px(op.x),
          y: py(op.baseline),
          font: op.style.font,
          size: op.style.size * scale,
          color: op.style.color,
        });
      } else if (op.kind === 'rule') {
        page.drawLine({
          start: { x: px(op.x1), y: py(op.y) },
          end: { x: px(op.x2), y: py(op.y) },
          thickness: op.thickness * scale,
          color: op.color,
          dashArray: op.dash?.map((d) => d * scale),
        });
      } else if (op.radius > 0) {
        page.drawSvgPath(roundedRectPath(op.width * scale, op.height * scale, op.radius * scale), {
          x: px(op.x),
          y: py(op.y),
          color: op.fill,
          borderColor: op.border,
          borderWidth: op.border ? 0.75 * scale : 0,
        });
      } else {
        page.drawRectangle({
          x: px(op.x),
          y: py(op.y + op.height),
          width: op.width * scale,
          height: op.height * scale,
          color: op.fill,
          borderColor: op.border,
          borderWidth: op.border ? 0.75 * scale : 0,
        });
      }
    }
  }
}

/** SVG path of a rounded rectangle whose top-left corner is the origin (SVG y grows downwards). */
export function roundedRectPath(w: number, h: number, r: number): string {
  const k = Math.min(r, w / 2, h / 2);
  return (
    `M ${k} 0 H ${w - k} Q ${w} 0 ${w} ${k} V ${h - k} Q ${w} ${h} ${w - k} ${h} ` +
    `H ${k} Q 0 ${h} 0 ${h - k} V ${k} Q 0 0 ${k} 0 Z`
  );
}
