// The counter's writes on its sales: each is a local change plus its command to the service, in
// one transaction, before anything is sent (a crash at any point leaves both or neither). Enter,
// Esc Esc, a refund, and the offline sale's "cliente mostrou o comprovante" and the owner's
// decision. Whether the cashier may do it is not asked here: the handlers check the cashier's
// rules (src/main/counter/app/cashier-rules.ts) in the same synchronous turn, just before the write.
import type { OfflineDecision, Sale, SaleCustomer } from '#shared/counter/counter-api';
import { CounterError } from '#shared/counter/counter-errors';
import type { Attribution } from '../../register/sales-store-port';
import type { Db } from '#lib/store/database';
import type { CommandOutbox } from './command-outbox';
import type { CommandSender } from './command-sender';
import type { Connectivity } from '../connection/connectivity';
import type { CurrentService } from '../remote/current-service';
import { withdrawCreate } from './create-withdrawal';
import type { FirstAnswer } from './first-answer';
import type { FixedQrTill } from '../fixed-qr/fixed-qr-till';
import type { OfflineSalesRepo } from '../offline/offline-sales-repo';
import type { OfflineSelling } from '../offline/offline-selling';
import type { SaleOnScreenRecord } from '../sales/sale-on-screen-record';
import type { SalePuller } from '../pull/sale-puller';
import { parse } from '../sales/sale-view';
import type { SaleViews } from '../sales/sale-views';
import type { SaleRow, SalesRepo } from '../sales/sales-repo';
import { isRetryable } from '../remote/service-outcome';
import type { ServiceClient } from '../remote/service-client';
import type { ContractTransaction } from '../remote/service-contract';
import type { SyncNotices } from '../sync-notices';

export interface NewSale {
  value: number;
  comment?: string;
  customer?: SaleCustomer;
  expiresIn: number;
  /** The register session and operator: written with the sale, which gets its number in the session. */
  by?: Attribution;
  /** The charge's `additionalInfo` (a documented field): what the payer's bank shows beside it ("Pedido: 1234"). */
  additionalInfo?: { key: string; value: string }[];
  /**
   * Rows that belong with the sale (a PDV's order, integration/pdv-orders.ts), written inside the
   * sale's own transaction: both, or neither.
   */
  alsoWrite?: (correlationID: string) => void;
}

/** A refund's operator and session, and the manager who approved it. */
export interface RefundAttribution extends Attribution {
  /** The manager who approved it (a PIN); none when an integration refunds by its own permission. */
  approvedBy?: string;
}

export interface SaleCommandsOptions {
  db: Db;
  repo: SalesRepo;
  outbox: CommandOutbox;
  offline: OfflineSalesRepo;
  /** Written with a new sale, in its transaction. */
  onScreenRecord: SaleOnScreenRecord;
  service: CurrentService;
  connectivity: Connectivity;
  sender: CommandSender;
  puller: SalePuller;
  offlineSelling: OfflineSelling;
  firstAnswer: FirstAnswer;
  views: SaleViews;
  notices: SyncNotices;
  now: () => Date;
  newId: () => string;
  /** "QR fixo do caixa": the fields a new online sale's charge carries, and the sales it supersedes. */
  fixedQr?: FixedQrTill;
}

export class SaleCommands {
  constructor(private readonly options: SaleCommandsOptions) {}

  /**
   * Enter: the sale and its create command in one transaction, then the service is asked. With
   * the service known to be out of reach (and offline selling on), the sale is made offline at
   * once, or refused with the reason; a create without an answer in time goes offline too.
   *
   * A create answers once: its sale's changes on the way are not told (no view is built for
   * them); its answer is built once, and in the same step the hold ends and the answer is told
   * through `tell` (the windows that did not ask; by default, like any change). A refused create
   * tells its refused sale like any change: it is news for the history, and nobody was answered it.
   */
  async createSale(input: NewSale, tell?: (sale: Sale) => void): Promise<Sale> {
    const { notices, views } = this.options;
    const service = this.options.service.require();
    const correlationID = `balcao-${this.options.newId()}`;
    const endHold = notices.hold(correlationID);
    let refusal: string | undefined;
    try {
      refusal = await this.create(correlationID, service, input);
    } catch (error) {
      // Whatever the create wrote and did not tell is told now, as it stands.
      if (endHold()) notices.saleChanged(correlationID);
      throw error;
    }
    // The sale's one view, built in the step that ends the hold: its answer, or the refused sale.
    const sale = views.view(correlationID);
    endHold();
    const ofCurrentService = this.options.service.id === service.serviceId;
    if (refusal !== undefined) {
      if (ofCurrentService) notices.answered(sale);
      const reason = sale.sync.rejected ?? refusal;
      throw new CounterError('SERVICE_REFUSED', { reason }, reason);
    }
    if (ofCurrentService) notices.answered(sale, tell);
    return sale;
  }

