// The browser host's Node flags (scripts/build.mjs, BROWSER_HOST_NODE_FLAGS) are declared once
// and must reach every way it starts: `npm run start:web` runs it in the npm script's own Node
// process, so its command line in package.json has to carry them; the tests, the bench and
// `npm start`'s fallback spawn it through the same constant.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSER_HOST_NODE_FLAGS } from '../../scripts/build.mjs';
import { builtCommand, ROOT } from '../support/child-process';

describe("the browser host's Node flags", () => {
  it('are on the command line of npm run start:web', () => {
    const scripts = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    // The command after the Node check (scripts/check-node.cjs) that every entry point runs first.
    const words = scripts['start:web']!.split('&&').at(-1)!.trim().split(/\s+/);
    expect(words[0]).toBe('node');
    const nodeFlags = words.slice(1, words.indexOf('scripts/start-web.mjs'));
    expect(nodeFlags).toEqual([...BROWSER_HOST_NODE_FLAGS]);
  });

  it('are given to the host the tests and the bench start, and not to the sandbox server', () => {
    expect(BROWSER_HOST_NODE_FLAGS.length).toBeGreaterThan(0);
    const host = builtCommand('start-web', []).args;
    // Node's own flags: before the program's file.
    const nodeFlags = host.slice(
      0,
      host.findIndex((arg) => arg.endsWith('start-web.js')),
    );
    for (const flag of BROWSER_HOST_NODE_FLAGS) expect(nodeFlags).toContain(flag);
    for (const flag of BROWSER_HOST_NODE_FLAGS) expect(builtCommand('serve', []).args).not.toContain(flag);
  });
});
