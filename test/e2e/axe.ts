// axe-core in the page. The page's CSP forbids injected <script> tags (as it should), so the
// library is evaluated through the DevTools protocol instead, which CSP does not govern.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './renderer-build';

const AXE_SOURCE = readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');

interface AxeLike {
  run(
    context: unknown,
    options: object,
  ): Promise<{
    violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
  }>;
}

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Violations of impact serious or critical on the page as it is now. */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  const hasAxe = await page.evaluate(() => 'axe' in globalThis);
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    // This runs in the page; the Node typings here have no DOM, hence the narrow casts.
    const { axe, document } = globalThis as unknown as { axe: AxeLike; document: unknown };
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((node) => String(node.target.join(' '))),
      }));
  });
}
