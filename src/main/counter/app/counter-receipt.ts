// The counter's own receipts. The service's receipt (getReceipt) prints the company as the
// service knows it; the counter prints the shop as its settings say (receipt header, merchant
// name, Pix key) over the sale's records as the service gave them to the counter's store, and
// renders it here with the pure receipt renderer. No request at print time: every mode
// (embedded, remote sandbox, production) prints the same receipt for the same records, offline too.
import type { ReceiptFile, ReceiptRequest, Sale, Settings } from '#shared/counter/counter-api';
import { shopHeader } from '#shared/counter/receipt-header';
import type { ContractCompany as Company, ContractTransaction } from '../sync/remote/service-contract';
import {
  formatCnpj,
  renderReceiptPdf,
  type ReceiptData,
  type ReceiptHeader,
  type ReceiptParty,
  type ReceiptSale,
  type ReceiptTaxId,
} from '#lib/receipts';
import { CounterError } from '#shared/counter/counter-errors';
import type { SaleRecords } from '../sync/sales/sale-views';

export type ReceiptEnvironment = NonNullable<ReceiptData['environment']>;

export interface CounterReceiptContext {
  /** The sale's records, from the counter's own store. */
  records: SaleRecords;
  /** The service's company as last read; null when it would not say (no COMPANY_GET scope). */
  company: Company | null;
  settings: Settings;
  /** SANDBOX prints the "test environment" banner: that money was never real. */
  environment: ReceiptEnvironment;
  /** The sale's number, operator and till, when the register was set up when it was made. */
  sale?: ReceiptSale;
}

/** The PDV's order a sale charged, and its items, when a PDV asked for it (integration/pdv-orders.ts). */
export type PdvOrderOf = (correlationID: string) => { orderId: string; items?: ReceiptSale['orderItems'] } | undefined;

/**
 * The counter's facts of a sale for its receipt: its number in the session, who sold it, and the
 * till of its session (asked by id: a till may be renamed from one session to the next).
 */
export function receiptSaleOf(
  sale: Sale,
  tillOfSession: (sessionId: string) => string | undefined,
  /** The PDV's order the sale charged, when a PDV asked for it (integration/pdv-orders.ts). */
  orderOf?: PdvOrderOf,
): ReceiptSale | undefined {
  const tillName = sale.sessionId ? tillOfSession(sale.sessionId) : undefined;
  const order = orderOf?.(sale.correlationID);
  const facts: ReceiptSale = {
    ...(sale.number !== undefined ? { number: sale.number } : {}),
    ...(sale.operatorName ? { operatorName: sale.operatorName } : {}),
    ...(tillName ? { tillName } : {}),
    ...(order ? { orderId: order.orderId } : {}),
    ...(order?.items?.length ? { orderItems: order.items } : {}),
  };
  return Object.keys(facts).length > 0 ? facts : undefined;
}

/** Renders the requested receipt of a sale from its records. */
export async function counterReceipt(request: ReceiptRequest, context: CounterReceiptContext): Promise<ReceiptFile> {
  const data = counterReceiptData(
    request,
    context.records,
    { company: context.company, settings: context.settings, environment: context.environment },
    context.sale,
  );
  const pdf = await renderReceiptPdf(data, { layout: request.layout, locale: context.settings.locale });
  const what = request.kind === 'pix-in' ? 'pix' : 'devolucao';
  return {
    fileName: `comprovante-${what}-${request.endToEndId}-${request.layout}.pdf`,
    pdfBase64: Buffer.from(pdf).toString('base64'),
  };
}

export interface ShopFacts {
  /** Null when the service would not say (an AppID without the COMPANY_GET scope). */
  company: Company | null;
  settings: Settings;
  environment: ReceiptEnvironment;
}

/**
 * What the receipt shows, from the sale's records. Throws RECEIPT_NOT_FOUND when the sale has no
 * payment or refund with the requested end-to-end id: a receipt is only ever printed under the
 * sale it belongs to.
 */
export function counterReceiptData(
  request: ReceiptRequest,
  records: SaleRecords,
  shop: ShopFacts,
  sale?: ReceiptSale,
): ReceiptData {
  const { payment } = records;
  const common = {
    chargeCorrelationID: records.correlationID,
    ...(sale ? { sale } : {}),
    header: receiptHeader(shop.settings, shop.company),
    environment: shop.environment,
  };
  // The payer is the payment's (the document gives a charge no payer).
  const customer = partyOf(payment?.payer ?? undefined);

  if (request.kind === 'pix-in') {
    if (!payment || payment.endToEndId !== request.endToEndId) throw notOfThisSale();
    const description = present(payment.infoPagador) ? payment.infoPagador : records.comment;
    return {
      kind: 'pix-in',
      endToEndId: payment.endToEndId,
      value: payment.value,
      time: payment.time,
      payer: customer,
      receiver: shopParty(shop),
      ...(present(description) ? { description } : {}),
      ...common,
    };
  }

  const refund = records.refunds.find(
    (candidate) => candidate.endToEndId !== undefined && candidate.endToEndId === request.endToEndId,
  );
  if (!refund?.endToEndId) throw notOfThisSale();
  // A refund flows back: the shop pays, the customer who paid the sale receives.
  return {
    kind: 'pix-refund',
    endToEndId: refund.endToEndId,
    value: refund.value,
    time: refund.time,
    payer: shopParty(shop),
    receiver: customer,
    ...(present(refund.comment) ? { description: refund.comment } : {}),
    ...(payment ? { originalEndToEndId: payment.endToEndId } : {}),
    ...common,
  };
}

/**
 * The settings' header (its title, or the merchant name), plus the company's CNPJ on a line of
 * its own unless the shop already wrote it in one of theirs (with or without punctuation).
 */
function receiptHeader(settings: Settings, company: Company | null): ReceiptHeader {
  const { title, lines } = shopHeader(settings);
  const cnpj = company?.taxID && isCnpj(company.taxID) ? bareTaxId(company.taxID) : undefined;
  if (cnpj && !lines.some((line) => bareTaxId(line).includes(cnpj))) lines.push(`CNPJ ${formatCnpj(cnpj)}`);
  return { title, lines };
}

function shopParty({ company, settings }: ShopFacts): ReceiptParty {
  const party: ReceiptParty = { name: company?.officialName || settings.merchantName };
  if (company && present(company.taxID)) party.taxID = taxIdOf(company.taxID);
  if (present(settings.pixKey)) party.pixKey = settings.pixKey;
  return party;
}

function partyOf(payer: ContractTransaction['payer'] | undefined): ReceiptParty {
  if (!payer) return { name: '' };
  const party: ReceiptParty = { name: payer.name ?? '' };
  const type = payer.taxID?.type;
  if (payer.taxID && (type === 'BR:CPF' || type === 'BR:CNPJ')) party.taxID = { taxID: payer.taxID.taxID, type };
  return party;
}

/** A company registered under a person's CPF is masked like any CPF. */
function taxIdOf(taxID: string): ReceiptTaxId {
  return { taxID, type: isCnpj(taxID) ? 'BR:CNPJ' : 'BR:CPF' };
}

function isCnpj(taxID: string): boolean {
  return /^[0-9A-Z]{12}[0-9]{2}$/.test(bareTaxId(taxID));
}

/** Letters and digits only: "12.345.678/0001-90" and "12345678000190" compare equal. */
function bareTaxId(text: string): string {
  return text.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
}

function present(text: string | undefined): text is string {
  return text !== undefined && text.trim() !== '';
}

function notOfThisSale(): CounterError {
  return new CounterError('RECEIPT_NOT_FOUND');
}
