// CPF / CNPJ parsing lives in src/shared/tax-id.ts, so the counter's customer form checks a taxID
// exactly as the engine and the Pix key rules do.
export { isValidCnpj, isValidCpf, parseTaxId, type TaxId, type TaxIdType } from '../../shared/tax-id';
