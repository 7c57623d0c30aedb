import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import envPaths from 'env-paths';
import { DEFAULT_LISTEN_HOST, hostFailureLine, parseListenHost } from '#lib/net/listen-host';
import { isPortInUse, portInUseLine } from '#lib/net/port-in-use';
import { createSandboxService, type StrictSandboxOptions } from '../index';
import { isAppCommand, runAppCommand } from './serve-app-command';

// `npm run serve -- --port N --host H --db PATH --app-id ID`: the engine as a local sandbox of the service.

function defaultDatabasePath(): string {
  return join(envPaths('balcao', { suffix: '' }).data, 'sandbox.db');
}

async function main(): Promise<void> {
  // `… app create …`: adds an application to the database, prints its AppID and exits.
  if (isAppCommand(process.argv.slice(2))) return runAppCommand(process.argv.slice(2), defaultDatabasePath());
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8080' },
      // 127.0.0.1 by default; 0.0.0.0 for a container or a CI service (listen-host.ts).
      host: { type: 'string', default: DEFAULT_LISTEN_HOST },
      db: { type: 'string' },
      'app-id': { type: 'string' },
      log: { type: 'boolean', default: false },
      // Test-only: time moves only by POST /sandbox/clock (webhook retries over 72 h in seconds).
      'manual-clock': { type: 'boolean', default: false },
      // Milliseconds a webhook receiver has to answer one attempt.
      'webhook-timeout': { type: 'string' },
      // Only what the real service's published contract documents (docs/sandbox.md, "--strict").
      strict: { type: 'boolean', default: false },
      // Test knobs of --strict: a page size cap, and lists oldest first.
      'page-size': { type: 'string' },
      'list-order': { type: 'string' },
      // --strict: the Pix network listener's port (0: a free one).
      'pix-network-port': { type: 'string' },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0..65535, got ${values.port}`);
  const host = parseListenHost(values.host);
  const dbPath = values.db ?? defaultDatabasePath();
  if (dbPath !== ':memory:') mkdirSync(dirname(dbPath), { recursive: true });
  const webhookTimeout = values['webhook-timeout'] === undefined ? undefined : Number(values['webhook-timeout']);
  if (webhookTimeout !== undefined && !(Number.isInteger(webhookTimeout) && webhookTimeout > 0)) {
    throw new Error(`--webhook-timeout must be a positive number of milliseconds, got ${values['webhook-timeout']}`);
  }
  const strict = strictOptions(values);
  const service = createSandboxService({
    dbPath,
    appId: values['app-id'],
    logger: values.log,
    manualClock: values['manual-clock'],
    webhooks: webhookTimeout === undefined ? true : { timeoutMs: webhookTimeout },
    strict,
  });
  let url: string;
  try {
    url = await service.listen(port, host);
  } catch (error) {
    await service.close();
    const line = isPortInUse(error) ? portInUseLine('serve', port) : hostFailureLine(host, error);
    throw line ? new Error(line) : error;
  }
  // The socket's own address; links in answers name a reachable one when that is a wildcard.
  console.log(`Listening on ${service.boundUrl}`);
  if (url !== service.boundUrl) console.log(`Links in answers use ${url}`);
  if (service.pixNetworkUrl) console.log(`Pix network on ${service.pixNetworkUrl}`);
  console.log(`AppID: ${service.appId}`);
  console.log(`Database: ${dbPath}`);
  // A close that fails still ends the process, with its reason rather than an unhandled rejection.
  const stop = () => {
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** --strict and its knobs; the knobs without --strict are refused (they would silently do nothing). */
function strictOptions(values: {
  strict?: boolean;
  'page-size'?: string;
  'list-order'?: string;
  'pix-network-port'?: string;
  'manual-clock'?: boolean;
}): StrictSandboxOptions | undefined {
  const knobs = (['page-size', 'list-order', 'pix-network-port'] as const).filter((name) => values[name] !== undefined);
  if (!values.strict) {
    if (knobs.length > 0) throw new Error(`--${knobs[0]} is valid only with --strict`);
    return undefined;
  }
  if (values['manual-clock'])
    throw new Error(
      '--manual-clock cannot be used with --strict: its POST /sandbox/clock is not part of the published contract',
    );
  const options: StrictSandboxOptions = {};
  if (values['page-size'] !== undefined) {
    const size = Number(values['page-size']);
    if (!(Number.isInteger(size) && size >= 1 && size <= 100))
      throw new Error(`--page-size must be 1..100, got ${values['page-size']}`);
    options.pageSize = size;
  }
  if (values['list-order'] !== undefined) {
    const order = values['list-order'];
    if (order !== 'oldest-first' && order !== 'newest-first')
      throw new Error(`--list-order must be oldest-first or newest-first, got ${order}`);
    options.listOrder = order;
  }
  if (values['pix-network-port'] !== undefined) {
    const port = Number(values['pix-network-port']);
    if (!(Number.isInteger(port) && port >= 0 && port <= 65535))
      throw new Error(`--pix-network-port must be 0..65535, got ${values['pix-network-port']}`);
    options.pixNetworkPort = port;
  }
  return options;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
