// In embedded mode the counter IS the account: the merchant name, city and Pix key of its
// settings become the sandbox company's, so the BR Codes it shows carry them. In the remote
// modes the remote account decides what BR Codes carry; the settings then only feed the receipt
// header and the status bar, and the sandbox company is left alone.
import type { Settings } from '../../shared/pos-api';
import type { Engine } from '../engine/engine';
import { ServiceError } from '../engine/errors';
import { PosError } from './pos-error';

export interface EmbeddedMerchant {
  /** Brings the sandbox company in line with `settings` (no write when it already is). */
  apply(settings: Settings): Promise<void>;
}

export function embeddedMerchant(engine: Engine, appId: string): EmbeddedMerchant {
  return {
    async apply(settings) {
      if (settings.mode !== 'embedded') return;
      const tenant = engine.tenancy.resolveTenant(appId);
      if (!tenant) throw new Error('the embedded sandbox has lost its application');
      const currentKey = engine.tenancy.defaultPixKey(tenant.account.id)?.key;
      const unchanged =
        tenant.company.merchant_name === settings.merchantName &&
        tenant.company.merchant_city === settings.merchantCity &&
        (settings.pixKey === undefined || settings.pixKey === currentKey);
      if (unchanged) return;
      try {
        await engine.configureSandboxMerchant(appId, {
          merchantName: settings.merchantName,
          merchantCity: settings.merchantCity,
          ...(settings.pixKey !== undefined ? { pixKey: settings.pixKey } : {}),
        });
      } catch (error) {
        if (error instanceof ServiceError) throw new PosError(error.message, error.status);
        throw error;
      }
    },
  };
}
