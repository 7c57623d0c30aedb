// What a receipt says, independent of how it is drawn: labels chosen, values formatted
// and masked. Strings here are plain Unicode; the PDF layer makes them printable.

import { formatBRL, isCents } from '#shared/lib/money';
import { saleNumberText } from '#shared/counter/sale-number';
import type { ReceiptData, ReceiptLocale, ReceiptParty } from './receipt-data';
import { receiptLabels } from './receipt-labels';
import { formatReceiptTime, parseReceiptTime } from './receipt-time';
import { maskPixKey, maskTaxId } from './tax-id-mask';

export interface ReceiptRow {
  label: string;
  value: string;
  /** Identifiers: monospaced, label above the value, wrapped anywhere, never shortened. */
  id?: boolean;
  /** Free text: label above the value, wrapped on words. */
  long?: boolean;
}

export interface ReceiptSection {
  heading?: string;
  rows: ReceiptRow[];
}

export interface ReceiptModel {
  header?: { title?: string; lines: string[] };
  banner?: string;
  title: string;
  amountLabel: string;
  amount: string;
  dateTimeLabel: string;
  dateTime: string;
  sections: ReceiptSection[];
  footer: string;
  /** Paper only: "Não é documento fiscal" and the "2ª via" mark, in the receipt's language. */
  paperLabels: { notFiscal: string; reprint: string };
  metadata: {
    title: string;
    subject: string;
    keywords: string[];
    language: ReceiptLocale;
    creationDate: Date | null;
    author?: string;
  };
}

export function buildReceiptModel(data: ReceiptData, locale: ReceiptLocale = 'pt-BR'): ReceiptModel {
  if (!isCents(data.value) || data.value < 0) {
    throw new RangeError(`receipt value must be non-negative integer cents, got ${String(data.value)}`);
  }
  const labels = receiptLabels(locale);
  const title = labels.titles[data.kind];

  const partyRows = (party: ReceiptParty): ReceiptRow[] => {
    const rows: ReceiptRow[] = [{ label: labels.name, value: present(party.name) ? party.name.trim() : '—' }];
    if (party.taxID) rows.push({ label: labels.taxId, value: maskTaxId(party.taxID) });
    const institution = institutionText(party, labels.ispb);
    if (institution) rows.push({ label: labels.institution, value: institution });
    if (present(party.branch)) rows.push({ label: labels.branch, value: party.branch });
    if (present(party.account)) rows.push({ label: labels.account, value: party.account });
    if (present(party.pixKey)) rows.push({ label: labels.pixKey, value: maskPixKey(party.pixKey) });
    return rows;
  };

  const details: ReceiptRow[] = [];
  if (present(data.description)) details.push({ label: labels.description, value: data.description, long: true });
  details.push({ label: labels.endToEndId, value: data.endToEndId, id: true });
  if (present(data.originalEndToEndId)) {
    details.push({ label: labels.originalEndToEndId, value: data.originalEndToEndId, id: true });
  }
  if (present(data.chargeCorrelationID)) {
    details.push({ label: labels.chargeCorrelationID, value: data.chargeCorrelationID, id: true });
  }

  // The counter's own facts of the sale, for the cashier and the customer; the ids above stay for support.
  const counter: ReceiptRow[] = [];
  const saleNumber = saleNumberText(data.sale?.number);
  if (saleNumber) counter.push({ label: labels.saleNumber, value: saleNumber });
  if (present(data.sale?.operatorName)) counter.push({ label: labels.operator, value: data.sale.operatorName.trim() });
  if (present(data.sale?.tillName)) counter.push({ label: labels.till, value: data.sale.tillName.trim() });
  if (present(data.sale?.orderId)) counter.push({ label: labels.order, value: data.sale.orderId.trim() });

  // The PDV's summary of the order: "2 x Pão francês  R$ 5,00", one row a line (a plain x: every
  // printer's code page has it, where × is missing from CP860).
  const items: ReceiptRow[] = (data.sale?.orderItems ?? [])
    .filter((item) => present(item.name))
    .map((item) => ({
      label: `${quantityText(item.quantity, locale)} x ${item.name.trim()}`,
      value: formatBRL(item.value),
    }));

  const headerLines = (data.header?.lines ?? []).filter(present);
  const headerTitle = present(data.header?.title) ? data.header.title : undefined;

  return {
    header: headerTitle || headerLines.length > 0 ? { title: headerTitle, lines: headerLines } : undefined,
    banner: data.environment === 'SANDBOX' ? labels.sandboxBanner : undefined,
    title,
    amountLabel: labels.value,
    amount: formatBRL(data.value),
    dateTimeLabel: labels.dateTime,
    dateTime: formatReceiptTime(data.time, locale),
    sections: [
      ...(counter.length > 0 ? [{ rows: counter }] : []),
      ...(items.length > 0 ? [{ heading: labels.items, rows: items }] : []),
      { heading: labels.payer, rows: partyRows(data.payer) },
      { heading: labels.receiver, rows: partyRows(data.receiver) },
      { rows: details },
    ],
    footer: labels.footer,
    paperLabels: { notFiscal: labels.notFiscal, reprint: labels.reprint },
    metadata: {
      title: `${title} ${data.endToEndId}`,
      subject: `${title}: ${formatBRL(data.value)}`,
      keywords: ['Pix', data.endToEndId],
      language: locale,
      creationDate: parseReceiptTime(data.time),
      author: headerTitle,
    },
  };
}

/** 2, 0,5 or 1,25 (a weight): as the locale writes numbers, at most three decimals. */
function quantityText(quantity: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(quantity);
}

function present(text: string | undefined): text is string {
  return text !== undefined && text.trim() !== '';
}

function institutionText(party: ReceiptParty, ispbLabel: string): string | undefined {
  const ispb = present(party.ispb) ? `${ispbLabel} ${party.ispb.trim()}` : undefined;
  if (present(party.bankName)) return ispb ? `${party.bankName.trim()} (${ispb})` : party.bankName.trim();
  return ispb;
}
