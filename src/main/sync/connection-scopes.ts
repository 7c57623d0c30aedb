// The scopes the counter's sync path uses (every `call('…')` in src/main/sync), and what the
// counter loses without each one, in the owner's words. "Testar conexão" (connection-test.ts)
// checks every one of them; a missing one of the `selling` feature fails the check, the others
// only take their feature away.
import type { CounterFeature } from '../../shared/pos-api';
import type { OperationName } from '../engine/operations';

export interface CounterScope {
  scope: string;
  feature: CounterFeature;
  /** The operations of the sync path that need it. */
  operations: readonly OperationName[];
  /** In pt-BR: what the counter cannot do without it. */
  consequence: string;
}

export const COUNTER_SCOPES: readonly CounterScope[] = [
  {
    scope: 'CHARGE_POST',
    feature: 'selling',
    operations: ['createCharge'],
    consequence: 'o Balcão não consegue criar a cobrança de uma venda: não há QR Code para o cliente pagar.',
  },
  {
    scope: 'CHARGE_GET',
    feature: 'selling',
    operations: ['getCharge'],
    consequence: 'o Balcão não consegue ler a cobrança da venda na tela, e o "pago" não aparece.',
  },
  {
    scope: 'CHARGE_GET_LIST',
    feature: 'selling',
    operations: ['listCharges'],
    consequence:
      'o Balcão não consegue listar as cobranças: não vê as vendas pagas ou vencidas e não confere se o serviço está no ar.',
  },
  {
    scope: 'CHARGE_DELETE',
    feature: 'cancel',
    operations: ['deleteCharge'],
    consequence:
      'cancelar uma venda (Esc, Esc) só cancela no Balcão: a cobrança continua pagável no serviço até expirar.',
  },
  {
    scope: 'CHARGE_REFUND_POST',
    feature: 'refunds',
    operations: ['createChargeRefund'],
    consequence: 'não dá para estornar pelo Balcão uma venda paga pelo QR Code.',
  },
  {
    scope: 'CHARGE_REFUND_GET_LIST',
    feature: 'refunds',
    operations: ['listChargeRefunds'],
    consequence: 'o Balcão não acompanha os estornos das vendas: um estorno pedido fica sem confirmação.',
  },
  {
    scope: 'REFUND_POST',
    feature: 'refunds',
    operations: ['createRefund'],
    consequence: 'não dá para estornar pelo Balcão uma venda feita offline.',
  },
  {
    scope: 'REFUND_GET',
    feature: 'refunds',
    operations: ['getRefund'],
    consequence: 'o Balcão não acompanha os estornos das vendas feitas offline.',
  },
  {
    scope: 'TRANSACTION_GET_LIST',
    feature: 'offline',
    operations: ['listTransactions'],
    consequence: 'as vendas offline nunca são confirmadas, e o recibo de uma venda paga sai sem os dados do pagamento.',
  },
  {
    scope: 'PIX_KEY_GET_LIST',
    feature: 'offline',
    operations: ['listPixKeys'],
    consequence: 'a chave Pix da conta não pode ser confirmada, e sem ela o Balcão não vende offline.',
  },
  {
    scope: 'PIX_QRCODE_POST',
    feature: 'offline',
    operations: ['createPixQrCode'],
    consequence: 'as vendas offline não podem ser registradas no serviço quando a conexão volta.',
  },
  {
    scope: 'PIX_QRCODE_GET',
    feature: 'offline',
    operations: ['getPixQrCode'],
    consequence: 'uma venda offline cujo registro ficou sem resposta não pode ser conferida no serviço.',
  },
  {
    scope: 'PIX_QRCODE_GET_LIST',
    feature: 'offline',
    operations: ['listPixQrCodes'],
    consequence: 'a conferência das vendas offline não vê as dos outros caixas da conta.',
  },
  {
    scope: 'PIX_QRCODE_DELETE',
    feature: 'offline',
    operations: ['deletePixQrCode'],
    consequence:
      'os códigos offline registrados com antecedência não são apagados quando trocados: a lista de QR Codes estáticos da conta cresce, e a conferência das vendas offline fica mais lenta.',
  },
  {
    scope: 'COMPANY_GET',
    feature: 'receipts',
    operations: ['getCompany'],
    consequence: 'os recibos usam o nome da loja destas configurações, não o da empresa no serviço.',
  },
];

/** In pt-BR, what a feature is, for the summary line ("o Balcão vende, mas sem: …"). */
export const FEATURE_NAMES: Record<CounterFeature, string> = {
  selling: 'vender',
  cancel: 'cancelar vendas no serviço',
  refunds: 'estornos',
  offline: 'vendas offline',
  receipts: 'nome da empresa nos recibos',
};
