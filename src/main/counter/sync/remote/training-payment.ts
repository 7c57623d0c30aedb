// Training only: pays a sale's charge with the service's documented sandbox simulator
// (GET /openpix/testing?transactionID=), as "Simular pagamento" in the service's own panel does,
// then reads the sale back. Whether this sale may be paid is the cashier's rule (cashier-rules.ts).
import type { Sale } from '#shared/counter/counter-api';
import { CounterError } from '#shared/counter/counter-errors';
import type { Connectivity } from '../connection/connectivity';
import type { CurrentService } from './current-service';
import type { SalePuller } from '../pull/sale-puller';
import { parse } from '../sales/sale-view';
import type { SaleViews } from '../sales/sale-views';
import type { ContractCharge } from './service-contract';
import { isUnreachable } from './service-outcome';

export class TrainingPayment {
  constructor(
    private readonly service: CurrentService,
    private readonly views: SaleViews,
    private readonly connectivity: Connectivity,
    private readonly puller: SalePuller,
  ) {}

  async pay(correlationID: string): Promise<Sale> {
    const contract = this.service.requireContract();
    const row = this.views.requireRow(correlationID);
    // The simulator pays a charge by its transactionID: without one there is nothing to name.
    const transactionID = parse<ContractCharge>(row.charge_json)?.transactionID;
    if (!transactionID) throw new CounterError('NO_TRANSACTION_ID');
    const answer = await contract.call('sandboxPay', { query: { transactionID } });
    this.connectivity.observe(answer);
    if (isUnreachable(answer)) throw new CounterError('SERVICE_UNREACHABLE');
    if (answer.kind !== 'ok')
      throw new CounterError('SERVICE_REFUSED', { reason: `O serviço Pix recusou: ${answer.error}` });
    await this.puller.pullNow(correlationID);
    return this.views.view(correlationID);
  }
}
