// The cashier's rules on a sale, in one place: what may be done to it now, judged from the sale as
// the screens see it, each refusal a coded error (its words are the renderer's, in both
// languages). The handlers check a rule in the same synchronous turn as the write it guards
// (src/main/counter/sync/commands/sale-commands.ts), so nothing can change the sale between the two.
import { CounterError } from '#shared/counter/counter-errors';
import { formatBRL } from '#shared/lib/money';
import type { Sale, SaleCustomer } from '#shared/counter/counter-api';
import { isWaitingStatus } from '#shared/counter/waiting-sale';
import { refundValueRefusal } from '#shared/counter/refund-rule';

/** A customer named on a sale must be reachable: a CPF/CNPJ, an e-mail or a phone. */
export function assertCustomerReachable(customer: SaleCustomer | undefined): void {
  if (customer && !customer.taxID && !customer.email && !customer.phone)
    throw new CounterError('CUSTOMER_CONTACT_REQUIRED');
}

/**
 * Esc Esc cancels a sale still waiting for its payment; cancelling one already cancelled is no
 * change. A paid sale is never cancelled, only refunded (with the manager).
 */
export function assertCancellable(sale: Pick<Sale, 'status'>): void {
  if (sale.status === 'CANCELLED') return;
  if (sale.status === 'COMPLETED') throw new CounterError('SALE_ALREADY_PAID');
  if (!isWaitingStatus(sale.status)) throw new CounterError('SALE_NOT_WAITING', { context: 'cancel' });
}

/** Only a paid sale is refunded, and never beyond what is still refundable (shared/refund-rule.ts). */
export function assertRefundable(sale: Pick<Sale, 'status' | 'refundable'>, value: number): void {
  if (sale.status !== 'COMPLETED') throw new CounterError('SALE_NOT_PAID');
  if (refundValueRefusal(value, sale.refundable) === 'amountTooHigh')
    throw new CounterError(
      'REFUND_TOO_LARGE',
      { refundable: sale.refundable },
      `O valor passa do que ainda pode ser devolvido (${formatBRL(sale.refundable)})`,
    );
}

/** "Simular pagamento" pays a sale whose charge waits for its Pix (not one sold offline). */
export function assertPayableInSandbox(sale: Pick<Sale, 'status'>): void {
  if (sale.status !== 'ACTIVE') throw new CounterError('SALE_NOT_WAITING', { context: 'pay' });
}

/** "Mostrar QR" brings back a sale that can still be paid: its QR (or "Conectando…") is what the customer needs. */
export function assertShowable(sale: Pick<Sale, 'status'>): void {
  if (!isWaitingStatus(sale.status)) throw new CounterError('SALE_NOT_WAITING', { context: 'show' });
}
