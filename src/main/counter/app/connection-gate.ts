// The connection check around the settings: "Testar conexão" itself, and the test a save of a
// remote mode must pass before anything is written. A wrong AppID or base URL saved with
// "Configurações salvas." only shows up later, at the counter, with a customer waiting.
import type { ConnectionCheck, Settings, SettingsInput } from '#shared/counter/counter-api';
import type { ConnectionTarget } from '../sync/connection/connection-test';
import { normalizeBaseUrl } from '../sync/remote/http-service-client';
import { CounterError } from '#shared/counter/counter-errors';
import { isRemoteMode } from '#shared/counter/value-sets';
import type { SettingsFile } from './settings-file';

export type CheckConnection = (target: ConnectionTarget) => Promise<ConnectionCheck>;

export interface ConnectionGate {
  /** "Testar conexão" with the typed base URL, and the typed AppID or else the saved one. */
  test(input: { baseUrl: string; appId?: string }): Promise<ConnectionCheck>;
  /**
   * Before saving `input` (already merged and checked into `next`): a remote mode whose service
   * changes (mode, base URL or AppID) is tested first, and a failed test refuses the save (CONNECTION_TEST_FAILED)
   * with the test's words. Only "unreachable" may be overridden by the owner (`saveUnreachable`):
   * the shop's internet may be down while setting up, but a wrong path or a refused AppID will
   * not get better by waiting.
   */
  assertSavable(input: SettingsInput, next: Settings, saveUnreachable: boolean): Promise<void>;
}

export function createConnectionGate(settings: SettingsFile, check: CheckConnection): ConnectionGate {
  return {
    async test({ baseUrl, appId }) {
      if (appId !== undefined) return check({ baseUrl, appId });
      const saved = settings.appId();
      if (!saved) throw new CounterError('APP_ID_REQUIRED', { context: 'test' });
      // The saved AppID is a secret: it is only ever sent where it was saved for. Testing another
      // server with it would hand it to whoever runs that server.
      const savedUrl = settings.get().baseUrl;
      if (!savedUrl || originOf(savedUrl) !== originOf(baseUrl)) {
        throw new CounterError('SAVED_APP_ID_ELSEWHERE');
      }
      return check({ baseUrl, appId: saved });
    },

    async assertSavable(input, next, saveUnreachable) {
      if (!isRemoteMode(next.mode) || !next.baseUrl) return;
      const current = settings.get();
      const savedAppId = settings.appId();
      const appId = input.appId === undefined ? savedAppId : input.appId.trim() || null;
      // preview() already refused a remote mode without an AppID.
      if (!appId) return;
      const changes =
        next.mode !== current.mode ||
        normalizeBaseUrl(next.baseUrl) !== normalizeBaseUrl(current.baseUrl ?? '') ||
        appId !== savedAppId;
      if (!changes) return;
      const result = await check({ baseUrl: next.baseUrl, appId });
      if (result.ok) return;
      if (result.problem === 'unreachable' && saveUnreachable) return;
      // A test charge the check could not remove is said here too: the refusal is all the owner reads.
      throw new CounterError('CONNECTION_TEST_FAILED', {
        verdict: result.verdict,
        ...(result.problem ? { problem: result.problem } : {}),
        ...(result.leftBehind ? { leftBehind: result.leftBehind } : {}),
      });
    },
  };
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
