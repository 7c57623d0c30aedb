// The counter's handlers: one async function per method of the preload API. Each takes the
// payload ALREADY parsed by its zod schema (the adapters do that) and answers what PosApi
// promises, or throws PosError. No Electron, no HTTP: both hosts call these same functions.
import { randomUUID } from 'node:crypto';
import type { DayTotals, PosApi, PosStatus, ReceiptFile, ReceiptRequest, Sale, Settings } from '../../shared/pos-api';
import type { PosInvokeMethod } from '../../shared/pos-channels';
import type { PosPayload } from '../../shared/pos-ipc-schemas';
import { formatBRL } from '../../shared/money';
import type { Charge } from '../../shared/resources';
import type { Clock } from '../engine/clock';
import { counterReceipt, type ReceiptEnvironment } from './counter-receipt';
import { isNotFoundAnswer, toPosError } from './gateway-errors';
import type { OrderJournal } from './order-journal';
import { PosError } from './pos-error';
import type { Printing } from './printing';
import { loadSale, loadSaleById, toSale } from './sale-mapper';
import { saleMatcher } from './sale-search';
import { saoPauloDate, saoPauloDayRange } from './sao-paulo-day';
import { GatewayError, type ServiceGateway } from './service-gateway';
import type { SettingsStore } from './settings-store';

/** Methods without input (getStatus, listPrinters, getSettings) may be called with no argument. */
export type PosHandlers = {
  [M in PosInvokeMethod]: (
    ...args: undefined extends PosPayload<M> ? [payload?: PosPayload<M>] : [payload: PosPayload<M>]
  ) => ReturnType<PosApi[M]>;
};

export interface PosHandlerDeps {
  /** The gateway of the current mode (it changes when settings switch mode). */
  gateway: () => ServiceGateway;
  settings: SettingsStore;
  /**
   * Given the checked settings before anything is written; a throw refuses the save whole.
   * The runtime hands the merchant fields to the embedded sandbox here.
   */
  beforeSettingsSaved?: (settings: Settings) => Promise<void>;
  /** Told after every successful save, so the runtime can rebuild the gateway. */
  onSettingsSaved: (settings: Settings) => void;
  status: () => PosStatus;
  journal: OrderJournal;
  live: { watch(sale: Sale): void; forget(correlationID: string): void };
  printing: Printing;
  clock: Clock;
  /** How long a new sale's QR stays payable. */
  saleExpiresInSeconds: number;
  newId?: () => string;
}

export const DEFAULT_SALE_EXPIRES_IN_SECONDS = 15 * 60;
const PAGE = 100;

