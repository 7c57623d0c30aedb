// In embedded mode the counter IS the account: the merchant name, city and Pix key of its
// settings become the sandbox company's, so the BR Codes it shows carry them. In the remote
// modes the remote account decides what BR Codes carry; the settings then only feed the receipt
// header and the status bar, and the sandbox company is left alone.
import type { Settings } from '#shared/counter/counter-api';
import { sandboxRefusal, type SandboxService } from '#service/index';
import { CounterError } from '#shared/counter/counter-errors';

export interface EmbeddedMerchant {
  /** Brings the sandbox company in line with `settings` (no write when it already is). */
  apply(settings: Settings): Promise<void>;
}

/** The embedded sandbox, as far as the merchant settings go. */
export type MerchantSandbox = Pick<SandboxService, 'configureMerchant'>;

export function embeddedMerchant(sandbox: MerchantSandbox): EmbeddedMerchant {
  return {
    async apply(settings) {
      if (settings.mode !== 'embedded') return;
      try {
        await sandbox.configureMerchant({
          merchantName: settings.merchantName,
          merchantCity: settings.merchantCity,
          ...(settings.pixKey !== undefined ? { pixKey: settings.pixKey } : {}),
        });
      } catch (error) {
        const refusal = sandboxRefusal(error);
        if (refusal) throw new CounterError('SETTINGS_REFUSED', { reason: refusal.message }, refusal.message);
        throw error;
      }
    },
  };
}
