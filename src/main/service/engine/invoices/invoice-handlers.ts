import type { AnyOperation } from '../operation';

/** Invoices (in progress). */
export const invoiceOperations = {} satisfies Record<string, AnyOperation>;
