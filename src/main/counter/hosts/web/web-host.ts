// The browser host: ONE Fastify app on 127.0.0.1 serving the embedded sandbox's HTTP API (the
// app the sandbox service already built), the built renderer, and the bridge that gives the
// page the same CounterApi the Electron preload gives the cashier window.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { CounterRuntime } from '../../app/counter-runtime';
import { CONTENT_SECURITY_POLICY } from '../content-security-policy';
import { registerBridgeRoutes } from './bridge-routes';
import { EventStreams } from './event-stream';
import { ownHostNames, registerHostCheck } from './host-check';
import { newRunToken } from './run-token';

export interface WebHostOptions {
  runtime: CounterRuntime;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** 0 picks a free port. */
  port?: number;
  token?: string;
}

export interface WebHost {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** What to open: the origin with the run token. */
  url: string;
  token: string;
  /** The embedded sandbox's AppID, for paying through /openpix/testing/pay. */
  appId: string;
  close(): Promise<void>;
}

export class RendererMissingError extends Error {
  constructor(dir: string) {
    super(`The renderer is not built (${dir} has no index.html): run \`npm run build\` first.`);
    this.name = 'RendererMissingError';
  }
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  if (!existsSync(join(options.rendererDir, 'index.html'))) throw new RendererMissingError(options.rendererDir);
  const { runtime } = options;
  const app = runtime.sandbox.app;
  const token = options.token ?? newRunToken();
  const streams = new EventStreams(runtime.events);
  let origins: string[] = [];
  let hosts: string[] = [];

  registerHostCheck(app, () => hosts);
  registerBridgeRoutes(app, { call: runtime.call, streams, token, allowedOrigins: () => origins });
  await app.register(fastifyStatic, {
    root: options.rendererDir,
    prefix: '/',
    setHeaders(res) {
      res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Referrer-Policy', 'no-referrer');
    },
  });
  app.addHook('preClose', async () => streams.endAll());

  const origin = await runtime.sandbox.listen(options.port ?? 0);
  hosts = ownHostNames(origin);
  origins = hosts.map((host) => `http://${host}`);
  return {
    origin,
    url: `${origin}/?token=${token}`,
    token,
    appId: runtime.sandbox.appId,
    async close() {
      streams.endAll();
      await runtime.close();
    },
  };
}
