import { newReturnId } from '#lib/pix';
import type { OperationContext } from '../context';
import { badRequest, notFound } from '../errors';
import { newObjectId, newTransactionId } from '../ids';
import { ledger, type AccountRef } from '../ledger/ledger';
import { REFUND_EVENTS } from '../refunds/create-refund';
import { refundRepo, type RefundRow } from '../refunds/refund-repo';
import {
  creditRefundReceived,
  payerInsideService,
  RECEIVER_ACCOUNT_CLOSED,
  type PayerInside,
} from '../refunds/refund-return-to-payer';
import { bookTransaction } from '../transactions/book-transaction';
import { transactionRepo, type TransactionRow, type TransactionView } from '../transactions/transaction-repo';
import { parseParty, serializeTransaction } from '../transactions/transaction-serializer';
import { disputeRepo, type ClosedDisputeStatus, type DisputeRow } from './dispute-repo';
import { disputeEventPayload } from './dispute-serializer';

/** The public webhook names (remote-api-notes §3.1); the webhook module delivers them as they are. */
export const DISPUTE_EVENTS = {
  created: 'OPENPIX:DISPUTE_CREATED',
  accepted: 'OPENPIX:DISPUTE_ACCEPTED',
  rejected: 'OPENPIX:DISPUTE_REJECTED',
  canceled: 'OPENPIX:DISPUTE_CANCELED',
} as const;

const CLOSED_EVENT: Record<ClosedDisputeStatus, string> = {
  ACCEPTED: DISPUTE_EVENTS.accepted,
  REJECTED: DISPUTE_EVENTS.rejected,
  CANCELED: DISPUTE_EVENTS.canceled,
};

/** What the payer's side of a MED claim says; the sandbox fills in a test payer where it is silent. */
export interface DisputeClaim {
  endToEndId: string;
  value?: number;
  reason?: string;
  name?: string;
  email?: string;
  phoneNumber?: string;
}

export const SANDBOX_CLAIMANT = { email: 'pagador.testes@example.com', phoneNumber: '+5511999999999' } as const;
const DEFAULT_REASON = 'Golpe: produto ou serviço não entregue';
const BLOCK_NOTE = 'Bloqueio cautelar (MED)';
const UNBLOCK_NOTE = 'Bloqueio cautelar (MED) liberado';
const RETURN_NOTE = 'Devolução por disputa MED';

/** Cents of a received Pix not yet promised back by refunds (a rejected refund promises nothing). */
function refundable(ctx: OperationContext, payment: TransactionView): number {
  return payment.value - refundRepo(ctx.db).committedTotal(payment.id);
}

function bookBlockMove(
  ctx: OperationContext,
  dispute: Pick<DisputeRow, 'account_id' | 'transaction_id'>,
  kind: 'BALANCE_BLOCK' | 'BALANCE_UNBLOCK',
  value: number,
): TransactionRow {
  return bookTransaction(ctx.db, {
    company_id: ctx.tenant.company.id,
    account_id: dispute.account_id,
    type: kind,
    value,
    // Blocks move money between buckets, never in or out: no Pix, so an id of our own (as the sandbox's blocks).
    end_to_end_id: `${kind === 'BALANCE_BLOCK' ? 'BLK' : 'UBK'}${newTransactionId()}`,
    // Shows which received Pix the block is about (originalEndToEndId).
    original_transaction_id: dispute.transaction_id,
    time: ctx.now.toISOString(),
    info_pagador: kind === 'BALANCE_BLOCK' ? BLOCK_NOTE : UNBLOCK_NOTE,
  });
}

/**
 * Opens a MED dispute against a Pix the company received, as the payer's bank would (sandbox
 * only; see sandbox-dispute-handlers.ts). Like the real MED's cautionary block, the disputed value
 * is blocked at once on the receiving account (ledger bucket `security`, a BALANCE_BLOCK
 * transaction), so it can neither be spent nor refunded twice while the dispute is IN_REVIEW. The
 * value defaults to what refunds have not already promised back, and the account must have it
 * available: the sandbox refuses the claim otherwise (400), writing nothing.
 */
