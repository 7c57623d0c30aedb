// The closing warnings in the printed report's words (the report, like the receipts, is printed in
// pt-BR; the screens say the same warnings through the renderer's catalogues). A summary closed
// before the warnings were coded keeps them as the sentences it was closed with.
import { formatBRL } from '#shared/lib/money';
import type { ClosingWarning } from '#shared/counter/counter-api';

export function closingWarningText(warning: ClosingWarning | string): string {
  if (typeof warning === 'string') return warning;
  const n = warning.count;
  switch (warning.kind) {
    case 'queuedCommands':
      return (
        `${n} ${n === 1 ? 'operação aguardando envio' : 'operações aguardando envio'} ao serviço Pix: ` +
        'os valores podem mudar quando o serviço responder.'
      );
    case 'unconfirmedOffline':
      return (
        `${n} ${n === 1 ? 'venda offline ainda não confirmada' : 'vendas offline ainda não confirmadas'} ` +
        `(${formatBRL(warning.value)}): não entram no total até a confirmação.`
      );
    case 'awaitingPayment':
      return `${n} ${n === 1 ? 'venda aguardando pagamento' : 'vendas aguardando pagamento'} (${formatBRL(warning.value)}).`;
  }
}
