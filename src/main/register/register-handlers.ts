// The register's part of the preload API: operators, sign-in, sessions, the closing and its
// report. The handlers of the other methods (a sale, a refund, the settings) ask the register
// who is selling and for the manager's approval through the same Register.
import type { PosApi, ReceiptFile, ReceiptLayoutName, RegisterSession, SessionSummary } from '../../shared/pos-api';
import type { PosPayload } from '../../shared/pos-ipc-schemas';
import { PosError } from '../app/pos-error';
import type { Printing } from '../app/printing';
import { saoPauloDate } from '../app/sao-paulo-day';
import { renderReportPdf } from '../receipts';
import type { CounterSync } from '../sync/counter-sync';
import type { Register } from './register';
import { pastSessionOf } from './past-sessions';
import { sessionReport, type ReportShop } from './session-report';
import { summarizeSession } from './session-summary';
import { sessionView } from './sessions-repo';

export type RegisterMethod =
  | 'getRegister'
  | 'createOperator'
  | 'disableOperator'
  | 'signIn'
  | 'signOut'
  | 'openRegister'
  | 'getSessionSummary'
  | 'closeRegister'
  | 'listSessions'
  | 'getSessionReport'
  | 'printSessionReport';

export type RegisterHandlers = {
  [M in RegisterMethod]: (
    ...args: undefined extends PosPayload<M> ? [payload?: PosPayload<M>] : [payload: PosPayload<M>]
  ) => ReturnType<PosApi[M]>;
};

export interface RegisterHandlerDeps {
  register: Register;
  sync: CounterSync;
  shop: () => ReportShop;
  now: () => Date;
  /** Told after every change of the register (the status bar shows who is at the counter). */
  onChanged?: () => void;
  /** Prints the end-of-day report as the receipts are printed; the configured printer by default. */
  printing: Printing;
  printer: () => string | undefined;
}

export function createRegisterHandlers(deps: RegisterHandlerDeps): RegisterHandlers {
  const { register, sync } = deps;
  const changed = <T>(value: T): T => {
    deps.onChanged?.();
    return value;
  };

  function operatorNames(): (operatorId: string | null | undefined) => string {
    const names = new Map(register.allOperators().map((operator) => [operator.id, operator.name]));
    return (operatorId) => (operatorId ? (names.get(operatorId) ?? '—') : '—');
  }

  function summaryOf(session: RegisterSession): SessionSummary {
    const facts = sync.status();
    return summarizeSession(
      session,
      sync.sessionRecords(session.id),
      { queuedCommands: facts.queued + facts.queuedElsewhere },
      operatorNames(),
    );
  }

  function openSession(): RegisterSession {
    const row = register.openSessionRow();
    if (!row) throw new PosError('O caixa está fechado', 409);
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
        throw new PosError(
          `Antes de fechar o caixa: ${summary.warnings.join(' ')} Confirme para fechar assim mesmo.`,
          409,
        );
      }
      const at = deps.now().toISOString();
      const closed: SessionSummary = { ...summary, session: { ...session, closedAt: at, closedBy: approver.name } };
      register.closeSession(session.id, approver.id, at, JSON.stringify(closed));
      return changed(closed);
    },

    async listSessions() {
      register.requireSignedIn();
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
    register.requireSignedIn();
    const row = register.session(sessionId);
    if (!row) throw new PosError('Caixa não encontrado', 404);
    // A closed session prints the summary its manager confirmed; the open one, as it stands now.
    const summary = row.closing_summary_json
      ? (JSON.parse(row.closing_summary_json) as SessionSummary)
      : summaryOf(sessionView(row));
    const generatedAt = deps.now();
    const report = sessionReport(summary, sync.sessionRecords(sessionId), deps.shop(), operatorNames(), generatedAt);
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