export function openDispute(
  ctx: OperationContext,
  claim: DisputeClaim,
): { dispute: DisputeRow; block: TransactionRow } {
  const companyId = ctx.tenant.company.id;
  const at = ctx.now.toISOString();
  return ctx.db
    .transaction(() => {
      const payment = transactionRepo(ctx.db).findByEndToEndId(companyId, claim.endToEndId);
      if (!payment) throw notFound('Transaction not found');
      if (payment.type !== 'PAYMENT') throw badRequest('Only a Pix received (a PAYMENT transaction) can be disputed');
      if (disputeRepo(ctx.db).findByTransaction(payment.id))
        throw badRequest(`A dispute already exists for transaction ${payment.end_to_end_id}`);
      const left = refundable(ctx, payment);
      if (left <= 0) throw badRequest('The transaction has already been fully refunded: nothing is left to dispute');
      const value = claim.value ?? left;
      if (value > left)
        throw badRequest(`value ${value} exceeds what is left of the transaction (${left} of ${payment.value} cents)`);
      const payer = parseParty(payment.payer);
      const dispute: DisputeRow = {
        id: newObjectId(),
        company_id: companyId,
        account_id: payment.account_id,
        transaction_id: payment.id,
        end_to_end_id: payment.end_to_end_id,
        status: 'IN_REVIEW',
        type: 'MED',
        name: claim.name ?? payer?.name ?? 'Pagador de Testes',
        email: claim.email ?? SANDBOX_CLAIMANT.email,
        phone_number: claim.phoneNumber ?? SANDBOX_CLAIMANT.phoneNumber,
        value,
        dispute_reason: claim.reason ?? DEFAULT_REASON,
        blocked: value,
        returned: 0,
        created_at: at,
        updated_at: at,
      };
      const block = bookBlockMove(ctx, dispute, 'BALANCE_BLOCK', value);
      const ref: AccountRef = { companyId, accountId: payment.account_id };
      if (
        !ledger(ctx.db).block(ref, 'security', value, {
          kind: 'BALANCE_BLOCK',
          transactionId: block.id,
          causeId: dispute.id,
          at,
        })
      ) {
        throw badRequest('Account does not have enough available balance to block the disputed value');
      }
      disputeRepo(ctx.db).insert(dispute);
      ctx.emit(DISPUTE_EVENTS.created, disputeEventPayload(dispute));
      return { dispute, block };
    })
    .immediate();
}

/** Returns `cents` of the disputed payment to its payer: a confirmed refund and its REFUND transaction. */
function returnToPayer(
  ctx: OperationContext,
  dispute: DisputeRow,
  payment: TransactionView,
  cents: number,
): { refund: RefundRow; row: TransactionRow } {
  const companyId = ctx.tenant.company.id;
  const at = ctx.now.toISOString();
  const refunds = refundRepo(ctx.db);
  const account = ctx.tenancy.account(dispute.account_id)!;
  // The refund list shows the devolução under a correlationID of ours; a client's own key is never taken.
  let correlationId = `MED-${dispute.id}`;
  if (refunds.findByCorrelationId(companyId, correlationId)) correlationId = `MED-${dispute.id}-${newObjectId()}`;
  const refund: RefundRow = {
    id: newObjectId(),
    company_id: companyId,
    account_id: dispute.account_id,
    transaction_id: payment.id,
    charge_id: payment.charge_id,
    correlation_id: correlationId,
    refund_id: newTransactionId(),
    return_identification: newReturnId(account.ispb, ctx.now),
    value: cents,
    value_given: 1,
    // The MED devolução settles at once: the money was already blocked for it.
    status: 'CONFIRMED',
    comment: RETURN_NOTE,
    settles_at: at,
    settled_at: at,
    created_at: at,
  };
  refunds.insert(refund);
  const row = bookTransaction(ctx.db, {
    company_id: companyId,
    account_id: dispute.account_id,
    type: 'REFUND',
    value: cents,
    end_to_end_id: refund.return_identification,
    transaction_id: refund.refund_id,
    charge_id: payment.charge_id,
    pix_qr_code_id: payment.pix_qr_code_id,
    refund_id: refund.id,
    original_transaction_id: payment.id,
    txid: payment.txid,
    info_pagador: RETURN_NOTE,
    // The money flows back: our account pays, the original payer receives.
    payer: parseParty(payment.payee),
    payee: parseParty(payment.payer),
    time: at,
  });
  return { refund, row };
}

/**
 * The payer of a Pix another company of this service sent (refund-return-to-payer.ts), when its
 * paying account can take the devolução back. When that account was closed, the payer's PSP (this
 * service) would reject the devolução (AC07), as it rejects a refund to it: the dispute cannot be
 * ACCEPTED, the money and its block stay with the receiver, and the caller is told why (it may
 * still close the dispute as REJECTED or CANCELED).
 */
function payerToCredit(ctx: OperationContext, payment: TransactionView): PayerInside | null {
  const payer = payerInsideService(ctx.db, payment);
  if (payer && !ctx.tenancy.receivingTenant(payer.payment.company_id, payer.payment.account_id)) {
    throw badRequest(
      `The payer's account was closed: its PSP rejects the devolução (${RECEIVER_ACCOUNT_CLOSED}); the dispute can only be REJECTED or CANCELED`,
    );
  }
  return payer;
}

