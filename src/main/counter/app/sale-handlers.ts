// The handlers of the sale's methods (sales, refunds, receipts, the history, the settings, offline
// review): each gets its input already parsed and its caller already admitted by the adapter
// (counter-call.ts), and answers what its table entry promises or throws a CounterError. The
// register's and the sale on screen's handlers are groups of their own (counter-handlers.ts).
// Every read comes from the counter's own store; every write goes through it (sync/).
import { CounterError } from '#shared/counter/counter-errors';
import type {
  CounterStatus,
  PrintResult,
  ReceiptFile,
  ReceiptRequest,
  Settings,
  SettingsInput,
} from '#shared/counter/counter-api';
import type { Clock } from '#lib/clock';
import type { Register } from '../register/register';
import type { CounterSync } from '../sync/counter-sync';
import type { SalesHistoryQuery } from '../sync/sales/sales-history-query';
import { SALES_PAGE_DEFAULT } from '#shared/counter/counter-methods';
import { counterReceipt, receiptSaleOf, type PdvOrderOf, type ReceiptEnvironment } from './counter-receipt';
import { assertCancellable, assertCustomerReachable, assertPayableInSandbox, assertRefundable } from './cashier-rules';
import type { ConnectionGate } from './connection-gate';
import { settingsSaveNeedsManager } from '#shared/counter/settings-approval';
import type { HandlerGroup } from '../ports/counter-handler-port';
import type { Printing } from '../ports/printing-port';
import type { SalePushes } from './sale-pushes';
import { salesCsv } from './sales-csv';
import { salesRange } from './sales-range';
import type { SettingsFile } from './settings-file';

export interface SaleHandlerDeps {
  sync: CounterSync;
  /** The PDV's order a sale charged (the receipt prints it). */
  orderOf?: PdvOrderOf;
  /** The history's questions to counter.db (built by the composition root). */
  history: SalesHistoryQuery;
  settings: SettingsFile;
  /**
   * Given the checked settings before anything is written; a throw refuses the save whole.
   * The runtime hands the merchant fields to the embedded sandbox here.
   */
  beforeSettingsSaved?: (settings: Settings) => Promise<void>;
  /** Told after every successful save, so the runtime can point the sync at the right service. */
  onSettingsSaved: (settings: Settings) => void;
  /** The service id the settings would sync with (to warn before leaving queued commands behind). */
  serviceIdOf: (settings: Settings, input: SettingsInput) => string | undefined;
  status: () => CounterStatus;
  printing: Printing;
  /**
   * "Imprimir" on the shop's receipt printer, when one is set and the receipt is for the thermal
   * roll (paper-receipts.ts); null leaves it to `printing` (the system's printers, A4).
   */
  paperReprint?: (request: ReceiptRequest) => Promise<PrintResult> | null;
  clock: Clock;
  /** How long a new sale's QR stays payable. */
  saleExpiresInSeconds: number;
  /** Operators, sessions and manager approvals (issue 13). */
  register: Register;
  /** "Testar conexão", and the test a remote mode's save must pass (connection-gate.ts). */
  connection: ConnectionGate;
  /** The sale pushes: a create's own news is its answer, pushed to the other windows alone (sale-pushes.ts). */
  pushes: SalePushes;
}

export const DEFAULT_SALE_EXPIRES_IN_SECONDS = 15 * 60;

