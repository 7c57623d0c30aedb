import type { AnyOperation } from '../operation';

/** Subscription installments (in progress). */
export const installmentOperations = {} satisfies Record<string, AnyOperation>;
