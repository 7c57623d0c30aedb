// What the counter writes back, in the Gerenciador Padrão's words: the status file that says a
// request was taken (IntPos.Sts: its operation and identification, echoed), and the answer file
// (RESP/IntPos.001) with the outcome.
//
// The guide defines 009-000 as the transaction's status: 0 approved, anything else not. It gives
// no meaning to the other numbers, so every refusal here is 1 and says why in 030-000, the text
// the PDV shows its operator. A paid Pix answers as an approved card payment would:
//   010-000  the network's name: "PIX";
//   012-000  the NSU, the counter's number for the transaction: the order id it keeps
//            (a later CNC names the transaction by it);
//   013-000  the authorisation code: the Pix's end-to-end id, which the NFC-e's cAut carries;
//   022-000, 023-000  the payment's date (DDMMAAAA) and time (HHMMSS), in São Paulo;
//   027-000  "finalização": the order id again, which a CNF or NCN echoes back;
//   028-000, 029-NNN  the receipt's lines, for the PDV to print.
import { formatBRL } from '#shared/lib/money';
import { saoPauloClock } from '#shared/lib/sao-paulo-time';
import type { PdvSale } from '../pdv-contract';
import type { FieldKey } from './intpos';

export type Fields = (readonly [FieldKey, string])[];

/** The request's fields an answer repeats, as the PDV wrote them. */
export interface Echo {
  header: string;
  id: string;
  /** 002-000: the fiscal document. */
  document?: string;
  /** 003-000, as written ("4500", "260,70"). */
  value?: string;
}

/** The receipt's width: the narrowest PDV printers print 40 columns. */
const COLUMNS = 40;

function head(echo: Echo): Fields {
  return [
    ['000-000', echo.header],
    ['001-000', echo.id],
    ...(echo.document === undefined ? [] : [['002-000', echo.document] as const]),
    ...(echo.value === undefined ? [] : [['003-000', echo.value] as const]),
  ];
}

/** The status file: the request was taken (its operation and identification, as written). */
export function statusFields(echo: Pick<Echo, 'header' | 'id'>): Fields {
  return [
    ['000-000', echo.header],
    ['001-000', echo.id],
  ];
}

/** Not approved: 009-000 is not 0, and 030-000 says why to the operator. */
export function refusalFields(echo: Echo, message: string): Fields {
  return [...head(echo), ['009-000', '1'], ['030-000', message]];
}

/** Done, with nothing to print (a cancel, an operation with no transaction). */
export function doneFields(echo: Echo, message: string, nsu?: string): Fields {
  return [...head(echo), ['009-000', '0'], ...(nsu ? [['012-000', nsu] as const] : []), ['030-000', message]];
}

/** A paid sale: approved, with its identifiers and the receipt to print. */
export function paidFields(echo: Echo, sale: PdvSale): Fields {
  const paidAt = saoPauloClock(new Date(sale.paidAt ?? Date.now()));
  const receipt = receiptLines(sale);
  return [
    ...head(echo),
    ['009-000', '0'],
    ['010-000', 'PIX'],
    ['012-000', sale.orderId],
    ['013-000', sale.endToEndId ?? ''],
    ['022-000', `${paidAt.day}${paidAt.month}${paidAt.year}`],
    ['023-000', `${paidAt.hour}${paidAt.minute}${paidAt.second}`],
    ['027-000', sale.orderId],
    ['028-000', String(receipt.length)],
    ...receipt.map((line, index) => [`029-${String(index + 1).padStart(3, '0')}` as FieldKey, line] as const),
    ['030-000', 'Pix recebido'],
  ];
}

/** Why a sale that ended unpaid was not approved, for the operator. */
export function unpaidMessage(sale: PdvSale): string {
  if (sale.status === 'EXPIRED') return 'Pix expirou sem pagamento';
  if (sale.status === 'CANCELLED') return 'Venda cancelada no Balcão';
  return 'Pix recusado';
}

/** The receipt of a paid Pix, in lines the PDV prints as they are. */
export function receiptLines(sale: PdvSale): string[] {
  const at = saoPauloClock(new Date(sale.paidAt ?? Date.now()));
  const lines = [
    centred('COMPROVANTE DE PAGAMENTO PIX'),
    '',
    `VALOR: ${formatBRL(sale.value).replace(/\u00a0/g, ' ')}`,
    `DATA: ${at.day}/${at.month}/${at.year} ${at.hour}:${at.minute}:${at.second}`,
    ...(sale.payerName ? [`PAGADOR: ${sale.payerName}`] : []),
    'ID FIM A FIM:',
    sale.endToEndId ?? '',
    `PEDIDO: ${sale.orderId}`,
  ];
  return lines.map((line) => line.slice(0, COLUMNS));
}

function centred(text: string): string {
  return `${' '.repeat(Math.max(0, Math.floor((COLUMNS - text.length) / 2)))}${text}`;
}
