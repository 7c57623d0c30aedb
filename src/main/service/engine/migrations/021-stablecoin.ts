/** Stablecoin subaccounts, deposits and payouts (in progress: filled in before it ships). */
export const stablecoinSchema = `SELECT 1;`;