  /** The create's writes and waits; the service's refusal, if it refused. */
  private async create(correlationID: string, service: ServiceClient, input: NewSale): Promise<string | undefined> {
    const { db, repo, outbox, onScreenRecord, offlineSelling, sender } = this.options;
    const at = this.options.now().toISOString();
    const newRow = (status: 'PENDING' | 'ACTIVE'): SaleRow => ({
      correlation_id: correlationID,
      service_id: service.serviceId,
      value: input.value,
      comment: input.comment ?? null,
      customer_json: input.customer ? JSON.stringify(input.customer) : null,
      expires_in: input.expiresIn,
      created_at: at,
      status,
      charge_json: null,
      payment_json: null,
      rejected_reason: null,
      updated_at: at,
      session_id: input.by?.sessionId ?? null,
      operator_id: input.by?.operatorId ?? null,
    });
    const offlineConfig = offlineSelling.enabledConfig();
    if (offlineConfig && !this.options.connectivity.current.online) {
      const sale = { correlationID, value: input.value, comment: input.comment, expiresIn: input.expiresIn };
      // The sale goes on screen with its insert (a savepoint inside this transaction): a refusal
      // leaves neither, and a crash right after Enter still brings the sale back.
      db.transaction(() => {
        offlineSelling.create(service.serviceId, sale, offlineConfig, newRow);
        onScreenRecord.set(correlationID);
        input.alsoWrite?.(correlationID);
      })();
      sender.kick();
      return undefined;
    }
    const body: Record<string, unknown> = { correlationID, value: input.value, expiresIn: input.expiresIn };
    if (input.comment) body.comment = input.comment;
    if (input.customer) body.customer = input.customer;
    if (input.additionalInfo?.length) body.additionalInfo = input.additionalInfo;
    // The till's fixed QR: the charge joins the till's payment link, whose one code the sticker
    // carries (fixed-qr-till.ts). A sale of the till still waiting on it is cancelled in this
    // write: the code pays only the newest charge, so the older one must not look payable.
    const fixed = this.options.fixedQr?.chargeFields();
    if (fixed) Object.assign(body, fixed);
    let superseded: string[] = [];
    db.transaction(() => {
      if (fixed) {
        superseded = this.options.fixedQr!.waitingSales(service.serviceId);
        for (const earlier of superseded) this.cancelWithin(earlier, at, input.by);
      }
      repo.insertSale(newRow('PENDING'));
      outbox.add({
        serviceId: service.serviceId,
        saleId: correlationID,
        kind: 'create',
        idempotencyKey: correlationID,
        body,
        at,
      });
      onScreenRecord.set(correlationID);
      input.alsoWrite?.(correlationID);
    })();
    for (const earlier of superseded) this.told(earlier);
    this.options.notices.statusChanged();
    const answer = await this.options.firstAnswer.wait(correlationID);
    if (answer?.outcome.kind === 'rejected') return answer.outcome.error;
    const noAnswer = answer === undefined || isRetryable(answer.outcome);
    // The customer is at the counter: a sale the service did not answer in time gets a code that
    // can be paid now. When offline selling cannot take it, it stays "Conectando…" as before.
    const config = noAnswer ? offlineSelling.enabledConfig() : undefined;
    if (config && offlineSelling.takeOver(correlationID, config)) sender.kick();
    this.options.puller.watch(correlationID);
    return undefined;
  }

  /** Esc Esc: cancelled here at once; the service hears it when it can. A cancelled sale stays as it is. */
  cancelSale(correlationID: string, by?: Attribution): Sale {
    const { db, sender, views, notices } = this.options;
    const row = views.requireRow(correlationID);
    if (row.status === 'CANCELLED') return views.view(correlationID);
    // The mirror's own invariant (paid never goes back, an ended sale is not reopened); the
    // cashier's refusal, with its words, comes before this (cashier-rules.ts).
    if (row.status !== 'PENDING' && row.status !== 'ACTIVE')
      throw new Error(`a ${row.status} sale cannot be cancelled: ${correlationID}`);
    const at = this.options.now().toISOString();
    db.transaction(() => this.cancelWithin(correlationID, at, by))();
    this.told(correlationID);
    notices.statusChanged();
    sender.kick();
    return views.view(correlationID);
  }

