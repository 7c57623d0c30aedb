import type { Db } from '../../store/database';
import type { AdditionalInfo, ChargeCustomer } from '../../../shared/resources';
import { centsToDecimalString } from '../../../shared/money';
import { overdueAmount } from './charge-amount';
import { chargeRepo } from './charge-repo-instance';

/**
 * What a payer's bank reads at a dynamic BR Code's location, in the shape of the central bank's
 * API Pix `cob`/`cobv` payload. Amounts are decimal strings there ("12.34"), unlike our API.
 * Returns null for unknown locations and for charges that can no longer be paid.
 */
export function pixLocationPayload(db: Db, locationId: string, now: Date, paymentDay?: string): Record<string, unknown> | null {
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
  // A bank asks for the amount on the payer's intended payment day (DPP); noon keeps the day stable.
  const at = paymentDay && /^\d{4}-\d{2}-\d{2}$/.test(paymentDay) ? new Date(`${paymentDay}T12:00:00-03:00`) : now;
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
