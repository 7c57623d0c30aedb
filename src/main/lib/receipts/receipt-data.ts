// The input of a Pix receipt. Pure data: whoever renders it (PDF today) reads only this.
import type { CounterLocale, ReceiptLayoutName } from '#shared/counter/counter-api';

export type ReceiptKind = 'pix-in' | 'pix-out' | 'pix-refund';

export type TaxIdType = 'BR:CPF' | 'BR:CNPJ';

export interface ReceiptTaxId {
  /** Digits, formatted or not ("12345678901", "123.456.789-01"). */
  taxID: string;
  type: TaxIdType;
}

export interface ReceiptParty {
  name: string;
  taxID?: ReceiptTaxId;
  bankName?: string;
  /** 8-digit ISPB of the participant institution. */
  ispb?: string;
  pixKey?: string;
  branch?: string;
  account?: string;
}

export interface ReceiptHeader {
  /** Usually the shop's trade name. */
  title?: string;
  /** Address, CNPJ, phone... one entry per printed line. */
  lines?: string[];
}

export interface ReceiptSale {
  /** The sale's number in its register session (1 prints "0001"). */
  number?: number;
  operatorName?: string;
  tillName?: string;
  /** The shop's PDV's order the sale charged (src/main/counter/integration), printed for the fiscal note's match. */
  orderId?: string;
  /** The order's items as the PDV summed them up (each line's total in cents). */
  orderItems?: { name: string; quantity: number; value: number }[];
}

export interface ReceiptData {
  kind: ReceiptKind;
  /** For refunds, the end-to-end id of the return itself (usually starting with "D"). */
  endToEndId: string;
  /** Integer cents, never negative. */
  value: number;
  /** ISO 8601. Without an offset it is read as UTC, so every machine prints the same time. */
  time: string;
  payer: ReceiptParty;
  receiver: ReceiptParty;
  /** infoPagador of a payment, or the comment of a refund. */
  description?: string;
  /** For refunds: the end-to-end id of the payment being returned. */
  originalEndToEndId?: string;
  chargeCorrelationID?: string;
  /** The counter's sale: its number in the register session ("Venda 0042"), who sold it, on which till. */
  sale?: ReceiptSale;
  /** The shop's receipt header. */
  header?: ReceiptHeader;
  environment?: 'SANDBOX' | 'PRODUCTION';
}

/** The counter's value sets (src/shared/counter/value-sets.ts): a receipt is printed in its locales and layouts. */
export type ReceiptLocale = CounterLocale;
export type ReceiptLayout = ReceiptLayoutName;
