/** Subscription installments (in progress: filled in before it ships). */
export const installmentsSchema = `SELECT 1;`;
