// The two paper formats: an A4 page with a centered card, and an 80 mm thermal roll.

import { type RGB, rgb } from 'pdf-lib';
import type { ReceiptLayout } from './receipt-data';

export type FontKey = 'regular' | 'bold' | 'mono';

export interface StyleSpec {
  font: FontKey;
  size: number;
  color: RGB;
  leading: number;
}

export type StyleName =
  | 'headerTitle'
  | 'headerLine'
  | 'banner'
  | 'title'
  | 'amount'
  | 'dateTime'
  | 'heading'
  | 'label'
  | 'value'
  | 'id'
  | 'footer';

export interface Theme {
  pageWidth: number;
  /** Fixed page height (A4); thermal pages are as tall as their content. */
  pageHeight?: number;
  /** Width of the text column. */
  contentWidth: number;
  /** Space above and below the content on the page. */
  marginTop: number;
  marginBottom: number;
  /** A4: the card drawn around the content. */
  card?: { padding: number; border: RGB; accent: RGB; radius: number };
  styles: Record<StyleName, StyleSpec>;
  /** Rows: a fixed label column (A4), or label and value on one line when they fit (thermal). */
  labelColumn?: number;
  /** Caps that keep an A4 card on one page; thermal receipts grow instead. */
  maxLines?: { headerLine: number; value: number; description: number };
  rule: { color: RGB; dash?: number[] };
  bannerFill: RGB;
  /** Vertical rhythm. */
  space: { small: number; medium: number; large: number; row: number };
}

const INK = rgb(0.11, 0.13, 0.15);
const MUTED = rgb(0.42, 0.45, 0.49);
const TEAL = rgb(0.0, 0.5, 0.46);
const BLACK = rgb(0, 0, 0);
const WHITE = rgb(1, 1, 1);

const A4_CARD_WIDTH = 420;
const A4_PADDING = 32;

const A4: Theme = {
  pageWidth: 595.28,
  pageHeight: 841.89,
  contentWidth: A4_CARD_WIDTH - 2 * A4_PADDING,
  marginTop: 56,
  marginBottom: 40,
  card: { padding: A4_PADDING, border: rgb(0.84, 0.86, 0.88), accent: rgb(0.2, 0.74, 0.68), radius: 10 },
  styles: {
    headerTitle: { font: 'bold', size: 13, color: INK, leading: 1.3 },
    headerLine: { font: 'regular', size: 8.5, color: MUTED, leading: 1.35 },
    banner: { font: 'bold', size: 10, color: WHITE, leading: 1.3 },
    title: { font: 'bold', size: 15, color: INK, leading: 1.3 },
    amount: { font: 'bold', size: 26, color: TEAL, leading: 1.2 },
    dateTime: { font: 'regular', size: 10, color: MUTED, leading: 1.3 },
    heading: { font: 'bold', size: 10.5, color: TEAL, leading: 1.3 },
    label: { font: 'regular', size: 9.5, color: MUTED, leading: 1.4 },
    value: { font: 'regular', size: 9.5, color: INK, leading: 1.4 },
    id: { font: 'mono', size: 9.5, color: INK, leading: 1.35 },
    footer: { font: 'regular', size: 8, color: MUTED, leading: 1.3 },
  },
  labelColumn: 110,
  maxLines: { headerLine: 2, value: 3, description: 12 },
  rule: { color: rgb(0.88, 0.9, 0.91) },
  bannerFill: rgb(0.78, 0.16, 0.16),
  space: { small: 4, medium: 10, large: 18, row: 3 },
};

const MM = 72 / 25.4;

const THERMAL80: Theme = {
  pageWidth: 80 * MM,
  contentWidth: 72 * MM,
  marginTop: 10,
  marginBottom: 24,
  styles: {
    headerTitle: { font: 'bold', size: 10.5, color: BLACK, leading: 1.25 },
    headerLine: { font: 'regular', size: 7.5, color: BLACK, leading: 1.3 },
    banner: { font: 'bold', size: 8.5, color: WHITE, leading: 1.3 },
    title: { font: 'bold', size: 10, color: BLACK, leading: 1.3 },
    amount: { font: 'bold', size: 17, color: BLACK, leading: 1.2 },
    dateTime: { font: 'regular', size: 8, color: BLACK, leading: 1.3 },
    heading: { font: 'bold', size: 8.5, color: BLACK, leading: 1.3 },
    label: { font: 'regular', size: 8, color: BLACK, leading: 1.35 },
    value: { font: 'bold', size: 8, color: BLACK, leading: 1.35 },
    id: { font: 'mono', size: 8, color: BLACK, leading: 1.3 },
    footer: { font: 'regular', size: 7, color: BLACK, leading: 1.3 },
  },
  rule: { color: BLACK, dash: [2, 2] },
  bannerFill: BLACK,
  space: { small: 3, medium: 6, large: 10, row: 1.5 },
};

export function themeFor(layout: ReceiptLayout): Theme {
  return layout === 'thermal80' ? THERMAL80 : A4;
}
