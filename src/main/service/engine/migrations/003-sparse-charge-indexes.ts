// Schema v3: the customer and subscription filters of the charge list get partial indexes.
// Most counter charges have neither, yet every charge paid for an entry in both indexes on
// insert (npm run bench, CPU profile of POST /api/v1/charge). `customer_id = ?` implies
// `customer_id IS NOT NULL`, so SQLite still picks these for the filtered lists.
export const sparseChargeIndexesSchema = /* sql */ `
DROP INDEX charges_company_customer_created;
DROP INDEX charges_company_subscription_created;
CREATE INDEX charges_company_customer_created ON charges(company_id, customer_id, created_at) WHERE customer_id IS NOT NULL;
CREATE INDEX charges_company_subscription_created ON charges(company_id, subscription_id, created_at) WHERE subscription_id IS NOT NULL;
`;
