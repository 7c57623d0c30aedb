// The layering checker (`npm run deps`, .dependency-cruiser.cjs) is only worth its place in
// `npm test` if it fails on the imports it forbids. This runs the project's own config over a
// small src/ tree in a temporary folder: first the imports it allows, which must pass, then the
// same tree with one forbidden import per rule, each of which must be reported, and nothing else.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const depcruisePackage = join(root, 'node_modules', 'dependency-cruiser');
const depcruise = join(
  depcruisePackage,
  (JSON.parse(readFileSync(join(depcruisePackage, 'package.json'), 'utf8')) as { bin: { depcruise: string } }).bin
    .depcruise,
);

/** Imports every rule allows: the layers as docs/architecture.md draws them. */
const allowed: Record<string, string> = {
  'src/shared/lib/money.ts': 'export const cents = 1;',
  'src/shared/counter/channels.ts': "import { cents } from '../lib/money';\nexport const channel = cents;",
  'src/shared/service/resources.ts': "import { cents } from '../lib/money';\nexport const resource = cents;",
  'src/preload/index.ts': "import { cents } from '#shared/lib/money';\nexport const bridge = cents;",
  'src/renderer/src/view.ts': "import { cents } from '#shared/lib/money';\nexport const view = cents;",
  // lib/: the floor both products stand on.
  'src/main/lib/store/database.ts': 'export type Db = { name: string };',
  'src/main/lib/pix/pix-key.ts': "import { cents } from '#shared/lib/money';\nexport const key = cents;",
  'src/main/lib/receipts/receipt-pdf.ts': "import { key } from '../pix/pix-key';\nexport const pdf = key;",
  // service/: the engine, its HTTP server, and the sandbox facade.
  'src/main/service/engine/context.ts': 'export interface EngineEvent { name: string }\nexport const contextValue = 1;',
  'src/main/service/engine/errors.ts': 'export class ServiceError extends Error {}',
  'src/main/service/engine/operations.ts': 'export type OperationName = string;',
  'src/main/service/engine/engine.ts': [
    "import type { Db } from '#lib/store/database';",
    "import { key } from '#lib/pix/pix-key';",
    "import { pdf } from '#lib/receipts/receipt-pdf';",
    "import { ServiceError } from './errors';",
    "import { createHash } from 'node:crypto';",
    'export class Engine { db?: Db; parts = [key, pdf, ServiceError, createHash]; }',
  ].join('\n'),
  'src/main/service/index.ts': "import { Engine } from './engine/engine';\nexport const sandbox = new Engine();",
  'src/main/service/http/app.ts':
    "import Fastify from 'fastify';\nimport type { Engine } from '../engine/engine';\nexport const http = (engine: Engine) => [Fastify, engine];",
  // counter/: its door to the service is the adapter and the facade.
  'src/main/counter/sync/remote/in-process-service.ts': [
    "import type { Engine } from '#service/engine/engine';",
    "import type { EngineEvent } from '#service/engine/context';",
    "import type { OperationName } from '#service/engine/operations';",
    'export type Adapter = { engine: Engine; last?: EngineEvent; op?: OperationName };',
  ].join('\n'),
  'src/main/counter/ports/printing-port.ts': 'export interface Printing { print(): void }',
  // register/ declares the port and its tables; sync/ implements the one and runs the other.
  'src/main/counter/register/sales-store-port.ts': 'export interface Attribution { sessionId: string }',
  'src/main/counter/register/migrations/index.ts': 'export const registerMigrations: string[] = [];',
  'src/main/counter/register/register.ts': [
    "import type { Attribution } from './sales-store-port';",
    "import type { Printing } from '../ports/printing-port';",
    "import type { Db } from '#lib/store/database';",
    'export type Register = { by?: Attribution; printing?: Printing; db?: Db };',
  ].join('\n'),
  'src/main/counter/sync/counter-sync.ts': [
    "import type { Adapter } from './remote/in-process-service';",
    "import type { Attribution } from '../register/sales-store-port';",
    "import { registerMigrations } from '../register/migrations';",
    'export type Sync = Adapter & { by?: Attribution };',
    'export const migrations = registerMigrations;',
  ].join('\n'),
  'src/main/counter/app/counter-runtime.ts': [
    "import { sandbox } from '#service/index';",
    "import type { Sync } from '../sync/counter-sync';",
    "import type { Register } from '../register/register';",
    "import type { Printing } from '../ports/printing-port';",
    "import type { Db } from '#lib/store/database';",
    "import { key } from '#lib/pix/pix-key';",
    "import { pdf } from '#lib/receipts/receipt-pdf';",
    'export const runtime: [typeof sandbox, Sync?, Db?, number?, number?, Register?, Printing?] = [sandbox, undefined, undefined, key, pdf];',
  ].join('\n'),
  'src/main/counter/hosts/electron/index.ts':
    "import { app } from 'electron';\nimport { runtime } from '../../app/counter-runtime';\nexport const shell = [app, runtime];",
  // A feature uses its own modules, and another feature's stores and components.
  'src/renderer/src/features/sale/clipboard.ts': 'export const copy = (text: string) => text;',
  'src/renderer/src/features/sale/sale-store.ts':
    "import { copy } from './clipboard';\nexport const useSale = () => copy('');",
  'src/renderer/src/features/sale/LiveSale.tsx':
    "import { useSale } from './sale-store';\nexport function LiveSale() { return <p>{useSale()}</p>; }",
  'src/renderer/src/features/history/HistoryScreen.tsx': [
    "import { useSale } from '../sale/sale-store';",
    "import { LiveSale } from '../sale/LiveSale';",
    'export function HistoryScreen() { return <div>{useSale()}<LiveSale /></div>; }',
  ].join('\n'),
};

