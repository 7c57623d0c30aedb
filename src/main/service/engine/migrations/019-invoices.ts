/** Invoices and the invoice integration (in progress: filled in before it ships). */
export const invoicesSchema = `SELECT 1;`;
