import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import envPaths from 'env-paths';
import { isPortInUse, portInUseLine } from './port-in-use';
import { createSandboxService } from './sandbox-service';
import { isAppCommand, runAppCommand } from './serve-app-command';

// `npm run serve -- --port N --db PATH --app-id ID`: the engine as a local sandbox of the service.

function defaultDatabasePath(): string {
  return join(envPaths('balcao', { suffix: '' }).data, 'sandbox.db');
}

async function main(): Promise<void> {
  // `… app create …`: adds an application to the database, prints its AppID and exits.
  if (isAppCommand(process.argv.slice(2))) return runAppCommand(process.argv.slice(2), defaultDatabasePath());
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8080' },
      db: { type: 'string' },
      'app-id': { type: 'string' },
      log: { type: 'boolean', default: false },
      // Test-only: time moves only by POST /sandbox/clock (webhook retries over 72 h in seconds).
      'manual-clock': { type: 'boolean', default: false },
      // Milliseconds a webhook receiver has to answer one attempt.
      'webhook-timeout': { type: 'string' },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0..65535, got ${values.port}`);
  const dbPath = values.db ?? defaultDatabasePath();
  if (dbPath !== ':memory:') mkdirSync(dirname(dbPath), { recursive: true });
  const webhookTimeout = values['webhook-timeout'] === undefined ? undefined : Number(values['webhook-timeout']);
  if (webhookTimeout !== undefined && !(Number.isInteger(webhookTimeout) && webhookTimeout > 0)) {
    throw new Error(`--webhook-timeout must be a positive number of milliseconds, got ${values['webhook-timeout']}`);
  }
  const service = createSandboxService({
    dbPath,
    appId: values['app-id'],
    logger: values.log,
    manualClock: values['manual-clock'],
    webhooks: webhookTimeout === undefined ? true : { timeoutMs: webhookTimeout },
  });
  let url: string;
  try {
    url = await service.listen(port);
  } catch (error) {
    await service.close();
    throw isPortInUse(error) ? new Error(portInUseLine('serve', port)) : error;
  }
  console.log(`Listening on ${url}`);
  console.log(`AppID: ${service.appId}`);
  console.log(`Database: ${dbPath}`);
  const stop = async () => {
    await service.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
