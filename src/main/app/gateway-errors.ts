// Service failures in the cashier's words. The service speaks English (like the real API);
// the counter says what happened and keeps the service's detail after it.
import { GatewayError } from './service-gateway';
import { PosError } from './pos-error';

export function toPosError(error: unknown): unknown {
  if (!(error instanceof GatewayError)) return error;
  if (error.offline) return new PosError('Sem conexão com o serviço Pix. Verifique a internet e tente de novo.', 503);
  if (error.status === 401 || error.status === 403) {
    return new PosError(`O serviço Pix recusou o acesso (confira o AppID nas Configurações): ${error.message}`, error.status);
  }
  if (error.status === 404) return new PosError(`Não encontrado no serviço Pix: ${error.message}`, 404);
  const status = error.status >= 400 && error.status < 600 ? error.status : 502;
  return new PosError(`O serviço Pix recusou: ${error.message}`, status);
}
