import type { AnyOperation } from '../operation';

/** Anticipation (in progress). */
export const anticipationOperations = {} satisfies Record<string, AnyOperation>;
