// A register session's closing summary, from the counter's own records of it and the real sync
// state: what was sold, refunded and cancelled, what is still waiting, and what needs a warning
// before the register is closed.
import type { ClosingWarning, OperatorTotals, RegisterSession, SessionSummary } from '#shared/counter/counter-api';
import { refundCounts } from '#shared/counter/refunds-counted';
import type { SessionRecords } from './sales-store-port';

export interface SyncFacts {
  /** Commands of this counter not yet acknowledged by the service (every service it used). */
  queuedCommands: number;
}

export function summarizeSession(
  session: RegisterSession,
  records: SessionRecords,
  sync: SyncFacts,
  operatorName: (operatorId: string | null | undefined) => string,
): SessionSummary {
  const made = records.sales.filter((entry) => entry.madeHere).map((entry) => entry.sale);
  const paid = made.filter((sale) => sale.status === 'COMPLETED');
  const awaiting = made.filter((sale) => sale.status === 'PENDING' || sale.status === 'ACTIVE');
  const offline = made.filter((sale) => sale.status === 'OFFLINE');
  const cancelled = records.sales.filter((entry) => entry.cancelledHere).map((entry) => entry.sale);
  const refunds = records.refunds.filter((refund) => refundCounts(refund.row));
  const paidValue = sum(paid.map((sale) => sale.value));
  const refundedValue = sum(refunds.map((refund) => refund.row.value));

  const byName = new Map<string, OperatorTotals>();
  const totalsOf = (name: string): OperatorTotals => {
    let totals = byName.get(name);
    if (!totals) byName.set(name, (totals = { operatorName: name, paidCount: 0, paidValue: 0, refundedValue: 0 }));
    return totals;
  };
  for (const sale of paid) {
    const totals = totalsOf(sale.operatorName ?? 'Sem operador');
    totals.paidCount += 1;
    totals.paidValue += sale.value;
  }
  for (const refund of refunds) totalsOf(operatorName(refund.row.operator_id)).refundedValue += refund.row.value;

  const summary: SessionSummary = {
    session,
    salesCount: made.length,
    paidCount: paid.length,
    paidValue,
    refundsCount: refunds.length,
    refundedValue,
    net: paidValue - refundedValue,
    awaitingCount: awaiting.length,
    awaitingValue: sum(awaiting.map((sale) => sale.value)),
    unconfirmedOfflineCount: offline.length,
    unconfirmedOfflineValue: sum(offline.map((sale) => sale.value)),
    queuedCommands: sync.queuedCommands,
    cancelledCount: cancelled.length,
    cancelledValue: sum(cancelled.map((sale) => sale.value)),
    expiredCount: made.filter((sale) => sale.status === 'EXPIRED').length,
    rejectedCount: made.filter((sale) => sale.status === 'REJECTED').length,
    byOperator: [...byName.values()].sort((a, b) => a.operatorName.localeCompare(b.operatorName, 'pt-BR')),
    warnings: [],
  };
  summary.warnings = warningsOf(summary);
  return summary;
}

function warningsOf(summary: SessionSummary): ClosingWarning[] {
  const warnings: ClosingWarning[] = [];
  if (summary.queuedCommands > 0) warnings.push({ kind: 'queuedCommands', count: summary.queuedCommands });
  if (summary.unconfirmedOfflineCount > 0) {
    warnings.push({
      kind: 'unconfirmedOffline',
      count: summary.unconfirmedOfflineCount,
      value: summary.unconfirmedOfflineValue,
    });
  }
  if (summary.awaitingCount > 0) {
    warnings.push({ kind: 'awaitingPayment', count: summary.awaitingCount, value: summary.awaitingValue });
  }
  return warnings;
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