export function createSaleHandlers(deps: SaleHandlerDeps): HandlerGroup {
  const { sync, register, history } = deps;
  const { sales, views } = sync;

  const handlers: HandlerGroup = {
    async getStatus() {
      return deps.status();
    },

    async createSale({ value, comment, customer }, { by, origin, order }) {
      assertCustomerReachable(customer);
      const sale = {
        value,
        comment,
        customer,
        expiresIn: deps.saleExpiresInSeconds,
        ...(by ? { by } : {}),
        ...(order ? { additionalInfo: order.additionalInfo, alsoWrite: order.alsoWrite } : {}),
      };
      // The answer is the sale, built once: the window that asked reads it here, the others in its push.
      return sales.createSale(sale, deps.pushes.answerFor(origin));
    },

    async getSale({ correlationID }) {
      const sale = views.getSale(correlationID);
      sync.onScreen.watch(correlationID);
      return sale;
    },

    async cancelSale({ correlationID }, { by }) {
      // An unpaid sale's cancel is the cashier's own (nothing was paid); it is recorded with who did it.
      // A paid sale is never cancelled, only refunded, and that needs the manager (refundSale).
      assertCancellable(views.getSale(correlationID));
      sales.cancelSale(correlationID, by);
      // A cancelled sale never comes back on screen: main forgets it here, whoever cancelled it.
      sync.onScreen.leave(correlationID);
      return { cancelled: true };
    },

    async listSales({ search, offset = 0, limit = SALES_PAGE_DEFAULT, around, ...days }) {
      const range = salesRange(days, deps.clock.now());
      const span = { serviceId: serviceIdOrRefuse(sync), start: range.start, end: range.end };
      // One read transaction: the page, its length and the totals describe the same moment.
      return history.read(span, { search, offset, limit, around }, (page, counted) => {
        const totals = { day: range.from, ...counted, net: counted.paidValue - counted.refundedValue };
        return {
          sales: page.ids.map((correlationID) => views.getSale(correlationID)),
          offset: page.offset,
          total: page.total,
          widestValue: page.widestValue,
          ...(page.aroundIndex === undefined ? {} : { aroundIndex: page.aroundIndex }),
          totals: days.from === undefined ? totals : { ...totals, to: range.to },
        };
      });
    },

    async exportSales(days) {
      const range = salesRange(days, deps.clock.now());
      return salesCsv({
        range,
        sales: views.salesBetween(range.start, range.end),
        tillOf: (sessionId) => register.session(sessionId)?.till_name,
        tillName: register.state().tillName,
      });
    },

    async refundSale({ correlationID, value, reason, manager }, { by }) {
      // The PIN is checked before anything is written: a wrong one leaves no refund and no command.
      // (`by` means the register is set up, and then the adapter let no call without `manager` in.)
      const attribution = by && manager ? { ...by, approvedBy: (await register.approve(manager)).id } : undefined;
      // Judged after the approval's wait, in the turn the refund is written: nothing changes the sale between.
      assertRefundable(views.getSale(correlationID), value);
      return sales.refundSale(correlationID, value, reason, attribution);
    },

    async getReceipt(request) {
      return receiptFile(request);
    },

    async printReceipt({ printer, ...request }) {
      const onPaper = deps.paperReprint?.(request);
      if (onPaper) return onPaper;
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
      // The adapter let no save in that needs an approval without one; its PIN is checked here.
      if (register.setUp && settingsSaveNeedsManager(input) && manager) await register.approve(manager);
      const next = deps.settings.preview(input);
      // Before the queued-commands question: a service that fails the test is not worth confirming for.
      await deps.connection.assertSavable(input, next, saveUnreachable === true);
      const current = sync.serviceId;
      const queued = current === undefined ? 0 : sync.queuedFor(current);
      if (queued > 0 && !confirmQueued && deps.serviceIdOf(next, input) !== current) {
        throw new CounterError(
          'COMMANDS_QUEUED',
          { count: queued },
          `Há ${queued} ${queued === 1 ? 'operação' : 'operações'} aguardando envio ao serviço Pix atual. ` +
            'Elas ficam guardadas e serão enviadas quando o Balcão voltar a usar este serviço. Confirme para trocar.',
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
      return sales.markCustomerShowedReceipt(correlationID);
    },

    async listOfflineReview() {
      return { sales: views.offlineReview() };
    },

    async resolveOfflineReview({ correlationID, decision }) {
      return sales.resolveOfflineReview(correlationID, decision);
    },

    async simulatePayment({ correlationID }) {
      if (deps.settings.get().mode === 'production') throw new CounterError('SANDBOX_ONLY');
      assertPayableInSandbox(views.getSale(correlationID));
      return sync.sandbox.pay(correlationID);
    },
  };

  async function receiptFile(request: ReceiptRequest): Promise<ReceiptFile> {
    return counterReceipt(request, {
      records: views.saleRecords(request.correlationID),
      sale: receiptSaleOf(
        views.getSale(request.correlationID),
        (sessionId) => register.session(sessionId)?.till_name,
        deps.orderOf,
      ),
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

/** The service the counter sells with now, or the refusal every read of its sales gives without one. */
function serviceIdOrRefuse(sync: CounterSync): string {
  if (sync.serviceId !== undefined) return sync.serviceId;
  throw new CounterError('SERVICE_NOT_CONFIGURED', sync.status().unavailable ?? { missing: [] });
}