export function createPosHandlers(deps: PosHandlerDeps): PosHandlers {
  const newId = deps.newId ?? randomUUID;
  const gateway = () => deps.gateway();

  const handlers: PosHandlers = {
    async getStatus() {
      return deps.status();
    },

    async createSale({ value, comment, customer }) {
      if (customer && !customer.taxID && !customer.email && !customer.phone) {
        throw new PosError('Para identificar o cliente, informe também CPF/CNPJ, e-mail ou telefone', 400);
      }
      const correlationID = `balcao-${newId()}`;
      const expiresIn = deps.saleExpiresInSeconds;
      // Written before the first send: if the answer never comes, the order (and its id) remains.
      deps.journal.record({ correlationID, value, comment, customer, expiresIn, createdAt: now() });
      let charge: Charge;
      try {
        const body: Record<string, unknown> = { correlationID, value, expiresIn };
        if (comment) body.comment = comment;
        if (customer) body.customer = customer;
        ({ charge } = await gateway().call('createCharge', { body }));
      } catch (error) {
        // Offline: the order stays pending (the service may or may not have it; the id tells).
        if (!(error instanceof GatewayError && error.offline)) {
          deps.journal.mark(correlationID, 'rejected', now(), error instanceof Error ? error.message : String(error));
        }
        throw toPosError(error);
      }
      deps.journal.mark(correlationID, 'created', now());
      const sale = toSale(charge, undefined, []);
      deps.live.watch(sale);
      return sale;
    },

    async getSale({ correlationID }) {
      const sale = await readSale(correlationID);
      deps.live.watch(sale);
      return sale;
    },

    async cancelSale({ correlationID }) {
      try {
        await gateway().call('deleteCharge', { params: { id: correlationID } });
      } catch (error) {
        // A 400 may be a paid charge (refused) or an unknown one ("Charge not found"); only the
        // first is worth reading the sale again to explain.
        if (error instanceof GatewayError && error.status === 400 && !isNotFoundAnswer(error)) {
          const sale = await readSale(correlationID);
          if (sale.status === 'COMPLETED') throw new PosError('Esta venda já foi paga e não pode ser cancelada; faça uma devolução', 409);
        }
        throw toPosError(error);
      }
      deps.live.forget(correlationID);
      if (deps.journal.find(correlationID)) deps.journal.mark(correlationID, 'cancelled', now());
      return { cancelled: true };
    },

    async listSales({ day, search }) {
      const theDay = day ?? saoPauloDate(deps.clock.now());
      const sales = await salesOfDay(theDay);
      return { sales: sales.filter(saleMatcher(search)), totals: dayTotals(theDay, sales) };
    },

    async refundSale({ correlationID, value, reason }) {
      const sale = await readSale(correlationID);
      if (sale.status !== 'COMPLETED') throw new PosError('Só uma venda paga pode ser devolvida', 409);
      if (value > sale.refundable) {
        throw new PosError(`O valor passa do que ainda pode ser devolvido (${formatBRL(sale.refundable)})`, 400);
      }
      try {
        await gateway().call('createChargeRefund', {
          params: { id: correlationID },
          body: { correlationID: `balcao-devolucao-${newId()}`, value, comment: reason },
        });
      } catch (error) {
        throw toPosError(error);
      }
      const updated = await readSale(correlationID);
      deps.live.watch(updated);
      return updated;
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

    async saveSettings(input) {
      await deps.beforeSettingsSaved?.(deps.settings.preview(input));
      const saved = deps.settings.save(input);
      deps.onSettingsSaved(saved);
      return saved;
    },

    async simulatePayment({ correlationID }) {
      if (deps.settings.get().mode === 'production') {
        throw new PosError('Simular pagamento só existe nos modos sandbox', 403);
      }
      const sale = await readSale(correlationID);
      if (sale.status !== 'ACTIVE') throw new PosError('Só uma venda aguardando pagamento pode ser paga', 409);
      try {
        await gateway().call('sandboxPayBrCode', { body: { brCode: sale.brCode } });
      } catch (error) {
        throw toPosError(error);
      }
      return readSale(correlationID);
    },
  };

  function now(): string {
    return deps.clock.now().toISOString();
  }

  async function readSale(correlationID: string): Promise<Sale> {
    try {
      return await loadSaleById(gateway(), correlationID);
    } catch (error) {
      throw toPosError(error);
    }
  }

  async function salesOfDay(day: string): Promise<Sale[]> {
    const { start, end } = saoPauloDayRange(day);
    const charges: Charge[] = [];
    try {
      for (let skip = 0; ; skip += PAGE) {
        const page = await gateway().call('listCharges', { query: { start, end, skip: String(skip), limit: String(PAGE) } });
        charges.push(...page.charges);
        if (!page.pageInfo.hasNextPage) break;
      }
      const current = gateway();
      return await Promise.all(charges.map((charge) => loadSale(current, charge)));
    } catch (error) {
      throw toPosError(error);
    }
  }

  async function receiptFile(request: ReceiptRequest): Promise<ReceiptFile> {
    try {
      return await counterReceipt(request, { gateway: gateway(), settings: deps.settings.get(), environment: receiptEnvironment() });
    } catch (error) {
      throw toPosError(error);
    }
  }

  /** A production mode without credentials reaches no service at all, so this never mislabels a sandbox receipt. */
  function receiptEnvironment(): ReceiptEnvironment {
    return deps.status().mode === 'production' ? 'PRODUCTION' : 'SANDBOX';
  }

  return handlers;
}

/** The day's figures over every sale of the day (a search narrows the list, not the totals). */
export function dayTotals(day: string, sales: readonly Sale[]): DayTotals {
  let paidCount = 0;
  let paidValue = 0;
  let refundedValue = 0;
  for (const sale of sales) {
    if (sale.status !== 'COMPLETED') continue;
    paidCount += 1;
    paidValue += sale.value;
    // Refunds still in processing count: that money has already left the till's balance.
    for (const refund of sale.refunds) if (refund.status !== 'REJECTED') refundedValue += refund.value;
  }
  return { day, count: sales.length, paidCount, paidValue, refundedValue, net: paidValue - refundedValue };
}
