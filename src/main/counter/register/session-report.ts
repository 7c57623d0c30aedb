// The end-of-day report of a register session, worded in pt-BR for the report renderer: the
// session (till, who opened and closed it), its summary, the sales list, the refunds, and the
// totals per operator. The sales keep their number ("Venda 0042") and correlationID (support).
import { formatBRL } from '#shared/lib/money';
import type { Sale, SaleStatus, SessionSummary } from '#shared/counter/counter-api';
import { refundCounts } from '#shared/counter/refunds-counted';
import { saleNumberText } from '#shared/counter/sale-number';
import { formatReceiptTime, type ReportDocument } from '#lib/receipts';
import { closingWarningText } from './closing-warning-text';
import type { SessionRecords } from './sales-store-port';

export interface ReportShop {
  /** The receipt header's title, or the merchant name. */
  name: string;
  lines: string[];
  /** Training modes print it on every report: that money was never real. */
  training: boolean;
}

const STATUS_TEXT: Record<SaleStatus, string> = {
  PENDING: 'Conectando',
  ACTIVE: 'Aguardando',
  OFFLINE: 'Offline, a confirmar',
  COMPLETED: 'Pago',
  EXPIRED: 'Expirada',
  CANCELLED: 'Cancelada',
  REJECTED: 'Recusada',
};

/** "Venda 0042", or "Venda —" for a sale without a number. */
function saleLabel(number: number | undefined): string {
  return `Venda ${saleNumberText(number) ?? '—'}`;
}

export function sessionReport(
  summary: SessionSummary,
  records: SessionRecords,
  shop: ReportShop,
  operatorName: (operatorId: string | null | undefined) => string,
  generatedAt: Date,
): ReportDocument {
  const { session } = summary;
  const time = (iso: string) => formatReceiptTime(iso, 'pt-BR');
  const closed = session.closedAt !== undefined;
  const header = [shop.name, ...shop.lines, `${session.tillName}`];
  header.push(`Aberto em ${time(session.openedAt)} por ${session.openedBy}`);
  if (session.openingNote) header.push(`Abertura: ${session.openingNote}`);
  header.push(
    closed
      ? `Fechado em ${time(session.closedAt!)} por ${session.closedBy ?? '—'}`
      : `Caixa ainda aberto (parcial de ${time(generatedAt.toISOString())})`,
  );
  if (shop.training) header.push('MODO TREINO: nenhum dinheiro real');

  const brl = formatBRL;
  const sales = records.sales.filter((entry) => entry.madeHere).map((entry) => entry.sale);
  const cancelledElsewhere = records.sales
    .filter((entry) => entry.cancelledHere && !entry.madeHere)
    .map((entry) => entry.sale);
  return {
    title: closed ? 'Fechamento de caixa' : 'Resumo do caixa (parcial)',
    header,
    warnings: summary.warnings.map(closingWarningText),
    blocks: [
      {
        heading: 'Resumo',
        rows: [
          { label: `Vendas pagas (${summary.paidCount})`, value: brl(summary.paidValue) },
          { label: `Devoluções (${summary.refundsCount})`, value: `− ${brl(summary.refundedValue)}` },
          { label: 'Líquido', value: brl(summary.net), strong: true },
          { label: 'Vendas feitas', value: String(summary.salesCount) },
          { label: `Aguardando pagamento (${summary.awaitingCount})`, value: brl(summary.awaitingValue) },
          {
            label: `Offline a confirmar (${summary.unconfirmedOfflineCount})`,
            value: brl(summary.unconfirmedOfflineValue),
          },
          { label: `Canceladas (${summary.cancelledCount})`, value: brl(summary.cancelledValue) },
          { label: 'Expiradas', value: String(summary.expiredCount) },
          { label: 'Recusadas pelo serviço', value: String(summary.rejectedCount) },
          { label: 'Operações aguardando envio', value: String(summary.queuedCommands) },
        ],
      },
      {
        heading: 'Por operador',
        rows: summary.byOperator.map((totals) => ({
          label: `${totals.operatorName} (${totals.paidCount} ${totals.paidCount === 1 ? 'venda' : 'vendas'}${totals.refundedValue ? `, devoluções ${brl(totals.refundedValue)}` : ''})`,
          value: brl(totals.paidValue),
        })),
      },
      {
        heading: 'Vendas',
        columns: ['Venda', 'Hora', 'Operador', 'Situação', 'Valor'],
        widths: [0.2, 0.14, 0.24, 0.2, 0.22],
        rows: [...sales, ...cancelledElsewhere].map((sale) => saleRow(sale, time)),
        empty: 'Nenhuma venda neste caixa.',
      },
      {
        heading: 'Devoluções',
        columns: ['Venda', 'Hora', 'Operador', 'Aprovou', 'Valor'],
        widths: [0.2, 0.14, 0.22, 0.22, 0.22],
        rows: records.refunds.map(({ row, sale }) => [
          saleLabel(sale.number),
          clock(time(row.created_at)),
          operatorName(row.operator_id),
          row.approved_by_integration ? 'Integração (PDV)' : operatorName(row.approved_by),
          refundCounts(row) ? brl(row.value) : `recusada ${brl(row.value)}`,
        ]),
        empty: 'Nenhuma devolução neste caixa.',
      },
      {
        // The audit: who cancelled which sale, and when (the service deletes a cancelled charge; the counter keeps it).
        heading: 'Cancelamentos',
        columns: ['Venda', 'Hora', 'Cancelada por', 'Valor'],
        widths: [0.24, 0.16, 0.34, 0.26],
        rows: records.sales
          .filter((entry) => entry.cancelledHere)
          .map(({ sale }) => [
            saleLabel(sale.number),
            clock(time(sale.cancelledAt ?? sale.createdAt)),
            sale.cancelledBy ?? '—',
            formatBRL(sale.value),
          ]),
        empty: 'Nenhuma venda cancelada neste caixa.',
      },
    ],
    footer: [`Gerado em ${time(generatedAt.toISOString())} pelo Balcão`, `Sessão ${session.id}`],
    metadata: {
      title: `${closed ? 'Fechamento de caixa' : 'Resumo do caixa'} ${session.tillName}`,
      subject: `Sessão ${session.id}`,
      creationDate: generatedAt,
    },
  };
}

function saleRow(sale: Sale, time: (iso: string) => string): string[] {
  return [
    saleLabel(sale.number),
    clock(time(sale.createdAt)),
    sale.operatorName ?? '—',
    STATUS_TEXT[sale.status],
    formatBRL(sale.value),
  ];
}

/** "15/03/2025 11:05:09" → "11:05": the report is of one session, its day is in the header. */
function clock(formatted: string): string {
  return /\d{2}:\d{2}(?=:\d{2}$)/.exec(formatted)?.[0] ?? formatted;
}
