/**
 * Error texts of the strict server (`--strict`): Portuguese, so that no client comes to depend on
 * the sandbox's English wording (the real service's texts are not a contract either). The status
 * and the `{ error }` shape stay. Texts the real service is documented to answer, and that real
 * clients compare, are kept as the service writes them.
 */

/** Documented texts of the real service, answered as they are. */
const DOCUMENTED_TEXTS = new Set([
  // real-clients.md (pretix): a repeated static QR identifier, compared word for word.
  'Já existe um QRCode com este identificador. O identificador deve ser único',
  // remote-api-notes.md §4 (DOCS api-getting-started): a bad or missing AppID.
  'appID inválido',
  // remote-api-notes.md §4: a repeated payment correlationID; too little balance at
  // POST /api/v1/payment/approve, and at autoApprove or a boleto.
  'Já existe um pagamento com o correlationID fornecido',
  'Você não possui saldo o suficiente para realizar esse pagamento',
  'You do not have enough balance to make this payment',
  // The OpenAPI file's error examples of the operations issue 37 added, where our handlers answer
  // the same words (resources/woovi-openapi.json; test/main/service/api/strict-errors.test.ts).
  // Subaccounts: DELETE /subaccount/{id} (NonZeroBalance), POST /subaccount/{id}/debit
  // (ZeroBalance, InsufficientBalance).
  'Only subaccount without balance can be removed',
  'Transfer just work with subaccount with balance',
  'Account does not have enough balance to complete the operation',
  // Invoices and their integration.
  'You need to configure the invoice integration',
  'Integration not found',
  'NFE integration not found',
  'Invoice not found',
  'Cannot cancel a not confirmed invoice',
  'Configured integration cannot issue test invoices anymore',
  'Customer address is invalid',
  'Error uploading certificate, check if the password or the certificate is correct',
  'It is not possible to active an Integration not configured. Configure first, then active it',
  // Stablecoin: POST /stablecoin/deposit, /deposit/approve, /subaccount, and the 404 of
  // GET /stablecoin/subaccount/{subAccountId} (its schema's example).
  'No active stable subaccount. A KYB is required, contact support.',
  'Stablecoin cashout not found',
  'Stablecoin cashout already completed',
  'Stablecoin cashout is already being processed',
  'No source account to pay the deposit',
  'ACCOUNT_REGISTER_NOT_FOUND',
  'SubAccount not found',
  // Boleto transactions: GET /boleto-transaction/{id} (NotFound) and GET /boleto-transaction (SkipTooDeep).
  'Boleto transaction not found',
  'skip cannot exceed 10000 — narrow the range with start/end instead',
]);

/** Documented texts that carry a value, answered as they are. */
const DOCUMENTED_PATTERNS: readonly RegExp[] = [
  // The subaccount operations' SubAccountNotFound examples: "Subaccount not found: subaccount@test.com".
  /^Subaccount not found: \S.*$/,
];

/** The engine's common messages. */
const TRANSLATIONS: ReadonlyMap<string, string> = new Map([
  ['Charge not found', 'Cobrança não encontrada'],
  ['Charge not found for this BR Code', 'Cobrança não encontrada para este BR Code'],
  ['Charge is expired', 'Cobrança expirada'],
  ['Charge is not active', 'Cobrança não está ativa'],
  ['Pix QR code not found', 'QRCode não encontrado'],
  ['QR code not found', 'QRCode não encontrado'],
  ['Transaction not found', 'Transação não encontrada'],
  ['Refund not found', 'Reembolso não encontrado'],
  ['Customer not found', 'Cliente não encontrado'],
  ['Payment not found', 'Pagamento não encontrado'],
  ['Webhook not found', 'Webhook não encontrado'],
  ['Event not found', 'Evento não encontrado'],
  ['Dispute not found', 'Disputa não encontrada'],
  ['Subscription not found', 'Assinatura não encontrada'],
  ['Receipt not found', 'Comprovante não encontrado'],
  ['Pix key not found', 'Chave Pix não encontrada'],
  ['Pix key not found for this account', 'Chave Pix não encontrada nesta conta'],
  ['Account not found', 'Conta não encontrada'],
  ['Bank account not found', 'Conta não encontrada'],
  ['Funds recovery not found', 'Recuperação de fundos não encontrada'],
  ['Application not found', 'Aplicação não encontrada'],
  ['Pre-registration not found', 'Pré-cadastro não encontrado'],
  ['Account register not found', 'Cadastro de conta não encontrado'],
  ['Pix location not found', 'Location Pix não encontrada'],
  ['Invalid appID', 'appID inválido'],
  ['Missing Authorization header with the AppID', 'appID inválido'],
  ['Internal server error', 'Erro interno do servidor'],
]);

/** Messages that carry a value, by pattern. */
const PATTERNS: readonly [RegExp, string][] = [
  [/^A Pix QR code with correlationID .+ already exists$/, 'Já existe um QRCode com este correlationID'],
  [/^A charge with correlationID .+ already exists/, 'Já existe uma cobrança com este correlationID'],
  [/^Route \S+ \S+ not found$/, 'Rota não encontrada'],
];

/** Any other message, by status. */
const BY_STATUS: Readonly<Record<number, string>> = {
  400: 'Requisição inválida',
  401: 'appID inválido',
  403: 'Acesso não permitido',
  404: 'Não encontrado',
  405: 'Método não permitido',
  409: 'Conflito com um registro existente',
  413: 'Requisição grande demais',
  415: 'Tipo de conteúdo não suportado',
  422: 'Operação não permitida no estado atual',
  429: 'Muitas requisições; tente novamente mais tarde',
  500: 'Erro interno do servidor',
  503: 'Serviço indisponível; tente novamente mais tarde',
};

export function portugueseError(status: number, message: string): string {
  if (DOCUMENTED_TEXTS.has(message)) return message;
  if (DOCUMENTED_PATTERNS.some((pattern) => pattern.test(message))) return message;
  const translated = TRANSLATIONS.get(message);
  if (translated) return translated;
  for (const [pattern, text] of PATTERNS) if (pattern.test(message)) return text;
  return BY_STATUS[status] ?? (status >= 500 ? 'Erro do servidor' : 'Requisição não atendida');
}
