// The counter's reads of its own store, as the screens, the receipts and the register take them:
// a sale, a day's sales, the sales under offline review, a receipt's records, a register
// session's records. No request to any service; a sale of another service (the mode changed) is
// not found.
import { CounterError } from '#shared/counter/counter-errors';
import type { Sale } from '#shared/counter/counter-api';
import type { SessionRecords } from '../../register/sales-store-port';
import type { CommandOutbox } from '../commands/command-outbox';
import type { CurrentService } from '../remote/current-service';
import type { OfflineSaleRow, OfflineSalesRepo } from '../offline/offline-sales-repo';
import { parse, saleView } from './sale-view';
import type { SaleRow, SalesRepo } from './sales-repo';
import type { ContractCharge, ContractChargeRefund, ContractTransaction } from '../remote/service-contract';

/** What a receipt is made of, all from the counter's store. */
export interface SaleRecords {
  correlationID: string;
  /** The sale's comment (the receipt's description when the payer wrote none). */
  comment?: string;
  /** The service's charge; an offline sale has none (its payment came through its static code). */
  charge?: ContractCharge;
  payment?: ContractTransaction;
  refunds: ContractChargeRefund[];
}

export interface SaleViewsOptions {
  repo: SalesRepo;
  outbox: CommandOutbox;
  offline: OfflineSalesRepo;
  service: CurrentService;
}

export class SaleViews {
  constructor(private readonly options: SaleViewsOptions) {}

  getSale(correlationID: string): Sale {
    return this.viewOf(this.requireRow(correlationID));
  }

  /** The sale, when it is one of the current service's; never a refusal. */
  find(correlationID: string): Sale | undefined {
    const serviceId = this.options.service.id;
    const row = this.options.repo.sale(correlationID);
    return row && serviceId !== undefined && row.service_id === serviceId ? this.viewOf(row) : undefined;
  }

  /** Sales made in [start, end) at the current service, newest first. */
  salesBetween(start: string, end: string): Sale[] {
    const serviceId = this.options.service.require().serviceId;
    const { repo, outbox, offline } = this.options;
    // A day of a thousand sales in three queries, not three per sale.
    const refunds = repo.refundsOfSalesBetween(serviceId, start, end);
    const facts = outbox.syncFactsBetween(serviceId, start, end);
    const offlineRows = offline.ofSalesBetween(serviceId, start, end);
    return repo
      .salesBetween(serviceId, start, end)
      .map((row) =>
        saleView(
          row,
          refunds.get(row.correlation_id) ?? [],
          facts.get(row.correlation_id) ?? { queued: 0 },
          offlineRows.get(row.correlation_id),
        ),
      );
  }

  /** "Conferir pagamentos offline": the offline sales a person must look at, oldest first, any day. */
  offlineReview(): Sale[] {
    const serviceId = this.options.service.require().serviceId;
    return this.options.offline
      .underReview(serviceId)
      .map((offline) => this.viewOf(this.options.repo.sale(offline.sale_id)!, offline));
  }

  /**
   * A register session's sales (and other sessions' sales cancelled in it), oldest first, with the
   * refunds asked for in it: whatever service each was made on, from the counter's store alone.
   */
  sessionRecords(sessionId: string): SessionRecords {
    const { repo } = this.options;
    const sales = repo.salesOfSession(sessionId).map((row) => ({
      sale: this.viewOf(row),
      madeHere: row.session_id === sessionId,
      // A sale cancelled before the register recorded where (none) counts where it was made.
      cancelledHere: row.status === 'CANCELLED' && (row.cancelled_session_id ?? row.session_id) === sessionId,
    }));
    const refunds = repo
      .refundsOfSession(sessionId)
      .map((refund) => ({ row: refund, sale: this.viewOf(repo.sale(refund.sale_id)!) }));
    return { sales, refunds };
  }

  /** The sale a refund (by its correlationID) belongs to, when the counter has it. */
  saleOfRefund(refundCorrelationID: string): string | undefined {
    return this.options.repo.refund(refundCorrelationID)?.sale_id;
  }

  /** What a receipt of this sale is made of. */
  saleRecords(correlationID: string): SaleRecords {
    const row = this.requireRow(correlationID);
    const charge = parse<ContractCharge>(row.charge_json);
    const payment = parse<ContractTransaction>(row.payment_json);
    // An offline sale's records are its payment alone, once the service's records confirmed it.
    if (!charge && !payment) throw new CounterError('NO_SERVICE_RECORDS');
    const refunds = this.options.repo
      .refundsOf(correlationID)
      .map((refund) => parse<ContractChargeRefund>(refund.refund_json))
      .filter((refund): refund is ContractChargeRefund => refund !== undefined);
    const comment = row.comment ?? charge?.comment;
    return {
      correlationID,
      refunds,
      ...(comment ? { comment } : {}),
      ...(charge ? { charge } : {}),
      ...(payment ? { payment } : {}),
    };
  }

  /** The row of one of the current service's sales; SALE_NOT_FOUND for any other. */
  requireRow(correlationID: string): SaleRow {
    const service = this.options.service.require();
    const row = this.options.repo.sale(correlationID);
    if (!row || row.service_id !== service.serviceId)
      throw new CounterError('SALE_NOT_FOUND', { correlationID }, `Venda não encontrada: ${correlationID}`);
    return row;
  }

  /** The view of a sale known to exist (just written, or found). */
  view(correlationID: string): Sale {
    return this.viewOf(this.options.repo.sale(correlationID)!);
  }

  private viewOf(
    row: SaleRow,
    offline: OfflineSaleRow | undefined = this.options.offline.get(row.correlation_id),
  ): Sale {
    const { repo, outbox } = this.options;
    return saleView(
      row,
      repo.refundsOf(row.correlation_id),
      { queued: outbox.queuedOfSale(row.correlation_id), lastRejection: outbox.lastRejection(row.correlation_id) },
      offline,
    );
  }
}
