// The counter's handlers: one async function per method of the preload API. Each takes the
// payload ALREADY parsed by its zod schema (the adapters do that) and answers what PosApi
// promises, or throws PosError. No Electron, no HTTP: both hosts call these same functions.
// Every read comes from the counter's own store; every write goes through it (sync/).
import type { PosApi, PosStatus, ReceiptFile, ReceiptRequest, Settings, SettingsInput } from '../../shared/pos-api';
import type { PosInvokeMethod } from '../../shared/pos-channels';
import type { PosPayload } from '../../shared/pos-ipc-schemas';
import type { Clock } from '../clock';
import type { Register } from '../register/register';
import { createRegisterHandlers, type RegisterHandlerDeps } from '../register/register-handlers';
import { dayTotals, type CounterSync } from '../sync/counter-sync';
import { counterReceipt, receiptSaleOf, type ReceiptEnvironment } from './counter-receipt';
import type { ConnectionGate } from './connection-gate';
import { settingsSaveNeedsManager } from '../../shared/settings-approval';
import { PosError } from './pos-error';
import type { Printing } from './printing';
import { saleMatcher } from './sale-search';
import { createSaleOnScreenHandlers } from './sale-on-screen';
import { salesCsv } from './sales-csv';
import { salesRange } from './sales-range';
import type { SettingsStore } from './settings-store';

/** Methods without input (getStatus, listPrinters, getSettings) may be called with no argument. */
export type PosHandlers = {
  [M in PosInvokeMethod]: (
    ...args: undefined extends PosPayload<M> ? [payload?: PosPayload<M>] : [payload: PosPayload<M>]
  ) => ReturnType<PosApi[M]>;
};

export interface PosHandlerDeps {
  sync: CounterSync;
  settings: SettingsStore;
  /**
   * Given the checked settings before anything is written; a throw refuses the save whole.
   * The runtime hands the merchant fields to the embedded sandbox here.
   */
  beforeSettingsSaved?: (settings: Settings) => Promise<void>;
  /** Told after every successful save, so the runtime can point the sync at the right service. */
  onSettingsSaved: (settings: Settings) => void;
  /** The service id the settings would sync with (to warn before leaving queued commands behind). */
  serviceIdOf: (settings: Settings, input: SettingsInput) => string | undefined;
  status: () => PosStatus;
  printing: Printing;
  clock: Clock;
  /** How long a new sale's QR stays payable. */
  saleExpiresInSeconds: number;
  /** Operators, sessions and manager approvals (issue 13). */
  register: Register;
  /** "Testar conexão", and the test a remote mode's save must pass (connection-gate.ts). */
  connection: ConnectionGate;
  /** The shop as the end-of-day report prints it. */
  reportShop: RegisterHandlerDeps['shop'];
  onRegisterChanged?: () => void;
}

export const DEFAULT_SALE_EXPIRES_IN_SECONDS = 15 * 60;

