/** Subaccounts, their ledger and transfers (in progress: filled in before it ships). */
export const subaccountsSchema = `SELECT 1;`;
