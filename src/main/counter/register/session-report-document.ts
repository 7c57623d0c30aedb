// A register session's end-of-day report as a document (session-report.ts words it): the PDF
// (register-handlers.ts) and the receipt printer's paper (app/paper-receipts.ts) print the same.
// A closed session prints the summary its manager confirmed; the open one, as it stands now.
import { CounterError } from '#shared/counter/counter-errors';
import type { RegisterSession, SessionSummary } from '#shared/counter/counter-api';
import type { ReportDocument } from '#lib/receipts';
import type { Register } from './register';
import type { SalesStorePort } from './sales-store-port';
import { sessionReport, type ReportShop } from './session-report';
import { summarizeSession } from './session-summary';
import { sessionView, type SessionRow } from './sessions-repo';

export interface SessionReportSources {
  register: Register;
  sales: SalesStorePort;
  shop: () => ReportShop;
  now: () => Date;
}

/** Each operator's name by id, "—" for none or one no longer known. */
export function operatorNamesOf(register: Register): (operatorId: string | null | undefined) => string {
  const names = new Map(register.allOperators().map((operator) => [operator.id, operator.name]));
  return (operatorId) => (operatorId ? (names.get(operatorId) ?? '—') : '—');
}

/** The session's summary as it stands now (the closing takes it, and the open session's report). */
export function currentSummary(
  sources: Pick<SessionReportSources, 'register' | 'sales'>,
  session: RegisterSession,
): SessionSummary {
  const facts = sources.sales.status();
  return summarizeSession(
    session,
    sources.sales.sessionRecords(session.id),
    { queuedCommands: facts.queued + facts.queuedElsewhere },
    operatorNamesOf(sources.register),
  );
}

export function sessionReportDocument(
  sources: SessionReportSources,
  sessionId: string,
): { report: ReportDocument; row: SessionRow } {
  const row = sources.register.session(sessionId);
  if (!row) throw new CounterError('SESSION_NOT_FOUND');
  const summary = row.closing_summary_json
    ? (JSON.parse(row.closing_summary_json) as SessionSummary)
    : currentSummary(sources, sessionView(row));
  const report = sessionReport(
    summary,
    sources.sales.sessionRecords(sessionId),
    sources.shop(),
    operatorNamesOf(sources.register),
    sources.now(),
  );
  return { report, row };
}
