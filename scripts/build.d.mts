// Types of scripts/build.mjs, for the TypeScript that imports it (tests, bench).
export declare const ROOT: string;
export declare const OUT: string;
/** Node's compile cache of the built programs (NODE_COMPILE_CACHE); emptied by each build. */
export declare const COMPILE_CACHE: string;
/** Node's flags for the browser host wherever it is started (see build.mjs). */
export declare const BROWSER_HOST_NODE_FLAGS: readonly string[];
/** out/main/<name>.js: a built program (an entry of the main build). */
export declare function builtEntry(name: string): string;
export declare function builtEntryUrl(name: string): string;
export declare function buildState(): { fresh: boolean; why: string };
/** Builds unless the build is fresh (always with `force`); resolves with whether it built. */
export declare function ensureBuilt(options?: {
  force?: boolean;
  log?: (line: string) => void;
  logLevel?: 'info' | 'warn' | 'error' | 'silent';
}): Promise<boolean>;
