// The renderer formats money only through the shared helper, so the screen, the receipts and
// the service agree to the cent. BRL keeps its Brazilian format in every UI language.
export { formatBRL } from '../../../shared/money';
