// `--remote URL --app-id ID` (or BALCAO_REMOTE_URL and BALCAO_APP_ID): start the counter in the
// remote sandbox mode against that service, without a trip through Configurações. Integrators,
// scripts and tests use it. Flags win over the environment. Without a remote, `--app-id` keeps
// its older meaning for the browser host: the embedded sandbox's AppID.
import { parseArgs } from 'node:util';
import { isHttpUrl } from '#shared/lib/http-url';

export interface LaunchRemote {
  baseUrl: string;
  appId: string;
}

export interface LaunchOptions {
  remote?: LaunchRemote;
  /** `--app-id` given without a remote. */
  sandboxAppId?: string;
  /** Every other flag, for the host to read (port, data…). */
  values: Record<string, string | undefined>;
}

export class LaunchOptionsError extends Error {
  override name = 'LaunchOptionsError';
}

export function parseLaunchOptions(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  hostOptions: Record<string, { type: 'string'; default?: string }> = {},
): LaunchOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: { ...hostOptions, remote: { type: 'string' }, 'app-id': { type: 'string' } },
    // Electron and Chromium add switches of their own (--no-sandbox, --enable-logging…).
    strict: false,
    allowPositionals: true,
  });
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
  const baseUrl = text(values.remote) ?? text(env.BALCAO_REMOTE_URL);
  const appId = text(values['app-id']) ?? text(env.BALCAO_APP_ID);
  const rest = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, text(value)]));
  if (!baseUrl) return { values: rest, ...(text(values['app-id']) ? { sandboxAppId: text(values['app-id']) } : {}) };
  if (!isHttpUrl(baseUrl)) throw new LaunchOptionsError(`--remote must be an http(s) URL, got ${baseUrl}`);
  const url = new URL(baseUrl);
  if (!appId) throw new LaunchOptionsError('--remote needs --app-id (or BALCAO_APP_ID): the AppID of that service');
  return { values: rest, remote: { baseUrl: url.toString().replace(/\/+$/, ''), appId } };
}
