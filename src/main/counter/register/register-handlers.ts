// The register's handlers of the method table: operators, sign-in, sessions, the closing and its
// report. The handlers of the other methods (a sale, a refund, the settings) ask the register
// who is selling and for the manager's approval through the same Register.
import { CounterError } from '#shared/counter/counter-errors';
import type { ReceiptFile, ReceiptLayoutName, RegisterSession, SessionSummary } from '#shared/counter/counter-api';
import type { HandlerGroup } from '../ports/counter-handler-port';
import type { Printing } from '../ports/printing-port';
import { saoPauloDate } from '#shared/lib/sao-paulo-time';
import { renderReportPdf } from '#lib/receipts';
import type { Register } from './register';
import type { SalesStorePort } from './sales-store-port';
import { pastSessionOf } from './past-sessions';
import type { ReportShop } from './session-report';
import { currentSummary, sessionReportDocument } from './session-report-document';
import { sessionView } from './sessions-repo';

export interface RegisterHandlerDeps {
  register: Register;
  /** The counter's sales store (sync/ implements it): a session's records, the commands still queued. */
  sales: SalesStorePort;
  shop: () => ReportShop;
  now: () => Date;
  /** Told after every change of the register (the status bar shows who is at the counter). */
  onChanged?: () => void;
  /** Prints the end-of-day report as the receipts are printed; the configured printer by default. */
  printing: Printing;
  printer: () => string | undefined;
}

export function createRegisterHandlers(deps: RegisterHandlerDeps): HandlerGroup {
  const { register } = deps;
  const changed = <T>(value: T): T => {
    deps.onChanged?.();
    return value;
  };

  const summaryOf = (session: RegisterSession): SessionSummary => currentSummary(deps, session);

  function openSession(): RegisterSession {
    const row = register.openSessionRow();
    if (!row) throw new CounterError('REGISTER_CLOSED', {});
    return sessionView(row);
  }

  return {
    async getRegister() {
      return register.state();
    },

    async createOperator({ manager, ...input }) {
      await register.createOperator(input, manager);
      return changed(register.state());
    },

    async disableOperator({ operatorId, manager }) {
      await register.disableOperator(operatorId, manager);
      return changed(register.state());
    },

    async signIn({ operatorId, pin }) {
      await register.signIn(operatorId, pin);
      return changed(register.state());
    },

    async signOut() {
      register.signOut();
      return changed(register.state());
    },

    async openRegister(input) {
      register.openSession(input);
      return changed(register.state());
    },

    async getSessionSummary() {
      return summaryOf(openSession());
    },

    async closeRegister({ manager, confirmPending }) {
      const approver = await register.approve(manager);
      const session = openSession();
      const summary = summaryOf(session);
      if (summary.warnings.length > 0 && !confirmPending) {
        throw new CounterError('CLOSE_NEEDS_CONFIRMATION', { warnings: summary.warnings });
      }
      const at = deps.now().toISOString();
      const closed: SessionSummary = { ...summary, session: { ...session, closedAt: at, closedBy: approver.name } };
      register.closeSession(session.id, approver.id, at, JSON.stringify(closed));
      return changed(closed);
    },

    async listSessions() {
      return { sessions: register.closedSessionRows().flatMap((row) => pastSessionOf(row) ?? []) };
    },

    getSessionReport: ({ sessionId, layout }) => reportFile(sessionId, layout),

    async printSessionReport({ sessionId, layout, printer }) {
      const report = await reportFile(sessionId, layout);
      const chosen = printer || deps.printer();
      return deps.printing.printReceipt({ ...report, layout, ...(chosen ? { printer: chosen } : {}) });
    },
  };

  async function reportFile(sessionId: string, layout: ReceiptLayoutName): Promise<ReceiptFile> {
    const { report, row } = sessionReportDocument(deps, sessionId);
    const pdf = await renderReportPdf(report, layout);
    const day = saoPauloDate(new Date(row.opened_at));
    return {
      fileName: `fechamento-${slug(row.till_name)}-${day}-${row.id.slice(0, 8)}-${layout}.pdf`,
      pdfBase64: Buffer.from(pdf).toString('base64'),
    };
  }
}

function slug(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'caixa'
  );
}
