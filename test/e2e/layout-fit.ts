// Text that does not fit its box, found in the page as it is laid out now:
// - a run of text that reaches past the padding box of any box around it (its own cell, a row, a
//   panel, a dialog), whether that box cuts it off (overflow hidden: the cashier cannot read the
//   rest) or lets it spill over its border and its neighbours;
// - text drawn over other text (a block squeezed to nothing while its content stays);
// - a value wider than its read-only field, and a window that scrolls sideways.
// Exempt is what is meant to be so: text cut with an ellipsis whose whole wording is in a title
// on the way up to the box that cuts it, whole lines a fixed-height box hides below its last (the
// status bar's hints that find no room), text scrolled out of a scrolling box's view, what a
// dialog or a fixed notice covers, and what is not shown at all (display none, visibility hidden,
// the visually-hidden class's 1 px clip).
//
// `findLayoutMisfits` runs in the page, so it is one self-contained function: no imports, no
// helpers outside it. It is sent as source text with a stand-in for `__name`, the helper that a
// transpiler keeping function names (tsx, esbuild's keepNames) calls and the page does not have.
import type { Page } from 'playwright-core';

export interface LayoutMisfit {
  /**
   * cut: hidden past a box that clips it; spills: drawn past a box's edge; overlaps: drawn over
   * other text; field: a read-only value wider than its input; page: the window scrolls sideways.
   */
  kind: 'cut' | 'spills' | 'overlaps' | 'field' | 'page';
  /** The box the text does not fit, as a short selector path. */
  box: string;
  text: string;
  /** How far past the box (or into the other text), in CSS pixels. */
  by: number;
}

