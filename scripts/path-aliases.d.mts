/** Vite's `resolve.alias` entries for the project at `root`, from tsconfig.base.json's "paths". */
export function pathAliases(root: string): { find: RegExp; replacement: string }[];
