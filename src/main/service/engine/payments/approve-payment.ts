import { newEndToEndId } from '#lib/pix';
import { assertWithinPixOutLimits } from '../accounts/pix-out-limits';
import type { OperationContext } from '../context';
import { badRequest } from '../errors';
import { ledger } from '../ledger/ledger';
import { paymentRepo, type PaymentRow } from './payment-repo';
import { routeOf, serializePayment } from './payment-serializer';
import { sourceParty } from './payment-source';

export const PAYMENT_EVENTS = {
  created: 'PAYMENT_CREATED',
  approved: 'PAYMENT_APPROVED',
  confirmed: 'OPENPIX:MOVEMENT_CONFIRMED',
  failed: 'OPENPIX:MOVEMENT_FAILED',
} as const;

/**
 * The real service's refusals for want of balance, as its documentation shows them
 * (remote-api-notes §4): English when a payment is approved as it is created (autoApprove, and
 * boletos), Portuguese from POST /api/v1/payment/approve.
 */
export const NOT_ENOUGH_BALANCE = 'You do not have enough balance to make this payment';
export const NOT_ENOUGH_BALANCE_ON_APPROVE = 'Você não possui saldo o suficiente para realizar esse pagamento';

/**
 * Approves a CREATED payment inside the caller's write transaction: the account's Pix out limits
 * for the period are checked, the value is held on the ledger (refused, with nothing written,
 * when the available balance does not cover it), and the payment gets its end-to-end id and the
 * time it settles. A payment that is no longer CREATED is returned as it is: an approval retried
 * after a lost answer gets the same payment back, not an error.
 */
export function approvePayment(
  ctx: OperationContext,
  payment: PaymentRow,
  notEnoughBalance: string = NOT_ENOUGH_BALANCE,
): PaymentRow {
  if (!ctx.db.inTransaction) throw new Error('approvePayment runs inside its caller’s transaction');
  const current = paymentRepo(ctx.db).findByAnyId(payment.company_id, payment.id)!;
  if (current.status !== 'CREATED') return current;
  const account = ctx.tenancy.account(current.account_id);
  if (!account || account.company_id !== current.company_id || account.closed_at !== null) {
    throw badRequest('The account this payment leaves from is closed');
  }
  const route = routeOf(current);
  const holder = route.destination.taxID === ctx.tenant.company.tax_id ? 'same' : 'different';
  // A boleto paid is not a Pix: the Pix limits do not apply to it (see pix-out-limits.ts).
  if (current.type !== 'BOLETO')
    assertWithinPixOutLimits(ctx.db, account, ctx.tenant.company.tax_id, holder, current.value, ctx.now);
  const at = ctx.now.toISOString();
  const ref = { companyId: current.company_id, accountId: current.account_id };
  if (!ledger(ctx.db).hold(ref, current.value, { kind: 'PIX_OUT', causeId: current.id, at })) {
    throw badRequest(notEnoughBalance);
  }
  paymentRepo(ctx.db).approve({
    companyId: current.company_id,
    id: current.id,
    endToEndId: newEndToEndId(account.ispb, ctx.now),
    at,
    settlesAt: new Date(ctx.now.getTime() + ctx.config.paymentSettlementMs).toISOString(),
  });
  const approved = paymentRepo(ctx.db).findByAnyId(current.company_id, current.id)!;
  ctx.emit(
    PAYMENT_EVENTS.approved,
    serializePayment(approved, sourceParty(ctx.db, approved.company_id, approved.account_id)),
  );
  return approved;
}