/** One forbidden import per rule: [rule, importing file, imported module as the checker resolves it]. */
const forbidden: Array<[rule: string, file: string, source: string, resolvedTo: string | RegExp]> = [
  [
    'lib-to-neither-product',
    'src/main/lib/receipts/to-engine.ts',
    "import { Engine } from '#service/engine/engine';\nexport const x = Engine;",
    'src/main/service/engine/engine.ts',
  ],
  [
    'lib-to-neither-product',
    'src/main/lib/store/to-counter.ts',
    "import type { Sync } from '#counter/sync/counter-sync';\nexport type X = Sync;",
    'src/main/counter/sync/counter-sync.ts',
  ],
  [
    'service-not-to-counter',
    'src/main/service/http/to-counter.ts',
    "import { runtime } from '#counter/app/counter-runtime';\nexport const x = runtime;",
    'src/main/counter/app/counter-runtime.ts',
  ],
  [
    'counter-to-service-through-the-door',
    'src/main/counter/app/to-engine.ts',
    "import { ServiceError } from '#service/engine/errors';\nexport const x = ServiceError;",
    'src/main/service/engine/errors.ts',
  ],
  [
    'counter-to-service-through-the-door',
    'src/main/counter/sync/sender.ts',
    "import type { Engine } from '#service/engine/engine';\nexport type X = Engine;",
    'src/main/service/engine/engine.ts',
  ],
  // The routes too: the counter's HTTP client reads them from its own contract, not the engine's table.
  [
    'counter-to-service-through-the-door',
    'src/main/counter/sync/remote/http-client.ts',
    "import type { OperationName } from '#service/engine/operations';\nexport type X = OperationName;",
    'src/main/service/engine/operations.ts',
  ],
  [
    'counter-to-service-through-the-door',
    'src/main/counter/hosts/web/to-http.ts',
    "import { http } from '#service/http/app';\nexport const x = http;",
    'src/main/service/http/app.ts',
  ],
  // Spelled out in full so the adapter's own allowed imports stay in `allowed`.
  [
    'adapter-to-engine-facade-only',
    'src/main/counter/sync/remote/in-process-service.ts',
    "import { ServiceError } from '#service/engine/errors';\nexport const x = ServiceError;",
    'src/main/service/engine/errors.ts',
  ],
  [
    'adapter-to-engine-context-types-only',
    'src/main/counter/sync/remote/in-process-service.ts',
    "import { contextValue } from '#service/engine/context';\nexport const y = contextValue;",
    'src/main/service/engine/context.ts',
  ],
  [
    'engine-not-to-hosts',
    'src/main/service/engine/to-http.ts',
    "import { http } from '../http/app';\nexport const x = http;",
    'src/main/service/http/app.ts',
  ],
  [
    'engine-not-to-hosts',
    'src/main/service/engine/to-facade.ts',
    "import { sandbox } from '../index';\nexport const x = sandbox;",
    'src/main/service/index.ts',
  ],
  [
    'engine-not-to-electron-or-fastify',
    'src/main/service/engine/to-electron.ts',
    "import { app } from 'electron';\nexport const x = app;",
    /node_modules\/electron\//,
  ],
  [
    'engine-not-to-electron-or-fastify',
    'src/main/service/engine/to-fastify.ts',
    "import Fastify from 'fastify';\nexport const x = Fastify;",
    /node_modules\/fastify\//,
  ],
  [
    'engine-not-to-network',
    'src/main/service/engine/to-node-http.ts',
    "import { createServer } from 'node:http';\nexport const x = createServer;",
    'http',
  ],
  [
    'engine-not-to-network',
    'src/main/service/engine/to-net.ts',
    "import { connect } from 'net';\nexport const x = connect;",
    'net',
  ],
  [
    'renderer-not-to-main-or-preload',
    'src/renderer/src/to-main.ts',
    "import { key } from '#lib/pix/pix-key';\nexport const x = key;",
    'src/main/lib/pix/pix-key.ts',
  ],
  [
    'renderer-not-to-main-or-preload',
    'src/renderer/src/to-preload.ts',
    "import { bridge } from '../../preload/index';\nexport const x = bridge;",
    'src/preload/index.ts',
  ],
  [
    'shared-imports-no-process',
    'src/shared/to-main.ts',
    "import type { Db } from '#lib/store/database';\nexport type X = Db;",
    'src/main/lib/store/database.ts',
  ],
  [
    'shared-lib-to-neither-product',
    'src/shared/lib/to-counter.ts',
    "import { channel } from '../counter/channels';\nexport const x = channel;",
    'src/shared/counter/channels.ts',
  ],
  [
    'shared-service-not-to-counter',
    'src/shared/service/to-counter.ts',
    "import { channel } from '../counter/channels';\nexport const x = channel;",
    'src/shared/counter/channels.ts',
  ],
  [
    'counter-layers-not-to-app',
    'src/main/counter/sync/to-app.ts',
    "import { runtime } from '../app/counter-runtime';\nexport const x = runtime;",
    'src/main/counter/app/counter-runtime.ts',
  ],
  [
    'counter-layers-not-to-app',
    'src/main/counter/register/to-app.ts',
    "import type { runtime } from '../app/counter-runtime';\nexport type X = typeof runtime;",
    'src/main/counter/app/counter-runtime.ts',
  ],
  [
    'register-not-to-sync',
    'src/main/counter/register/to-sync.ts',
    "import type { Sync } from '../sync/counter-sync';\nexport type X = Sync;",
    'src/main/counter/sync/counter-sync.ts',
  ],
  // With cycle-b.ts below; a cycle is reported once, at its first edge.
  [
    'no-cycles',
    'src/main/service/engine/cycle-a.ts',
    "import { b } from './cycle-b';\nexport const a = () => b;",
    'src/main/service/engine/cycle-b.ts',
  ],
  [
    'no-cycles',
    'src/renderer/src/lib/cycle-c.ts',
    "import { d } from './cycle-d';\nexport const c = () => d;",
    'src/renderer/src/lib/cycle-d.ts',
  ],
  [
    'renderer-feature-to-feature-surface',
    'src/renderer/src/features/history/to-sale-internals.ts',
    "import { copy } from '../sale/clipboard';\nexport const x = copy;",
    'src/renderer/src/features/sale/clipboard.ts',
  ],
  [
    'not-to-unresolvable',
    'src/main/counter/app/to-nowhere.ts',
    "import { x } from './does-not-exist';\nexport const y = x;",
    './does-not-exist',
  ],
];

