// The service the counter syncs with now, or none with the reason the screens show (a remote mode
// without its credentials). Every part that calls the service, or reads the current service's
// sales, asks here; only CounterSync.setService changes it.
import { CounterError, type ServiceNotConfigured } from '#shared/counter/counter-errors';
import { ContractClient } from './contract-client';
import type { ServiceClient } from './service-client';

/** No service was set at all (before the runtime picks one). */
const NO_SERVICE: ServiceNotConfigured = { missing: [] };

export class CurrentService {
  private service: ServiceClient | null = null;
  /** The service as the sync path may use it: the contract's calls only (service-contract.ts). */
  private contractClient: ContractClient | null = null;
  private unavailableReason: ServiceNotConfigured | undefined = NO_SERVICE;

  set(service: ServiceClient | null, unavailableReason?: ServiceNotConfigured): void {
    this.service = service;
    this.contractClient = service ? new ContractClient(service) : null;
    this.unavailableReason = service ? undefined : (unavailableReason ?? NO_SERVICE);
  }

  get client(): ServiceClient | null {
    return this.service;
  }

  get id(): string | undefined {
    return this.service?.serviceId;
  }

  get contract(): ContractClient | null {
    return this.contractClient;
  }

  /** Why no service can be reached at all, while there is none. */
  get unavailable(): ServiceNotConfigured | undefined {
    return this.unavailableReason;
  }

  /** The service, or the refusal every sale operation gives without one. */
  require(): ServiceClient {
    if (!this.service) {
      throw new CounterError('SERVICE_NOT_CONFIGURED', this.unavailableReason ?? NO_SERVICE);
    }
    return this.service;
  }

  requireContract(): ContractClient {
    this.require();
    return this.contractClient!;
  }
}
