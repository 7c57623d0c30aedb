import type { Db } from '#lib/store/database';
import type { AdditionalInfo, ChargeCustomer } from '#shared/service/resources';
import { centsToDecimalString } from '#shared/lib/money';
import { badRequest } from '../errors';
import { isCalendarDay } from '#shared/lib/calendar-day';
import { saoPauloInstant } from '#shared/lib/sao-paulo-time';
import { overdueAmount } from './charge-amount';
import { chargeRepo } from './charge-repo-instance';

/**
 * The instant a due-date charge is priced at: noon (São Paulo) of the payer's intended payment
 * day (DPP), which keeps the day stable, or now when the bank sends none. DPP must be a real
 * calendar day: "2026-02-30" is refused, not rolled over to March (400, like any bad input).
 */
function pricingInstant(paymentDay: string | undefined, now: Date): Date {
  if (paymentDay === undefined) return now;
  if (!isCalendarDay(paymentDay)) throw badRequest('DPP must be a calendar day written YYYY-MM-DD');
  return saoPauloInstant(paymentDay, '12:00');
}

/**
 * What a payer's bank reads at a dynamic BR Code's location, in the shape of the central bank's
 * API Pix `cob`/`cobv` payload. Amounts are decimal strings there ("12.34"), unlike our API.
 * Returns null for unknown locations and for charges that can no longer be paid; throws a 400
 * ServiceError for a bad DPP, checked first so the answer does not depend on the location.
 */
export function pixLocationPayload(
  db: Db,
  locationId: string,
  now: Date,
  paymentDay?: string,
): Record<string, unknown> | null {
  const at = pricingInstant(paymentDay, now);
  if (!/^[0-9a-f]{32}$/.test(locationId)) return null;
  const row = chargeRepo(db).findByLocation(locationId);
  if (!row || row.status === 'EXPIRED') return null;
  const customer = row.customer ? (JSON.parse(row.customer) as ChargeCustomer) : null;
  const additionalInfo = JSON.parse(row.additional_info) as AdditionalInfo[];
  const debtor = customer?.taxID
    ? { nome: customer.name, [customer.taxID.type === 'BR:CPF' ? 'cpf' : 'cnpj']: customer.taxID.taxID }
    : undefined;
  const base = {
    txid: row.transaction_id,
    revisao: 0,
    status: row.status === 'COMPLETED' ? 'CONCLUIDA' : 'ATIVA',
    chave: row.pix_key,
    ...(debtor ? { devedor: debtor } : {}),
    ...(row.comment ? { solicitacaoPagador: row.comment } : {}),
    infoAdicionais: additionalInfo.map((item) => ({ nome: item.key, valor: item.value })),
  };
  if (row.type !== 'OVERDUE') {
    return {
      ...base,
      calendario: { criacao: row.created_at, apresentacao: now.toISOString(), expiracao: row.expires_in },
      valor: { original: centsToDecimalString(row.value), modalidadeAlteracao: 0 },
    };
  }
  // A bank asks for the amount on the payer's intended payment day (DPP).
  const amount = overdueAmount(row, at)!;
  if (!amount.payable) return null;
  return {
    ...base,
    calendario: {
      criacao: row.created_at,
      apresentacao: now.toISOString(),
      dataDeVencimento: amount.dueDay,
      validadeAposVencimento: row.days_after_due_date ?? 0,
    },
    valor: {
      original: centsToDecimalString(amount.original),
      multa: centsToDecimalString(amount.fine),
      juros: centsToDecimalString(amount.interest),
      desconto: centsToDecimalString(amount.discount),
      final: centsToDecimalString(amount.final),
    },
  };
}