export function findLayoutMisfits(): LayoutMisfit[] {
  // The DOM, typed as far as this check uses it (the test project has no DOM lib).
  interface Rect {
    left: number;
    right: number;
    top: number;
    bottom: number;
    width: number;
    height: number;
  }
  interface Style {
    display: string;
    visibility: string;
    overflowX: string;
    overflowY: string;
    textOverflow: string;
    clip: string;
    clipPath: string;
    position: string;
    zIndex: string;
  }
  interface Element {
    tagName: string;
    id: string;
    className: unknown;
    parentElement: Element | null;
    clientLeft: number;
    clientTop: number;
    clientWidth: number;
    clientHeight: number;
    scrollWidth: number;
    value?: string;
    getAttribute(name: string): string | null;
    getBoundingClientRect(): Rect;
    closest(selector: string): Element | null;
    contains(other: Element): boolean;
  }
  interface TextNode {
    data: string;
    parentElement: Element | null;
  }
  const { document, getComputedStyle, innerWidth, innerHeight } = globalThis as unknown as {
    document: {
      body: Element;
      documentElement: Element;
      createTreeWalker(root: Element, show: number): { nextNode(): TextNode | null };
      createRange(): { selectNodeContents(node: TextNode): void; getClientRects(): ArrayLike<Rect> };
      querySelectorAll(selector: string): ArrayLike<Element>;
    };
    getComputedStyle: (element: Element) => Style;
    innerWidth: number;
    innerHeight: number;
  };
  const SHOW_TEXT = 4;
  // Subpixel layout and font rounding: less than this is not a visible misfit.
  const TOLERANCE = 1.5;
  const NOT_TEXT = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEXTAREA', 'OPTION', 'SELECT', 'TITLE']);

  const styles = new Map<Element, Style>();
  const styleOf = (element: Element): Style => {
    let style = styles.get(element);
    if (!style) styles.set(element, (style = getComputedStyle(element)));
    return style;
  };
  const shown = new Map<Element, boolean>();
  const isShown = (element: Element | null): boolean => {
    if (!element) return true;
    const known = shown.get(element);
    if (known !== undefined) return known;
    const style = styleOf(element);
    const self =
      style.display !== 'none' &&
      style.visibility !== 'hidden' &&
      style.visibility !== 'collapse' &&
      !(style.position === 'absolute' && style.clip !== 'auto' && style.clip !== '') &&
      style.clipPath === 'none' &&
      element.tagName !== 'svg';
    const answer = self && isShown(element.parentElement);
    shown.set(element, answer);
    return answer;
  };
  const nameOf = (element: Element): string => {
    const tag = element.tagName.toLowerCase();
    const testId = element.getAttribute('data-testid');
    if (testId) return `${tag}[data-testid=${testId}]`;
    if (element.id) return `${tag}#${element.id}`;
    if (typeof element.className === 'string' && element.className.trim())
      return `${tag}.${element.className.trim().split(/\s+/).join('.')}`;
    return tag;
  };
  const pathOf = (element: Element): string => {
    const names: string[] = [];
    for (
      let node: Element | null = element;
      node && node !== document.body && names.length < 3;
      node = node.parentElement
    )
      names.unshift(nameOf(node));
    return names.join(' > ');
  };
  const spaces = (text: string) => text.replace(/\s+/g, ' ').trim();
  const scrolls = (value: string) => value === 'auto' || value === 'scroll';
  const clips = (value: string) => value !== 'visible';
  const innerBox = (box: Element) => {
    const edge = box.getBoundingClientRect();
    const left = edge.left + box.clientLeft;
    const top = edge.top + box.clientTop;
    return { left, top, right: left + box.clientWidth, bottom: top + box.clientHeight };
  };
  /** A title on the way from the text up to the box that cuts it, carrying the whole text. */
  const titled = (from: Element, box: Element, text: string): boolean => {
    for (let node: Element | null = from; node; node = node.parentElement) {
      const title = node.getAttribute('title');
      if (title && spaces(title).includes(text)) return true;
      if (node === box) return false;
    }
    return false;
  };
  /** What paints over the page on its own: a dialog, a fixed or sticky box, a box with a z-index. */
  const layerOf = (element: Element): Element => {
    for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
      const style = styleOf(node);
      if (
        node.tagName === 'DIALOG' ||
        style.position === 'fixed' ||
        style.position === 'sticky' ||
        (style.position !== 'static' && style.zIndex !== 'auto')
      )
        return node;
    }
    return document.body;
  };

  const misfits: LayoutMisfit[] = [];
  const reported = new Set<string>();
  const report = (misfit: LayoutMisfit) => {
    const key = `${misfit.kind} ${misfit.box} ${misfit.text}`;
    if (reported.has(key)) return;
    reported.add(key);
    misfits.push(misfit);
  };

  interface Line {
    rect: { left: number; right: number; top: number; bottom: number };
    parent: Element;
    text: string;
    layer: Element;
  }
  const visibleLines: Line[] = [];

  const walker = document.createTreeWalker(document.body, SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = spaces(node.data);
    const parent = node.parentElement;
    if (!text || !parent || NOT_TEXT.has(parent.tagName) || !isShown(parent)) continue;
    range.selectNodeContents(node);
    const lines = Array.from(range.getClientRects()).filter((line) => line.width > 0 && line.height > 0);
    if (lines.length === 0) continue;
    const left = Math.min(...lines.map((line) => line.left));
    const right = Math.max(...lines.map((line) => line.right));
    const top = Math.min(...lines.map((line) => line.top));
    const bottom = Math.max(...lines.map((line) => line.bottom));
    const height = Math.max(...lines.map((line) => line.height));

    // Each box around the text, innermost first, up to the first that clips it (past that, what
    // the box cut off is not drawn, and what it shows is inside it); further out, only what each
    // clipping box leaves visible, up to a fixed box (its own layer, clipped by the window only).
    let visible = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
    let misfit = false;
    let clipped = false;
    for (let box: Element | null = parent; box && box !== document.documentElement; box = box.parentElement) {
      const style = styleOf(box);
      if (style.display === 'inline' || style.display === 'contents') continue;
      const inner = innerBox(box);
      const clipsX = clips(style.overflowX);
      const clipsY = clips(style.overflowY);
      if (!misfit && !clipped) {
        const past = Math.max(right - inner.right, inner.left - left);
        if (past > TOLERANCE) {
          misfit = true;
          const cutByEllipsis = style.textOverflow === 'ellipsis' && clipsX;
          if (scrolls(style.overflowX) && box.scrollWidth > box.clientWidth)
            report({ kind: 'spills', box: `${pathOf(box)} (scrolls sideways)`, text, by: Math.round(past) });
          else if (!(cutByEllipsis && titled(parent, box, text)))
            report({ kind: clipsX ? 'cut' : 'spills', box: pathOf(box), text, by: Math.round(past) });
        }
      }
      // Cut through at the top or bottom by a box that clips without scrolling (a fixed height).
      // Glyphs may reach a little past a tight line box, so a quarter line is allowed.
      if (!misfit && !clipped && clipsY && !scrolls(style.overflowY)) {
        const pastY = Math.max(bottom - inner.bottom, inner.top - top);
        const wholeLinesOut = top >= inner.bottom - TOLERANCE || bottom <= inner.top + TOLERANCE;
        if (pastY > Math.max(TOLERANCE, height / 4) && !wholeLinesOut) {
          misfit = true;
          report({ kind: 'cut', box: pathOf(box), text, by: Math.round(pastY) });
        }
      }
      if (clipsX || clipsY) {
        clipped = true;
        visible = {
          left: Math.max(visible.left, inner.left),
          top: Math.max(visible.top, inner.top),
          right: Math.min(visible.right, inner.right),
          bottom: Math.min(visible.bottom, inner.bottom),
        };
      }
      if (style.position === 'fixed') break;
    }
    if (misfit) continue;
    const layer = layerOf(parent);
    for (const line of lines) {
      const rect = {
        left: Math.max(line.left, visible.left),
        top: Math.max(line.top, visible.top),
        right: Math.min(line.right, visible.right),
        bottom: Math.min(line.bottom, visible.bottom),
      };
      if (rect.right - rect.left > TOLERANCE && rect.bottom - rect.top > TOLERANCE)
        visibleLines.push({ rect, parent, text, layer });
    }
  }

  // Text over text in the same layer: sorted by top, each line against those that start above its bottom.
  visibleLines.sort((a, b) => a.rect.top - b.rect.top);
  for (let i = 0; i < visibleLines.length; i++) {
    const a = visibleLines[i]!;
    for (let j = i + 1; j < visibleLines.length && visibleLines[j]!.rect.top < a.rect.bottom; j++) {
      const b = visibleLines[j]!;
      if (a.layer !== b.layer || a.parent === b.parent) continue;
      const width = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
      const height = Math.min(a.rect.bottom, b.rect.bottom) - b.rect.top;
      const shorter = Math.min(a.rect.bottom - a.rect.top, b.rect.bottom - b.rect.top);
      // Lines set tight may touch by a few pixels of their glyph boxes: a third of a line is drawn over.
      if (width > TOLERANCE && height > shorter / 3)
        report({ kind: 'overlaps', box: pathOf(b.parent), text: `${b.text} ⟂ ${a.text}`, by: Math.round(height) });
    }
  }

  // Values shown in read-only fields must be readable without scrolling the field (what the
  // cashier types into a field scrolls in it as in any field).
  for (const input of Array.from(
    document.querySelectorAll('input:is([readonly], :disabled):not([type=checkbox], [type=radio], [type=hidden])'),
  )) {
    if (!input.value || !isShown(input)) continue;
    const past = input.scrollWidth - input.clientWidth;
    if (past > TOLERANCE) report({ kind: 'field', box: pathOf(input), text: spaces(input.value), by: past });
  }

  const root = document.documentElement;
  if (root.scrollWidth - root.clientWidth > TOLERANCE)
    report({ kind: 'page', box: 'html', text: '', by: root.scrollWidth - root.clientWidth });
  return misfits;
}

/** The misfits on the page as it is now. */
export function misfitsOnPage(page: Page): Promise<LayoutMisfit[]> {
  return page.evaluate(`(() => { const __name = (f) => f; return (${findLayoutMisfits.toString()})(); })()`);
}

/** The misfits on the page as it is now, one line each, for an assertion's message. */
export async function layoutMisfits(page: Page): Promise<string[]> {
  return (await misfitsOnPage(page)).map(
    (misfit) => `${misfit.kind} ${misfit.by}px: ${misfit.box}: "${misfit.text.slice(0, 90)}"`,
  );
}
