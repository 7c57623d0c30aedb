import type { AnyOperation } from '../operation';

/** Transfers and the account statement (in progress). */
export const transferOperations = {} satisfies Record<string, AnyOperation>;
