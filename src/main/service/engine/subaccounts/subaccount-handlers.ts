import type { AnyOperation } from '../operation';

/** Subaccounts (in progress). */
export const subaccountOperations = {} satisfies Record<string, AnyOperation>;
