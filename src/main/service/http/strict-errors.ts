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
]);

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
  const translated = TRANSLATIONS.get(message);
  if (translated) return translated;
  for (const [pattern, text] of PATTERNS) if (pattern.test(message)) return text;
  return BY_STATUS[status] ?? (status >= 500 ? 'Erro do servidor' : 'Requisição não atendida');
}
