// Every word printed on a receipt, per locale.

import type { ReceiptKind, ReceiptLocale } from './receipt-data';

export interface ReceiptLabels {
  titles: Record<ReceiptKind, string>;
  value: string;
  dateTime: string;
  payer: string;
  receiver: string;
  name: string;
  taxId: string;
  institution: string;
  ispb: string;
  branch: string;
  account: string;
  pixKey: string;
  description: string;
  endToEndId: string;
  originalEndToEndId: string;
  chargeCorrelationID: string;
  saleNumber: string;
  operator: string;
  till: string;
  order: string;
  items: string;
  sandboxBanner: string;
  footer: string;
  /** On paper: the shop's fiscal note comes from its ERP, not from this receipt. */
  notFiscal: string;
  /** On paper: a copy printed again ("2ª via"). */
  reprint: string;
}

const PT_BR: ReceiptLabels = {
  titles: {
    'pix-in': 'Comprovante de Pix recebido',
    'pix-out': 'Comprovante de Pix enviado',
    'pix-refund': 'Comprovante de devolução Pix',
  },
  value: 'Valor',
  dateTime: 'Data e hora',
  payer: 'Pagador',
  receiver: 'Recebedor',
  name: 'Nome',
  taxId: 'CPF/CNPJ',
  institution: 'Instituição',
  ispb: 'ISPB',
  branch: 'Agência',
  account: 'Conta',
  pixKey: 'Chave Pix',
  description: 'Descrição',
  endToEndId: 'ID da transação (End-to-End)',
  originalEndToEndId: 'ID da transação original',
  chargeCorrelationID: 'Identificador da cobrança',
  saleNumber: 'Venda',
  operator: 'Operador',
  till: 'Caixa',
  order: 'Pedido do PDV',
  items: 'Itens do pedido',
  sandboxBanner: 'AMBIENTE DE TESTES — sem valor',
  footer: 'Comprovante emitido pelo Balcão',
  notFiscal: 'Não é documento fiscal',
  reprint: '2ª via',
};

const EN: ReceiptLabels = {
  titles: {
    'pix-in': 'Pix payment received',
    'pix-out': 'Pix payment sent',
    'pix-refund': 'Pix refund receipt',
  },
  value: 'Amount',
  dateTime: 'Date and time (Brasília)',
  payer: 'Payer',
  receiver: 'Receiver',
  name: 'Name',
  taxId: 'CPF/CNPJ',
  institution: 'Institution',
  ispb: 'ISPB',
  branch: 'Branch',
  account: 'Account',
  pixKey: 'Pix key',
  description: 'Description',
  endToEndId: 'Transaction ID (End-to-End)',
  originalEndToEndId: 'Original transaction ID',
  chargeCorrelationID: 'Charge ID',
  saleNumber: 'Sale',
  operator: 'Operator',
  till: 'Till',
  order: 'PDV order',
  items: 'Order items',
  sandboxBanner: 'TEST ENVIRONMENT — no real value',
  footer: 'Receipt issued by Balcão',
  notFiscal: 'Not a fiscal document',
  reprint: 'Copy',
};

export function receiptLabels(locale: ReceiptLocale): ReceiptLabels {
  return locale === 'en' ? EN : PT_BR;
}