/**
 * Closes an IN_REVIEW dispute and settles its block:
 * - ACCEPTED: the payer wins; the block is lifted and the value leaves the account as a MED
 *   devolução (a CONFIRMED refund of the payment, a REFUND transaction). Never more than the
 *   payment still has unrefunded, nor than the account holds once the block is lifted (a block
 *   lifted meanwhile by the sandbox's balance operations may have let the money be spent).
 *   When another company of this service sent the Pix, the devolução is credited to its paying
 *   account (PIX_TRANSACTION_REFUND_RECEIVED_CONFIRMED for it); if that account was closed, the
 *   dispute cannot be ACCEPTED (400, nothing written; see payerToCredit).
 * - REJECTED, CANCELED: the block is lifted (a BALANCE_UNBLOCK transaction); the money stays.
 * Emits the DISPUTE_* event of the new status. Returns the transaction booked, if any moved money.
 */
export function resolveDispute(
  ctx: OperationContext,
  id: string,
  status: ClosedDisputeStatus,
): { dispute: DisputeRow; transaction: TransactionRow | null } {
  const companyId = ctx.tenant.company.id;
  const at = ctx.now.toISOString();
  return ctx.db
    .transaction(() => {
      const disputes = disputeRepo(ctx.db);
      const dispute = disputes.findByAnyId(companyId, id);
      if (!dispute) throw notFound('Dispute not found');
      if (dispute.status !== 'IN_REVIEW') throw badRequest(`The dispute is already ${dispute.status}`);
      const ref: AccountRef = { companyId, accountId: dispute.account_id };
      const balance = ledger(ctx.db).balance(ref);
      // The block may have been lifted meanwhile (sandbox unblock): lift only what is still there.
      const lift = Math.min(dispute.blocked, balance.blockedBySecurity);
      let transaction: TransactionRow | null = null;
      let returned = 0;
      if (status === 'ACCEPTED') {
        const payment = transactionRepo(ctx.db).findById(companyId, dispute.transaction_id)!;
        returned = Math.min(dispute.value, refundable(ctx, payment), balance.available + lift);
        if (returned > 0) {
          // Before any write: a devolução the payer's side would reject is refused whole.
          const payer = payerToCredit(ctx, payment);
          const sent = returnToPayer(ctx, dispute, payment, returned);
          transaction = sent.row;
          const cause = { kind: 'REFUND' as const, transactionId: transaction.id, causeId: dispute.id, at };
          if (lift > 0 && !ledger(ctx.db).unblock(ref, 'security', lift, cause))
            throw new Error('dispute: block vanished');
          if (!ledger(ctx.db).debit(ref, returned, cause))
            throw new Error('dispute: return not covered after lifting its block');
          const refundTransaction = serializeTransaction(transactionRepo(ctx.db).findById(companyId, transaction.id)!);
          const payee = parseParty(payment.payee);
          ctx.emit(REFUND_EVENTS.confirmed, {
            refundTransaction: { ...refundTransaction, partial: returned < payment.value },
            originalTransaction: serializeTransaction(payment),
            company: { id: companyId, name: payee?.name ?? '', taxID: payee?.taxID ?? null },
          });
          // A Pix from inside the service: the devolução lands on the paying account, booked as its
          // company in this same transaction, so no money leaves (or vanishes from) the service.
          if (
            payer &&
            !ctx.asReceiver(
              payer.payment.company_id,
              payer.payment.account_id,
              (asPayer) => void creditRefundReceived(asPayer, sent.refund, payer),
            )
          ) {
            throw new Error(
              `dispute ${dispute.id}: the paying account could take the devolução a moment ago and no longer can`,
            );
          }
        }
      }
      if (transaction === null && lift > 0) {
        transaction = bookBlockMove(ctx, dispute, 'BALANCE_UNBLOCK', lift);
        if (
          !ledger(ctx.db).unblock(ref, 'security', lift, {
            kind: 'BALANCE_UNBLOCK',
            transactionId: transaction.id,
            causeId: dispute.id,
            at,
          })
        ) {
          throw new Error('dispute: block vanished');
        }
      }
      if (!disputes.close(companyId, dispute.id, status, returned, at))
        throw badRequest(`The dispute is already closed`);
      const closed = disputes.findByAnyId(companyId, dispute.id)!;
      ctx.emit(CLOSED_EVENT[status], disputeEventPayload(closed));
      return { dispute: closed, transaction };
    })
    .immediate();
}
