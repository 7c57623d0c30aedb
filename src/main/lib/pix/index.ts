// Public API of the Pix domain kernel: BR Codes, Pix keys, CPF/CNPJ and SPI ids. Pure functions
// only (no I/O), so the payment-service engine, the counter's main process (it checks the shop's
// Pix key) and the tests all share them; hence outside src/main/service/engine/.

export { crc16CcittFalse, crc16Hex } from './crc16';
export {
  BR_CODE_MAX_LENGTH,
  BrCodeError,
  encodeBrCodePayload,
  encodeTlv,
  hasValidCrc,
  parseBrCodePayload,
  parseTlv,
  PIX_TEMPLATE_IDS,
  type TlvField,
} from './emv-tlv';
export {
  MERCHANT_CITY_MAX_LENGTH,
  MERCHANT_NAME_MAX_LENGTH,
  sanitizeMerchantCity,
  sanitizeMerchantName,
  toBrCodeText,
} from './merchant-text';
export {
  buildDynamicBrCode,
  buildStaticBrCode,
  decodeBrCode,
  LOCATION_URL_MAX_LENGTH,
  MAX_AMOUNT_CENTS,
  PIX_GUI,
  type DecodedBrCode,
  type DynamicBrCodeInput,
  type PointOfInitiation,
  type StaticBrCodeInput,
} from './brcode';
export {
  detectPixKeyType,
  isPixKeyType,
  normalizePixKey,
  PIX_KEY_MAX_LENGTH,
  PIX_KEY_TYPES,
  toPixKeyType,
  validatePixKey,
  type NormalizedPixKey,
  type PixKeyType,
  type PixKeyTypeInput,
  type PixKeyValidation,
} from './pix-key';
export { isValidCnpj, isValidCpf, parseTaxId, type TaxId, type TaxIdType } from '#shared/lib/tax-id';
export {
  isEndToEndId,
  newEndToEndId,
  newReturnId,
  parseEndToEndId,
  randomIdSuffix,
  type ParsedEndToEndId,
  type PixIdKind,
} from './end-to-end-id';
