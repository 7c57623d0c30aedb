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
  if (isNotFoundAnswer(error)) return new PosError(`Não encontrado no serviço Pix: ${error.message}`, 404);
  const status = error.status >= 400 && error.status < 600 ? error.status : 502;
  return new PosError(`O serviço Pix recusou: ${error.message}`, status);
}

/**
 * The service names an unknown id (or another company's) with a 400 "Charge not found",
 * "Customer not found" and the like: the spec's error tables give those operations no 404. A
 * 404 still comes for receipts and unknown routes (and from servers that use it). Either way the
 * counter hears "not found", not a refusal of what it sent.
 */
export function isNotFoundAnswer(error: GatewayError): boolean {
  if (error.offline) return false;
  return error.status === 404 || (error.status === 400 && /\bnot found\b/i.test(error.message));
}
