// The import aliases (#lib/…, #service/…, #counter/…, #shared/…) as the bundler and the test runner
// take them, read from where they are declared: tsconfig.base.json's "paths". TypeScript, tsx and
// dependency-cruiser read that file themselves.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Vite's `resolve.alias` entries for the project at `root`: `#lib/x` → `<root>/src/main/lib/x`.
 * @param {string} root
 * @returns {{ find: RegExp; replacement: string }[]}
 */
export function pathAliases(root) {
  // tsconfig allows // comments, which JSON does not: whole comment lines are dropped (the file has
  // no other kind).
  const text = readFileSync(join(root, 'tsconfig.base.json'), 'utf8')
    .split('\n')
    .filter((line) => !line.trim().startsWith('//'))
    .join('\n');
  /** @type {Record<string, string[]>} */
  const paths = JSON.parse(text).compilerOptions.paths;
  return Object.entries(paths).map(([pattern, [target]]) => {
    if (!pattern.endsWith('/*') || !target?.endsWith('/*'))
      throw new Error(`tsconfig.base.json: the alias ${pattern} → ${target} is not of the form "#name/*" → "./dir/*"`);
    return {
      find: new RegExp(`^${pattern.slice(0, -1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      replacement: `${join(root, target.slice(0, -1))}/`,
    };
  });
}
