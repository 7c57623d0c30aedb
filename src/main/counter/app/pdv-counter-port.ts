// The counter as the PDV API uses it (integration/pdv-sales.ts's port): the cashier's own create
// and cancel, through the same call adapter as the windows' (so the same access checks: an
// operator at the counter, the register open), the sales as the screens read them, and the facts
// the fiscal fields need.
import { CounterError } from '#shared/counter/counter-errors';
import type { CounterResult } from '#shared/counter/counter-errors';
import type { Sale, Settings } from '#shared/counter/counter-api';
import type { PdvCounterPort } from '../integration/pdv-sales';
import type { Register } from '../register/register';
import type { CounterSync } from '../sync/counter-sync';
import type { CounterCall } from './counter-call';
import type { EventHub } from './event-hub';
import { assertRefundable } from './cashier-rules';

/** A refusal as the CounterError it was, code and details kept, for the PDV API to answer. */
function unwrap<T>(result: CounterResult): T {
  if (result.ok) return result.value as T;
  const { code, details, message } = result.error;
  throw new (CounterError as new (...args: unknown[]) => CounterError)(code, details, message);
}

export function pdvCounterPort(deps: {
  call: CounterCall;
  sync: CounterSync;
  register: Register;
  hub: EventHub;
  settings: () => Settings;
}): PdvCounterPort {
  const { call, sync, register, hub } = deps;
  return {
    async createSale(input, order) {
      return unwrap<Sale>(await call('createSale', input, undefined, { order }));
    },
    async cancelSale(correlationID) {
      unwrap(await call('cancelSale', { correlationID }));
    },
    async refundByIntegration({ correlationID, value, reason, integrationId }) {
      const by = register.attribution();
      // Judged in the turn the refund is written, as the screen's refund is: nothing changes the sale between.
      assertRefundable(sync.views.getSale(correlationID), value);
      await sync.sales.refundSale(correlationID, value, reason, by, integrationId);
    },
    async refundSale(input) {
      unwrap(await call('refundSale', input));
    },
    sale: (correlationID) => sync.views.find(correlationID),
    onScreen: () => sync.onScreen.current(),
    show: (sale) => hub.emit({ type: 'sale-on-screen', sale }),
    async fiscalFacts(sale) {
      const settings = deps.settings();
      const company = await sync.company();
      const till = sale.sessionId ? register.session(sale.sessionId)?.till_name : undefined;
      return {
        ...(settings.pdvApi?.institutionCnpj ? { institutionCnpj: settings.pdvApi.institutionCnpj } : {}),
        ...(company?.taxID ? { accountTaxId: company.taxID } : {}),
        terminal: till ?? settings.merchantName ?? 'Balcão',
      };
    },
  };
}
