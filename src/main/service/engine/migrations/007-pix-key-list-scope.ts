// Schema v7: GET /api/v1/pix-keys needs the new scope PIX_KEY_GET_LIST. A sandbox application is
// created holding every scope there is (ALL_SCOPES), and the counter's embedded sandbox and
// `npm run serve` keep theirs across upgrades; without this they would get 403 on the new list.
// Only applications that hold every scope of v6 get it: one created with chosen scopes keeps
// exactly those. The list is written out, not imported, so this migration never changes.
export const pixKeyListScopeSchema = /* sql */ `
UPDATE applications
SET scopes = json_insert(scopes, '$[#]', 'PIX_KEY_GET_LIST')
WHERE json_valid(scopes)
  AND json_type(scopes) = 'array'
  AND NOT EXISTS (SELECT 1 FROM json_each(applications.scopes) WHERE value = 'PIX_KEY_GET_LIST')
  AND (
    SELECT COUNT(DISTINCT value) FROM json_each(applications.scopes)
    WHERE value IN (
      'CHARGE_POST', 'CHARGE_GET', 'CHARGE_GET_LIST', 'CHARGE_PATCH', 'CHARGE_DELETE', 'CHARGE_IMAGE_GET',
      'CHARGE_BRCODE_IMAGE_GET', 'CHARGE_REFUND_GET_LIST', 'CHARGE_REFUND_POST', 'CUSTOMER_POST', 'CUSTOMER_GET',
      'CUSTOMER_GET_LIST', 'CUSTOMER_PATCH', 'REFUND_POST', 'REFUND_GET', 'REFUND_GET_LIST', 'PIX_QRCODE_POST',
      'PIX_QRCODE_GET', 'PIX_QRCODE_GET_LIST', 'PIX_QRCODE_DELETE', 'TRANSACTION_GET', 'TRANSACTION_GET_LIST',
      'DECODE_EMV_POST', 'COMPANY_GET'
    )
  ) = 24;
`;
