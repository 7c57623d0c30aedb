// Which fonts drew the page's text, as Chromium itself reports them (CDP's
// CSS.getPlatformFontsForNode, the fonts DevTools lists under "Rendered Fonts"): a glyph the app's
// bundled fonts lack is drawn by a font of the machine's, and then looks and measures differently
// on every machine, or is a missing-glyph box on one with no such font.
import type { CDPSession, Page } from 'playwright-core';

interface DomNode {
  nodeId: number;
  nodeType: number;
  nodeName: string;
  nodeValue: string;
  children?: DomNode[];
  shadowRoots?: DomNode[];
}

interface PlatformFont {
  familyName: string;
  isCustomFont: boolean;
  glyphCount: number;
}

/** Runs `read` with a DevTools session on `page` whose DOM and CSS agents are on, closed after. */
async function withCss<T>(page: Page, read: (cdp: CDPSession) => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    return await read(cdp);
  } finally {
    await cdp.detach();
  }
}

/** The fonts of the machine's (not the page's own) that drew the text of the node. */
async function machineFontsOf(cdp: CDPSession, nodeId: number): Promise<PlatformFont[]> {
  const { fonts } = (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })) as { fonts: PlatformFont[] };
  return fonts.filter((font) => !font.isCustomFont && font.glyphCount > 0);
}

/** Each font of the machine's that drew text on the page, with the text of one element it drew. */
export function machineFontsOnPage(page: Page): Promise<string[]> {
  return withCss(page, async (cdp) => {
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
    const withText: DomNode[] = [];
    const visit = (node: DomNode) => {
      const children = [...(node.children ?? []), ...(node.shadowRoots ?? [])];
      if (node.nodeType === 1 && children.some((child) => child.nodeType === 3 && child.nodeValue.trim()))
        withText.push(node);
      for (const child of children) visit(child);
    };
    visit(root);
    const found = new Map<string, string>();
    await Promise.all(
      withText.map(async (element) => {
        const text = (element.children ?? [])
          .filter((child) => child.nodeType === 3)
          .map((child) => child.nodeValue.trim())
          .join(' ');
        for (const font of await machineFontsOf(cdp, element.nodeId))
          if (!found.has(font.familyName))
            found.set(font.familyName, `${font.familyName}: ${element.nodeName.toLowerCase()} "${text.slice(0, 60)}"`);
      }),
    );
    return [...found.values()];
  });
}

/**
 * The machine's fonts Chromium would draw `text` with in the generic sans-serif family: none where
 * the machine's fonts are hidden from it. A probe element is added to the page and removed.
 */
export async function machineFontsForProbe(page: Page, text: string): Promise<string[]> {
  await page.evaluate((probeText) => {
    const { document } = globalThis as unknown as {
      document: {
        createElement(tag: string): { id: string; textContent: string; style: { fontFamily: string } };
        body: { append(node: unknown): void };
      };
    };
    const probe = document.createElement('p');
    probe.id = 'balcao-font-probe';
    probe.textContent = probeText;
    probe.style.fontFamily = 'sans-serif';
    document.body.append(probe);
  }, text);
  try {
    return await withCss(page, async (cdp) => {
      const { root } = (await cdp.send('DOM.getDocument', { depth: 0 })) as { root: DomNode };
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '#balcao-font-probe' });
      return (await machineFontsOf(cdp, nodeId)).map((font) => font.familyName);
    });
  } finally {
    await page.evaluate(() => {
      const { document } = globalThis as unknown as {
        document: { getElementById(id: string): { remove(): void } | null };
      };
      document.getElementById('balcao-font-probe')?.remove();
    });
  }
}
