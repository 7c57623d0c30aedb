import type { AnyOperation } from '../operation';

/** Stablecoin (in progress). */
export const stablecoinOperations = {} satisfies Record<string, AnyOperation>;