export function createPosHandlers(deps: PosHandlerDeps): PosHandlers {
  const { sync, register } = deps;

  const handlers: PosHandlers = {
    async getStatus() {
      return deps.status();
    },

    async createSale({ value, comment, customer }) {
      if (customer && !customer.taxID && !customer.email && !customer.phone) {
        throw new PosError('Para identificar o cliente, informe também CPF/CNPJ, e-mail ou telefone', 400);
      }
      const by = register.attribution();
      return sync.createSale({ value, comment, customer, expiresIn: deps.saleExpiresInSeconds, ...(by ? { by } : {}) });
    },

    async getSale({ correlationID }) {
      const sale = sync.getSale(correlationID);
      sync.watch(correlationID);
      return sale;
    },

    async cancelSale({ correlationID }) {
      // An unpaid sale's cancel is the cashier's own (nothing was paid); it is recorded with who did it.
      // A paid sale is never cancelled, only refunded, and that needs the manager (refundSale).
      sync.cancelSale(correlationID, register.attribution());
      return { cancelled: true };
    },

    async listSales({ search, ...days }) {
      const range = salesRange(days, deps.clock.now());
      const sales = sync.salesBetween(range.start, range.end);
      const totals = dayTotals(range.from, sales);
      return {
        sales: sales.filter(saleMatcher(search)),
        totals: days.from === undefined ? totals : { ...totals, to: range.to },
      };
    },

    async exportSales(days) {
      const range = salesRange(days, deps.clock.now());
      return salesCsv({
        range,
        sales: sync.salesBetween(range.start, range.end),
        tillOf: (sessionId) => register.session(sessionId)?.till_name,
        tillName: register.state().tillName,
      });
    },

    async refundSale({ correlationID, value, reason, manager }) {
      const by = register.attribution();
      if (!by) return sync.refundSale(correlationID, value, reason);
      if (!manager) throw new PosError('Devoluções exigem o PIN de um gerente', 403);
      // The PIN is checked before anything is written: a wrong one leaves no refund and no command.
      const approver = await register.approve(manager);
      return sync.refundSale(correlationID, value, reason, { ...by, approvedBy: approver.id });
    },

    async getReceipt(request) {
      return receiptFile(request);
    },

    async printReceipt({ printer, ...request }) {
      const receipt = await receiptFile(request);
      const chosen = printer || deps.settings.get().printer;
      return deps.printing.printReceipt({ ...receipt, layout: request.layout, ...(chosen ? { printer: chosen } : {}) });
    },

    async listPrinters() {
      return deps.printing.listPrinters();
    },

    async getSettings() {
      return deps.settings.get();
    },

    async saveSettings({ confirmQueued, saveUnreachable, manager, ...input }) {
      if (register.setUp && settingsSaveNeedsManager(input)) {
        if (!manager) throw new PosError('Alterar as configurações exige o PIN de um gerente', 403);
        await register.approve(manager);
      }
      const next = deps.settings.preview(input);
      // Before the queued-commands question: a service that fails the test is not worth confirming for.
      await deps.connection.assertSavable(input, next, saveUnreachable === true);
      const current = sync.serviceId;
      const queued = current === undefined ? 0 : sync.queuedFor(current);
      if (queued > 0 && !confirmQueued && deps.serviceIdOf(next, input) !== current) {
        throw new PosError(
          `Há ${queued} ${queued === 1 ? 'operação' : 'operações'} aguardando envio ao serviço Pix atual. ` +
            'Elas ficam guardadas e serão enviadas quando o Balcão voltar a usar este serviço. Confirme para trocar.',
          409,
        );
      }
      await deps.beforeSettingsSaved?.(next);
      const saved = deps.settings.save(input);
      deps.onSettingsSaved(saved);
      return saved;
    },

    async testConnection(input) {
      return deps.connection.test(input);
    },

    async markCustomerShowedReceipt({ correlationID }) {
      return sync.markCustomerShowedReceipt(correlationID);
    },

    async listOfflineReview() {
      return { sales: sync.offlineReview() };
    },

    async resolveOfflineReview({ correlationID, decision }) {
      return sync.resolveOfflineReview(correlationID, decision);
    },

    async simulatePayment({ correlationID }) {
      if (deps.settings.get().mode === 'production') {
        throw new PosError('Simular pagamento só existe nos modos sandbox', 403);
      }
      return sync.payInSandbox(correlationID);
    },

    ...createSaleOnScreenHandlers({ sync, register }),

    ...createRegisterHandlers({
      register,
      sync,
      shop: deps.reportShop,
      now: () => deps.clock.now(),
      onChanged: deps.onRegisterChanged,
      printing: deps.printing,
      printer: () => deps.settings.get().printer,
    }),
  };

  async function receiptFile(request: ReceiptRequest): Promise<ReceiptFile> {
    return counterReceipt(request, {
      records: sync.saleRecords(request.correlationID),
      sale: receiptSaleOf(sync.getSale(request.correlationID), (sessionId) => register.session(sessionId)?.till_name),
      company: await sync.company(),
      settings: deps.settings.get(),
      environment: receiptEnvironment(),
    });
  }

  /** A production mode without credentials reaches no service at all, so this never mislabels a sandbox receipt. */
  function receiptEnvironment(): ReceiptEnvironment {
    return deps.status().mode === 'production' ? 'PRODUCTION' : 'SANDBOX';
  }

  return handlers;
}
