/** Anticipation and boleto transactions (in progress: filled in before it ships). */
export const anticipationBoletoTransactionsSchema = `SELECT 1;`;
