/**
 * The sandbox's simulated Pix out failures (remote-api-notes §8.3, from the real sandbox's
 * docs/flows/sandbox-error-simulation.md): a MANUAL payment to one of these account numbers is
 * approved, then fails at settlement with MOVEMENT_FAILED and this code; for the SPI reject codes
 * the transaction's providerRejectedReason is "<code> - <description>". The test keys fail the
 * same way when paid (PIX_KEY payments).
 */
export interface SimulatedFailure {
  code: string;
  providerRejectedReason?: string;
}

const BY_ACCOUNT: Record<string, SimulatedFailure> = {
  '1111111': { code: 'ACCOUNT_NOT_FOUND' },
  '2222222': { code: 'NOT_ENOUGH_BALANCE' },
  '3333333': { code: 'ACCOUNT_TRANSACTION_BLOCKED_BY_MED' },
  '4444444': { code: 'INVALID_PIX_KEY' },
  '5555555': { code: 'REACH_TRANSFER_LIMIT' },
  '6666666': { code: 'SAME_ACCOUNT_TRANSFER' },
  '7777777': { code: 'TRANSACTION_NOT_FOUND' },
  '8888888': { code: 'ACCOUNT_LIMIT_ERROR' },
  '9999999': { code: 'PAY_PIX_KEY_ERROR' },
};

// The SPI's reject reasons (Catálogo de Mensagens e de Serviços do SPI, pacs.002 ExternalStatusReason).
const SPI_REJECTS: [string, string][] = [
  ['AC06', 'Conta bloqueada'],
  ['AM04', 'Saldo insuficiente'],
  ['AC03', 'Conta inexistente ou inválida'],
  ['FF08', 'Identificador da transação inválido'],
  ['DS04', 'Ordem rejeitada pelo PSP do recebedor'],
  ['RR04', 'Motivos regulatórios'],
  ['AM12', 'Valor inválido'],
  ['FRAD', 'Suspeita de fraude'],
  ['DUPL', 'Pagamento duplicado'],
  ['AG03', 'Tipo de transação não suportado'],
  ['AC07', 'CPF/CNPJ do recebedor encerrado'],
  ['AM01', 'Valor zero'],
  ['BE01', 'CPF/CNPJ inconsistente com a conta'],
  ['CH11', 'CPF/CNPJ do recebedor incorreto'],
  ['AB03', 'Transação interrompida por time-out no PSP do recebedor'],
];
SPI_REJECTS.forEach(([code, description], index) => {
  const account = String(1_010_101 + index);
  BY_ACCOUNT[account] = { code, providerRejectedReason: `${code} - ${description}` };
});

const BY_KEY: Record<string, SimulatedFailure> = {
  // Not registered in the DICT.
  'pix-key-not-found@woovi.com': { code: 'PIX_KEY_INFO_NOT_FOUND' },
  // The destination's bank is down.
  'bank-error@woovi.com': { code: 'PAY_PIX_KEY_ERROR' },
};

export function simulatedFailureForAccount(account: string): SimulatedFailure | undefined {
  return BY_ACCOUNT[account.replace(/^0+(?=\d{7})/, '')];
}

export function simulatedFailureForKey(key: string): SimulatedFailure | undefined {
  return BY_KEY[key.toLowerCase()];
}