/** Written with the forbidden imports, reported through them. */
const accomplices: Record<string, string> = {
  'src/main/service/engine/cycle-b.ts': "import { a } from './cycle-a';\nexport const b = () => a;",
  'src/renderer/src/lib/cycle-d.ts': "import { c } from './cycle-c';\nexport const d = () => c;",
};

let dir: string;

function writeTree(files: Record<string, string>): void {
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), `${source}\n`);
  }
}

/**
 * Runs the checker as `npm run deps` does (its exit status: the count of errors) and once more
 * for the JSON report, whose reporter always exits 0, to read which rules fired.
 */
function cruise(): {
  status: number | null;
  violations: Array<{ rule: string; from: string; to: string }>;
  output: string;
} {
  const run = (...extra: string[]) =>
    spawnSync(process.execPath, [depcruise, 'src', '--config', '.dependency-cruiser.cjs', ...extra], {
      cwd: dir,
      encoding: 'utf8',
    });
  const asNpmRunsIt = run();
  const report = run('--output-type', 'json');
  let violations: Array<{ rule: string; from: string; to: string }> = [];
  try {
    const result = JSON.parse(report.stdout) as {
      summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> };
    };
    violations = result.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
  } catch {
    // Left empty: the assertions on the violations then fail, showing `output`.
  }
  return {
    status: asNpmRunsIt.status,
    violations,
    output: `${asNpmRunsIt.stdout}\n${asNpmRunsIt.stderr}\n${report.stderr}`,
  };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'balcao-deps-'));
  for (const file of ['.dependency-cruiser.cjs', 'tsconfig.base.json', 'tsconfig.node.json'])
    copyFileSync(join(root, file), join(dir, file));
  // The fixture resolves electron and fastify as the project does.
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), readFileSync(join(root, 'package.json')));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the dependency rules (npm run deps)', () => {
  it('run from npm test', () => {
    const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.deps).toMatch(/^depcruise src --config \.dependency-cruiser\.cjs/);
    expect(scripts.test).toMatch(/npm run deps &&/);
  });

  it('are drawn in docs/architecture.md as npm run deps:graph draws them today', () => {
    const graph = spawnSync('npm', ['run', '--silent', 'deps:graph'], { cwd: root, encoding: 'utf8' });
    expect(graph.status, graph.stderr).toBe(0);
    const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
    const drawn = /```mermaid\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(drawn, 'docs/architecture.md has no mermaid graph').toBeDefined();
    expect(drawn!.trim(), 'run npm run deps:graph and paste its output into docs/architecture.md').toBe(
      graph.stdout.trim(),
    );
  });

  it('pass the layers as docs/architecture.md draws them', () => {
    writeTree(allowed);
    const run = cruise();
    expect(run.violations, run.output).toEqual([]);
    expect(run.status, run.output).toBe(0);
  });

  it('fail (non-zero exit) on each forbidden import, naming its rule', () => {
    const files: Record<string, string> = { ...allowed, ...accomplices };
    for (const [, file, source] of forbidden) files[file] = file in files ? `${files[file]}\n${source}` : source;
    writeTree(files);
    const run = cruise();
    expect(run.status, run.output.slice(0, 4000)).not.toBe(0);
    const expected = forbidden.map(([rule, from, , to]) => ({
      rule,
      from,
      to: typeof to === 'string' ? to : expect.stringMatching(to),
    }));
    // Summaries, not `output`, as the message: the JSON report runs to thousands of lines.
    const found = run.violations.map((v) => `${v.rule}: ${v.from} → ${v.to}`).join('\n') || run.output.slice(0, 2000);
    expect(run.violations, found).toEqual(expect.arrayContaining(expected));
    expect(run.violations, found).toHaveLength(expected.length);
  });
});
