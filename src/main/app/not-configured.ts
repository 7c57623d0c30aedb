// A remote mode that cannot reach its service yet: no base URL, or no AppID (one kept in memory
// only is gone after a restart). The counter then sells nothing and says what to set up.
// Falling back to the embedded sandbox instead would show customers QR codes addressed to
// 127.0.0.1 that no bank can pay, and in production that is money the shop never receives.
import type { PosMode } from '../../shared/pos-api';

export function notConfiguredMessage(mode: PosMode, missing: { baseUrl: boolean; appId: boolean }): string {
  const what = [missing.baseUrl ? 'a URL do serviço Pix' : null, missing.appId ? 'o AppID' : null]
    .filter(Boolean)
    .join(' e ');
  const modeName = mode === 'production' ? 'produção' : 'sandbox remoto';
  return `Modo ${modeName} sem credenciais: nenhuma cobrança pode ser criada. Abra Configurações (F9) e informe ${what}.`;
}