  /** A waiting sale cancelled, inside the caller's transaction: here at once, the service's delete queued. */
  private cancelWithin(correlationID: string, at: string, by?: Attribution): void {
    const { repo, outbox, offline, sender } = this.options;
    const current = repo.sale(correlationID)!;
    repo.updateSale({ ...current, status: 'CANCELLED', updated_at: at });
    repo.markCancelled(correlationID, at, by);
    // An offline sale's code is static: nothing at the service to delete (its dynamic charge, if
    // any, is already withdrawn). Money that still comes for it goes to the owner's review.
    if (offline.get(correlationID)) return;
    // Never sent, or only ever refused before sending: the service cannot have it.
    withdrawCreate(outbox, (saleId) => sender.isInFlight(saleId), current, at, 'superseded by cancel');
  }

  /** A cancel written: the puller stops asking about the sale, and the screens hear of it. */
  private told(correlationID: string): void {
    this.options.puller.forget(correlationID);
    this.options.notices.saleChanged(correlationID);
  }

  /** A refund, its correlationID chosen once, here, and reused on every retry. */
  async refundSale(
    correlationID: string,
    value: number,
    reason: string,
    by?: RefundAttribution,
    /** An integration that refunds by its own permission (integration/pdv-sales.ts), recorded with the refund. */
    approvedByIntegration?: string,
  ): Promise<Sale> {
    const { db, repo, outbox, offline, views } = this.options;
    const service = this.options.service.require();
    const row = views.requireRow(correlationID);
    const refundId = `balcao-devolucao-${this.options.newId()}`;
    const at = this.options.now().toISOString();
    // An offline sale has no charge at the service: its refund names the payment itself, and
    // without one (confirmed with no Pix identified) there is nothing the service could refund.
    const offlinePayment = offline.get(correlationID) ? parse<ContractTransaction>(row.payment_json) : undefined;
    if (offline.get(correlationID) && !offlinePayment) throw new CounterError('OFFLINE_REFUND_BY_BANK');
    const body: Record<string, unknown> = { correlationID: refundId, value, comment: reason };
    if (offlinePayment) body.transactionEndToEndId = offlinePayment.endToEndId;
    db.transaction(() => {
      repo.insertRefund({
        correlation_id: refundId,
        sale_id: correlationID,
        value,
        comment: reason,
        created_at: at,
        status: 'QUEUED',
        refund_json: null,
        rejected_reason: null,
        updated_at: at,
        session_id: by?.sessionId ?? null,
        operator_id: by?.operatorId ?? null,
        approved_by: by?.approvedBy ?? null,
        approved_by_integration: approvedByIntegration ?? null,
      });
      outbox.add({
        serviceId: service.serviceId,
        saleId: correlationID,
        kind: 'refund',
        idempotencyKey: refundId,
        body,
        at,
      });
    })();
    this.options.notices.statusChanged();
    // Another refund of this sale may be queued ahead of this one: only this refund's answer counts.
    const answer = await this.options.firstAnswer.wait(correlationID, refundId);
    if (answer?.outcome.kind === 'rejected') {
      const refusal = repo.refund(refundId)?.rejected_reason ?? answer.outcome.error;
      throw new CounterError('SERVICE_REFUSED', { reason: refusal }, refusal);
    }
    this.options.puller.watch(correlationID);
    return views.view(correlationID);
  }

  /** "Cliente mostrou o comprovante": recorded on the offline sale, never taken as its payment. */
  markCustomerShowedReceipt(correlationID: string): Sale {
    this.options.views.requireRow(correlationID);
    this.options.offlineSelling.markCustomerShowedReceipt(correlationID);
    return this.options.views.view(correlationID);
  }

  /** The owner's decision on a sale under review (see OfflineSelling.resolve). */
  resolveOfflineReview(correlationID: string, decision: OfflineDecision): Sale {
    this.options.views.requireRow(correlationID);
    this.options.offlineSelling.resolve(correlationID, decision);
    return this.options.views.view(correlationID);
  }
}
