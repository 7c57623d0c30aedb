// `npm run start:web -- --port N [--data DIR] [--app-id ID] [--remote URL --app-id ID] [--pdv-port N]`:
// the counter in a browser. Runs the same handlers Electron runs, on 127.0.0.1 only, and the PDV
// API beside them (on the settings' port, 7755 unless set; --pdv-port overrides it, 0 for any free
// one). Prints three lines of its own: the URL to open (with the run token), the sandbox AppID and
// where the PDV API answers (a PDV API whose port is taken says so on stderr; the counter runs on).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import envPaths from 'env-paths';
import { parseLaunchOptions } from '../../app/launch-remote';
import { clockFromEnv } from '../../app/clock-offset-env';
import { offlineTimingFromEnv } from '../../app/offline-timing-env';
import { createCounterRuntime } from '../../app/counter-runtime';
import { noPrinting } from '../../ports/printing-port';
import { isPortInUse, portInUseLine } from '#lib/net/port-in-use';
import { FileSecretStore } from './file-secret-store';
import { startWebHost } from './web-host';
import { keepPdvServer } from '../pdv/pdv-server';
import { keepTefDial } from '../pdv/tef-dial-host';

const DEFAULT_PORT = 5174;

function defaultDataDir(): string {
  return envPaths('balcao', { suffix: '' }).data;
}

/**
 * The built renderer. Built, this module is out/main/start-web.js and the renderer is beside the
 * main build, out/renderer (as for Electron's main process); run from its source (tsx), it is
 * src/main/counter/hosts/web/start-web.ts and the renderer is the project's out/renderer.
 */
function rendererDir(): string {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.ts') ? resolve(dirname(here), '../../../out/renderer') : resolve(dirname(here), '../renderer');
}

async function main(): Promise<void> {
  const launch = parseLaunchOptions(process.argv.slice(2), process.env, {
    port: { type: 'string', default: String(DEFAULT_PORT) },
    data: { type: 'string' },
    'pdv-port': { type: 'string' },
  });
  const { values } = launch;
  const port = Number(values.port ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0..65535, got ${values.port}`);
  const dataDir = values.data ?? defaultDataDir();

  const runtime = createCounterRuntime({
    dataDir,
    secretStore: new FileSecretStore(join(dataDir, 'appid.secret')),
    printing: noPrinting('O navegador não imprime direto: use "Salvar PDF" e imprima o arquivo.'),
    sandboxAppId: launch.sandboxAppId,
    remote: launch.remote,
    sync: offlineTimingFromEnv(process.env),
    clock: clockFromEnv(process.env),
  });
  let host;
  try {
    host = await startWebHost({ runtime, rendererDir: rendererDir(), port });
  } catch (error) {
    await runtime.close();
    throw isPortInUse(error) ? new Error(portInUseLine('start:web', port)) : error;
  }
  console.log(`Listening on ${host.url}`);
  console.log(`AppID: ${host.appId}`);
  const pdvPort = values['pdv-port'] === undefined ? undefined : Number(values['pdv-port']);
  if (pdvPort !== undefined && (!Number.isInteger(pdvPort) || pdvPort < 0 || pdvPort > 65535))
    throw new Error(`--pdv-port must be 0..65535, got ${values['pdv-port']}`);
  const pdv = keepPdvServer(runtime, {
    ...(pdvPort === undefined ? {} : { port: pdvPort }),
    // The counter sells without it: a PDV that cannot reach it is told why by this line.
    log: (line) => console.error(line),
  });
  await pdv.ready;
  const pdvServer = pdv.current();
  if (pdvServer) console.log(`PDV API: ${pdvServer.origin}`);
  // The PDV file exchange (TEF Discado's IntPos.001), when the owner turned it on.
  const tefDial = keepTefDial(runtime, { log: (line) => console.error(line) });

  let stopping = false;
  // A close that fails still ends the process, with its reason rather than an unhandled rejection.
  const stop = () => {
    if (stopping) return;
    stopping = true;
    Promise.all([pdv.stop(), tefDial.stop()])
      .then(() => host.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error instanceof Error ? error.message : String(error));
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
