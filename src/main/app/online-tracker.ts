// Online/offline as the counter shows it, learnt from every call the gateway makes: an answer of
// any kind means the service is reachable; no answer (GatewayError.offline) means it is not.
import type { OperationName, ResponseOf, ServiceRequest } from '../../shared/service-api';
import { GatewayError, type ServiceGateway } from './service-gateway';

export class OnlineTracker {
  private state = true;

  constructor(private readonly onChange: (online: boolean) => void) {}

  get online(): boolean {
    return this.state;
  }

  set(online: boolean): void {
    if (online === this.state) return;
    this.state = online;
    this.onChange(online);
  }

  /** The same gateway, reporting each call's reachability here. */
  observe(gateway: ServiceGateway): ServiceGateway {
    return {
      call: async <Op extends OperationName>(op: Op, request?: ServiceRequest): Promise<ResponseOf<Op>> => {
        try {
          const result = await gateway.call(op, request);
          this.set(true);
          return result;
        } catch (error) {
          if (error instanceof GatewayError) this.set(!error.offline);
          throw error;
        }
      },
    };
  }
}
