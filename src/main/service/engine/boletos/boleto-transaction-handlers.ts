import type { AnyOperation } from '../operation';

/** Boleto transactions (in progress). */
export const boletoTransactionOperations = {} satisfies Record<string, AnyOperation>;
