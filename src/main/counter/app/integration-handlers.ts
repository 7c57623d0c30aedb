// Configurações → "Integrações": the pieces of the shop's software (its PDV, its ERP) allowed to
// use the counter's PDV API, each with its own token, made and revoked by a manager.
import { CounterError } from '#shared/counter/counter-errors';
import type { IntegrationTokens } from '../integration/integration-tokens';
import type { HandlerGroup } from '../ports/counter-handler-port';

export function createIntegrationHandlers(deps: {
  tokens: IntegrationTokens;
  /** The register's check of a manager's PIN; the manager's id, recorded as who made it. */
  approve: (approval: { operatorId: string; pin: string }) => Promise<{ id: string }>;
  /** Where the PDV API answers, when it is listening. */
  address: () => string | undefined;
}): HandlerGroup {
  const answer = () => {
    const address = deps.address();
    return { integrations: deps.tokens.list(), ...(address ? { address } : {}) };
  };
  return {
    async listIntegrations() {
      return answer();
    },

    async createIntegration({ name, canRefund, manager }) {
      const createdBy = manager ? (await deps.approve(manager)).id : undefined;
      return deps.tokens.create({ name, canRefund, ...(createdBy ? { createdBy } : {}) });
    },

    async revokeIntegration({ id, manager }) {
      if (manager) await deps.approve(manager);
      if (!deps.tokens.list().some((integration) => integration.id === id))
        throw new CounterError('INTEGRATION_NOT_FOUND');
      return { revoked: deps.tokens.revoke(id) };
    },
  };
}
