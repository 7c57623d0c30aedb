// Brings the counter's rows in line with what the service says. The service wins for what it
// decides: a payment, an expiry, a refund settled or rejected. The counter keeps what only the
// cashier decides and the service has not heard yet: a cancel on its way, a refund in the queue.
import { undoesPayment } from '#shared/counter/paid-sale';
import type { SaleStatus } from '#shared/counter/counter-api';
import type { RefundRow, SaleRow, SalesRepo } from '../sales/sales-repo';
import type { ContractCharge, ContractChargeRefund, ContractTransaction } from '../remote/service-contract';

export class SaleMirror {
  constructor(
    private readonly repo: SalesRepo,
    private readonly now: () => string,
  ) {}

  /** The service's charge for this sale (from a create, a get or a list). */
  applyCharge(row: SaleRow, charge: ContractCharge): boolean {
    const status = statusAfter(row.status, charge.status);
    const chargeJson = JSON.stringify(charge);
    if (status === row.status && chargeJson === row.charge_json) return false;
    this.repo.updateSale({
      ...row,
      status,
      charge_json: chargeJson,
      rejected_reason: status === 'REJECTED' ? row.rejected_reason : null,
      updated_at: this.now(),
    });
    return true;
  }

  applyPayment(row: SaleRow, payment: ContractTransaction): boolean {
    const paymentJson = JSON.stringify(payment);
    if (paymentJson === row.payment_json) return false;
    this.repo.updateSale({ ...row, payment_json: paymentJson, updated_at: this.now() });
    return true;
  }

  /** The create was refused for good: the sale never exists at the service. */
  reject(row: SaleRow, reason: string): boolean {
    // A sale the cashier cancelled meanwhile stays cancelled; the refusal is kept on its command.
    if (row.status === 'CANCELLED') return false;
    this.repo.updateSale({ ...row, status: 'REJECTED', rejected_reason: reason, updated_at: this.now() });
    return true;
  }

  /**
   * The service refused to delete the charge (paid first, most often): the sale is not cancelled.
   * It goes back to what the service last said, so the puller follows it again and a payment
   * shows; the refusal stays on its command for the screens.
   */
  cancelRefused(row: SaleRow): boolean {
    if (row.status !== 'CANCELLED') return false;
    const charge = row.charge_json ? (JSON.parse(row.charge_json) as ContractCharge) : undefined;
    this.repo.updateSale({
      ...row,
      status: charge ? statusAfter('ACTIVE', charge.status) : 'ACTIVE',
      updated_at: this.now(),
    });
    return true;
  }

  /** The service's refunds of this sale: ours take their state, others (made elsewhere) are added. */
  applyRefunds(row: SaleRow, remote: readonly ContractChargeRefund[]): boolean {
    let changed = false;
    for (const refund of remote) {
      const local = this.repo.refund(refund.correlationID);
      const refundJson = JSON.stringify(refund);
      if (!local) {
        this.repo.insertRefund({
          correlation_id: refund.correlationID,
          sale_id: row.correlation_id,
          value: refund.value,
          comment: refund.comment ?? null,
          created_at: refund.time,
          status: refund.status,
          refund_json: refundJson,
          rejected_reason: null,
          updated_at: this.now(),
        });
        changed = true;
      } else if (
        local.sale_id === row.correlation_id &&
        (local.status !== refund.status || local.refund_json !== refundJson)
      ) {
        this.repo.updateRefund({ ...local, status: refund.status, refund_json: refundJson, updated_at: this.now() });
        changed = true;
      }
    }
    return changed;
  }

  applyRefundAnswer(local: RefundRow, refund: ContractChargeRefund): boolean {
    const refundJson = JSON.stringify(refund);
    if (local.status === refund.status && local.refund_json === refundJson) return false;
    this.repo.updateRefund({
      ...local,
      status: refund.status,
      refund_json: refundJson,
      rejected_reason: null,
      updated_at: this.now(),
    });
    return true;
  }

  rejectRefund(local: RefundRow, reason: string): boolean {
    this.repo.updateRefund({ ...local, status: 'REJECTED', rejected_reason: reason, updated_at: this.now() });
    return true;
  }
}

/**
 * The status after the service says `remote`. Paid is paid, whatever the counter thought (a
 * cancel that crossed a payment is then refused, and says so). Otherwise a sale the cashier
 * cancelled, or one the service refused, keeps that state.
 */
export function statusAfter(local: SaleStatus, remote: string): SaleStatus {
  if (remote === 'COMPLETED') return 'COMPLETED';
  if (local === 'CANCELLED' || local === 'REJECTED') return local;
  // An older answer crossing a newer one must not undo a payment.
  if (undoesPayment(local, remote)) return local;
  // ACTIVE and EXPIRED are the only other words of a counter's charge; any other leaves the sale as it was.
  if (remote === 'ACTIVE' || remote === 'EXPIRED') return remote;
  return local;
}
