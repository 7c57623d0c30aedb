// The closing warnings ("Fechar caixa": work still waiting for the service, offline sales not
// confirmed, sales waiting for payment) in the manager's language, from the codes and figures main
// sends. Pure: tested in Node.
import { formatBRL } from '#shared/lib/money';
import type { ClosingWarning } from '#shared/counter/counter-api';
import type { Translate } from './translate';

export function closingWarningText(warning: ClosingWarning, t: Translate): string {
  return t(`register.close.warning.${warning.kind}`, {
    count: warning.count,
    ...('value' in warning ? { value: formatBRL(warning.value) } : {}),
  });
}
