import type { Db } from '#lib/store/database';
import { newEndToEndId } from '#lib/pix';
import type { Sweeper } from '../context';
import { ServiceError } from '../errors';
import { ledger } from '../ledger/ledger';
import { resolveBrCode } from '../sandbox/brcode-target';
import { bookTransaction } from '../transactions/book-transaction';
import { recordIncomingPix } from '../transactions/record-incoming-pix';
import { PAYMENT_EVENTS } from './approve-payment';
import { paymentRepo, type PaymentRow } from './payment-repo';
import { routeOf, serializePayment, type SourceParty } from './payment-serializer';
import { sourceParty, sourceTaxId } from './payment-source';

type Emit = (companyId: string, name: string, payload: unknown) => void;

type Receiver = Parameters<Sweeper['run']>[4];

/**
 * Delivers a Pix out whose receiver is inside this service: the receiving company books it as a
 * Pix in (its charge or static QR code paid, its events emitted). Runs in a savepoint, so a
 * receiver that refuses (a charge paid meanwhile) leaves nothing behind; the refusal's reason
 * comes back.
 */
function deliverInside(db: Db, payment: PaymentRow, source: SourceParty, asReceiver: Receiver): string | null {
  const route = routeOf(payment);
  const internal = route.internal!;
  try {
    const delivered = asReceiver(internal.companyId, internal.accountId, (receiver) => {
      const target = internal.qrCode
        ? resolveBrCode(receiver, internal.qrCode)
        : { pixKey: internal.pixKey ? receiver.tenancy.pixKey(internal.pixKey) : undefined };
      recordIncomingPix(receiver, {
        ...target,
        value: payment.value,
        payer: { name: source.name, taxID: sourceTaxId(source), bank: source.bank },
        infoPagador: payment.comment ?? undefined,
        // A refund of this Pix returns to the paying account (refunds/refund-return-to-payer.ts).
        paymentId: payment.id,
      });
    });
    return delivered ? null : 'AC03 - Conta inexistente ou inválida';
  } catch (error) {
    if (error instanceof ServiceError) return `DS04 - ${error.message}`;
    throw error;
  }
}

/**
 * The sandbox's SPI for Pix out: an APPROVED payment settles once its time has come. It either
 * meets its simulated failure (sandbox-failures.ts) or its receiver inside this service refuses
 * it, and the held money is released (FAILED, MOVEMENT_FAILED); or it leaves: a WITHDRAW
 * transaction is booked, the hold settles out of the balance, and the receiver inside this
 * service, if any, books its Pix in (CONFIRMED, MOVEMENT_CONFIRMED). All in the sweep's
 * transaction.
 */
export const paymentSettlementSweeper: Sweeper = {
  nextDeadline: (db) => paymentRepo(db).earliestPendingSettlement(),
  run(db, now, emit: Emit, _config, asReceiver) {
    const at = now.toISOString();
    const payments = paymentRepo(db);
    for (const payment of payments.dueForSettlement(at)) {
      const ref = { companyId: payment.company_id, accountId: payment.account_id };
      const source = sourceParty(db, payment.company_id, payment.account_id);
      const route = routeOf(payment);
      let failure = route.failure
        ? { code: route.failure.code, reason: route.failure.providerRejectedReason ?? null }
        : null;
      // Between two accounts of the same company, by key or bank details: no Pix, an internal transfer.
      let internalTransfer =
        !failure && route.internal?.companyId === payment.company_id && route.internal.qrCode === undefined;
      if (internalTransfer && !asReceiver(route.internal!.companyId, route.internal!.accountId, () => {})) {
        // The receiving account was closed while the transfer was in flight.
        failure = { code: 'AC03', reason: 'AC03 - Conta inexistente ou inválida' };
        internalTransfer = false;
      }
      if (internalTransfer) {
        const transfer = bookTransaction(db, {
          company_id: payment.company_id,
          account_id: payment.account_id,
          type: 'INTERNAL_TRANSFER',
          value: payment.value,
          end_to_end_id: payment.end_to_end_id!,
          payment_id: payment.id,
          time: at,
          info_pagador: payment.comment,
        });
        const arrival = bookTransaction(db, {
          company_id: payment.company_id,
          account_id: route.internal!.accountId,
          type: 'INTERNAL_TRANSFER',
          value: payment.value,
          // Each side's row has an id of its own (end-to-end ids are unique across the service).
          end_to_end_id: newEndToEndId(source.bank.ispb, now),
          original_transaction_id: transfer.id,
          payment_id: payment.id,
          time: at,
          info_pagador: payment.comment,
        });
        payments.confirm(payment.id, transfer.id, at);
        ledger(db).settleHold(ref, payment.value, {
          kind: 'INTERNAL_TRANSFER',
          transactionId: transfer.id,
          causeId: payment.id,
          at,
        });
        ledger(db).credit({ companyId: payment.company_id, accountId: route.internal!.accountId }, payment.value, {
          kind: 'INTERNAL_TRANSFER',
          transactionId: arrival.id,
          causeId: payment.id,
          at,
        });
        emit(
          payment.company_id,
          PAYMENT_EVENTS.confirmed,
          serializePayment(payments.findByAnyId(payment.company_id, payment.id)!, source),
        );
        continue;
      }
      if (!failure && route.internal && !internalTransfer) {
        const refused = deliverInside(db, payment, source, asReceiver);
        if (refused) failure = { code: 'PAYMENT_REJECTED_BY_RECEIVER', reason: refused };
      }
      if (failure) {
        if (!payments.fail(payment.id, failure.code, failure.reason, at)) continue;
        ledger(db).releaseHold(ref, payment.value, { kind: 'PIX_OUT', causeId: payment.id, at });
        const failed = payments.findByAnyId(payment.company_id, payment.id)!;
        emit(payment.company_id, PAYMENT_EVENTS.failed, {
          ...serializePayment(failed, source),
          error: { code: failure.code },
        });
        continue;
      }
      const transaction = bookTransaction(db, {
        company_id: payment.company_id,
        account_id: payment.account_id,
        type: 'WITHDRAW',
        value: payment.value,
        end_to_end_id: payment.end_to_end_id!,
        payment_id: payment.id,
        // A Pix out is found by the transaction list's `withdrawal` filter by its own id.
        withdrawal_id: 'self',
        time: at,
        info_pagador: payment.comment,
        payer: {
          name: source.name,
          taxID: sourceTaxId(source),
          bank: source.bank,
          branch: source.branch,
          account: source.account,
        },
        payee: {
          name: route.destination.name,
          // The receiver's tax id, for the pix-out receipt (the receipt masks a CPF).
          ...(/^\d{11}$|^\d{14}$/.test(route.destination.taxID)
            ? {
                taxID: {
                  taxID: route.destination.taxID,
                  type: route.destination.taxID.length === 11 ? ('BR:CPF' as const) : ('BR:CNPJ' as const),
                },
              }
            : {}),
          bank: route.destination.bank,
          ...(route.destination.pixKey ? { pixKey: route.destination.pixKey } : {}),
          ...(route.destination.branch ? { branch: route.destination.branch } : {}),
          ...(route.destination.account ? { account: route.destination.account } : {}),
        },
      });
      payments.confirm(payment.id, transaction.id, at);
      ledger(db).settleHold(ref, payment.value, {
        kind: 'PIX_OUT',
        transactionId: transaction.id,
        causeId: payment.id,
        at,
      });
      emit(
        payment.company_id,
        PAYMENT_EVENTS.confirmed,
        serializePayment(payments.findByAnyId(payment.company_id, payment.id)!, source),
      );
    }
  },
};
