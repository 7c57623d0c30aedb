// A request file's fields as what the PDV asks (the guide's operations, 000-000):
//   ATV  is the Gerenciador Padrão active? The status file is the answer (PDVs wait for no other);
//   CRT  charge 003-000 (the sale's 002-000, its fiscal document): here, a Pix sale;
//   CNC  cancel the transaction 012-000 (its NSU);
//   CNF  the PDV printed the receipt and closed the fiscal document: confirmed;
//   NCN  it could not: not confirmed;
//   ADM and the rest (cheques, pre-authorisations, ...) are card terminals' work: refused.
// Strict about what a request needs: a CRT with no identification, no value or another currency
// is answered as malformed, never guessed at.
import { orderId as orderIdSchema } from '../pdv-contract';
import { readCents, type FieldKey } from './intpos';
import type { Echo } from './intpos-answers';

export type TefRequest =
  | { kind: 'ATV'; echo: Echo }
  | { kind: 'CRT'; echo: Echo; orderId: string; cents: number }
  | { kind: 'CNC'; echo: Echo; nsu: string }
  | { kind: 'CNF' | 'NCN'; echo: Echo; transaction: string }
  | { kind: 'refused'; echo: Echo; reason: string };

/** 001-000 and 002-000: a PDV's counter or number, no spaces. */
const IDENTIFIER = /^[A-Za-z0-9._-]{1,20}$/;

/** The request's own fields, echoed by every answer to it. */
export function echoOf(fields: ReadonlyMap<FieldKey, string>): Echo {
  const document = fields.get('002-000')?.trim();
  const value = fields.get('003-000')?.trim();
  return {
    header: fields.get('000-000')?.trim() ?? '',
    id: fields.get('001-000')?.trim() ?? '',
    ...(document ? { document } : {}),
    ...(value ? { value } : {}),
  };
}

/**
 * The order a CRT charges. Its identification alone is not enough: some PDVs number requests by
 * the second of the day (ACBr's TEF Discado class does), so the same 001-000 comes back
 * tomorrow. The day, the fiscal document and the identification together name one request, and
 * the same file read twice names the same order, so it is one sale. The day is UTC's: requests
 * with the same second-of-the-day number are a whole number of days apart, so their UTC days
 * differ as their local days do.
 */
export function orderIdOf(echo: Echo, takenAt: Date): string {
  const day = takenAt.toISOString().slice(0, 10).replace(/-/g, '');
  return `tef:${day}:${echo.document ?? '-'}:${echo.id}`;
}

export function requestOf(fields: ReadonlyMap<FieldKey, string>, takenAt: Date): TefRequest {
  const echo = echoOf(fields);
  const refused = (reason: string): TefRequest => ({ kind: 'refused', echo, reason });
  if (!IDENTIFIER.test(echo.id)) return refused('Campo 001-000 (identificação) ausente ou inválido');
  switch (echo.header) {
    case 'ATV':
      return { kind: 'ATV', echo };
    case 'CRT': {
      if (echo.document !== undefined && !IDENTIFIER.test(echo.document))
        return refused('Campo 002-000 (documento fiscal) inválido');
      const cents = readCents(echo.value);
      if (cents === undefined || cents <= 0) return refused('Campo 003-000 (valor) ausente ou inválido');
      const currency = fields.get('004-000')?.trim();
      if (currency !== undefined && currency !== '' && currency !== '0')
        return refused('Moeda não aceita: o Pix é só em reais (004-000 = 0)');
      const orderId = orderIdOf(echo, takenAt);
      if (!orderIdSchema.safeParse(orderId).success) return refused('Identificação do pedido inválida');
      return { kind: 'CRT', echo, orderId, cents };
    }
    case 'CNC': {
      const nsu = fields.get('012-000')?.trim();
      if (!nsu) return refused('Campo 012-000 (NSU da transação a cancelar) ausente');
      return { kind: 'CNC', echo, nsu };
    }
    case 'CNF':
    case 'NCN':
      // 027-000 is what the answer gave as "finalização"; the NSU (012-000) names it as well.
      return {
        kind: echo.header,
        echo,
        transaction: fields.get('027-000')?.trim() || fields.get('012-000')?.trim() || '',
      };
    case 'ADM':
      return refused('Funções administrativas: use a tela do Balcão');
    case '':
      return refused('Campo 000-000 (operação) ausente');
    default:
      return refused(`Operação ${echo.header} não atendida: o Balcão recebe só Pix (CRT)`);
  }
}
