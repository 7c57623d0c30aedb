// The layering of src/ (docs/architecture.md), checked by `npm run deps` as part of `npm test`.
// Paths are relative to the project root. Type-only imports count as much as value imports: a
// type pulls its module's meaning across the layer just the same.
//
// In sentences:
// - src/main holds two products over a shared floor: the service (service/), the counter
//   (counter/), and lib/, which imports neither;
// - the service never imports the counter;
// - the counter reaches the service through one door: the embedded sandbox as a whole
//   (service/index.ts) and, for its sync, the in-process adapter, the one module that names the
//   engine; its HTTP client speaks the counter's own contract;
// - the engine is the service alone: no host, no Electron, no Fastify, no socket;
// - inside the counter, app/ wires the rest, which never reaches up to it, and register/ never
//   reaches into sync/;
// - src/shared is split the same way: shared/lib imports neither shared/service nor
//   shared/counter, and shared/service never shared/counter;
// - src/shared is imported by every process and imports none; the renderer talks to main only
//   through the counter's contract in src/shared; a renderer feature uses another only through
//   its public surface;
// - no cycles anywhere, and no import the checker cannot resolve.

const LIB = '^src/main/lib/';
const SERVICE = '^src/main/service/';
const COUNTER = '^src/main/counter/';
const ENGINE = '^src/main/service/engine/';
// The door's two halves: the embedded sandbox as a whole, and the sync's in-process adapter.
const SERVICE_FACADE = '^src/main/service/index\\.ts$';
const IN_PROCESS_ADAPTER = '^src/main/counter/sync/remote/in-process-service\\.ts$';
const FEATURES = 'src/renderer/src/features/';
// What a feature offers the others: its stores and its components.
const FEATURE_SURFACE = `^${FEATURES}[^/]+/([a-z0-9-]+-store\\.ts|[A-Z][A-Za-z0-9]*\\.tsx)$`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'lib-to-neither-product',
      comment:
        'lib/ is the floor both products stand on (the clock, Pix, receipts, the SQLite plumbing, the network ' +
        'helpers): leading back into either would carry the engine into the counter, or the counter into the engine.',
      severity: 'error',
      from: { path: LIB },
      to: { path: [SERVICE, COUNTER] },
    },
    {
      name: 'service-not-to-counter',
      comment: 'The service is a product of its own (`npm run serve`): it never needs the counter.',
      severity: 'error',
      from: { path: SERVICE },
      to: { path: COUNTER },
    },
    {
      name: 'counter-to-service-through-the-door',
      comment:
        'The counter reaches the service through one door: the embedded sandbox as a whole (service/index.ts), and ' +
        "for its sync the in-process adapter. The HTTP client speaks the counter's own contract " +
        "(counter/sync/remote/service-contract.ts), never the engine's table.",
      severity: 'error',
      from: { path: COUNTER, pathNot: IN_PROCESS_ADAPTER },
      to: { path: SERVICE, pathNot: SERVICE_FACADE },
    },
    {
      name: 'adapter-to-engine-facade-only',
      comment:
        'The in-process adapter calls Engine (engine.ts) and may name the types of its API (context.ts) and its ' +
        'operations (operations.ts), nothing deeper.',
      severity: 'error',
      from: { path: IN_PROCESS_ADAPTER },
      to: { path: SERVICE, pathNot: ['^src/main/service/engine/(engine|context|operations)\\.ts$', SERVICE_FACADE] },
    },
    {
      name: 'adapter-to-engine-context-types-only',
      comment: 'context.ts is reached for the types of the Engine API (EngineEvent, EngineConfig), not for code.',
      severity: 'error',
      from: { path: IN_PROCESS_ADAPTER },
      to: { path: '^src/main/service/engine/context\\.ts$', dependencyTypesNot: ['type-only', 'type-import'] },
    },
    {
      name: 'engine-not-to-hosts',
      comment:
        'The engine is the service alone: its HTTP server (service/http), its command line (service/cli) and the ' +
        'sandbox facade (service/index.ts) call it, never the other way round.',
      severity: 'error',
      from: { path: ENGINE },
      to: { path: ['^src/main/service/(http|cli|webhooks)/', SERVICE_FACADE] },
    },
    {
      name: 'engine-not-to-electron-or-fastify',
      comment: 'The engine runs wherever Node runs (tests, `npm run serve`, the app): no Electron, no Fastify.',
      severity: 'error',
      from: { path: ENGINE },
      to: { path: ['^(electron|fastify)$', '(^|/)node_modules/(electron|fastify|@fastify/[^/]+)/'] },
    },
    {
      name: 'engine-not-to-network',
      comment:
        'The engine speaks through Engine.handle; sockets and servers belong to service/http. One exception: ' +
        "the invoice certificate check opens a PKCS#12 with node:tls's createSecureContext, OpenSSL's parser, which opens no socket.",
      severity: 'error',
      from: { path: ENGINE, pathNot: '^src/main/service/engine/invoices/invoice-certificate\\.ts$' },
      to: { dependencyTypes: ['core'], path: '^(node:)?(http|https|http2|net|tls|dgram)$' },
    },
    {
      name: 'renderer-not-to-main-or-preload',
      comment: 'The renderer talks to the main process only through the counter contract in src/shared.',
      severity: 'error',
      from: { path: '^src/renderer/' },
      to: { path: '^src/(main|preload)/' },
    },
    {
      name: 'shared-imports-no-process',
      comment: 'src/shared is imported by every process, so it imports none of them.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(main|renderer|preload)/' },
    },
    {
      name: 'shared-lib-to-neither-product',
      comment:
        "src/shared/lib (money, the calendar, São Paulo's time, tax ids, URLs) is what both products' shared " +
        'contracts stand on: it imports neither.',
      severity: 'error',
      from: { path: '^src/shared/lib/' },
      to: { path: '^src/shared/(service|counter)/' },
    },
    {
      name: 'shared-service-not-to-counter',
      comment: "The service's shared shapes (its resources, a request's parts) never need the counter's.",
      severity: 'error',
      from: { path: '^src/shared/service/' },
      to: { path: '^src/shared/counter/' },
    },
    {
      name: 'counter-layers-not-to-app',
      comment:
        'app/ wires the counter (handlers, runtime); sync/ (the sales store and its sync) and register/ (operators, ' +
        'sessions) sit below it and never reach up: what they need from above is a port they declare, or lives in ' +
        'src/shared or counter/ports.',
      severity: 'error',
      from: { path: '^src/main/counter/(sync|register)/' },
      to: { path: '^src/main/counter/app/' },
    },
    {
      name: 'register-not-to-sync',
      comment:
        "sync/ implements what register/ declares (register/sales-store-port.ts: who sells, a session's records) " +
        'and runs its migrations in counter.db (register/migrations): the dependency runs from sync to register, ' +
        'never back, so the two never form a circle.',
      severity: 'error',
      from: { path: '^src/main/counter/register/' },
      to: { path: '^src/main/counter/sync/' },
    },
    {
      name: 'no-cycles',
      comment:
        'A cycle makes its modules load in an order that depends on who imports first, and ties its layers into ' +
        'one: none anywhere in src/ (the service, the counter, the renderer).',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'renderer-feature-to-feature-surface',
      comment:
        'A renderer feature (src/renderer/src/features/<name>/) offers the others its stores (*-store.ts: its state ' +
        'and the actions they call) and its components (PascalCase .tsx: what they mount); its other modules are ' +
        'its own. Something two features share that is neither belongs in app/ or lib/.',
      severity: 'error',
      from: { path: `^${FEATURES}([^/]+)/` },
      to: { path: `^${FEATURES}`, pathNot: [`^${FEATURES}$1/`, FEATURE_SURFACE] },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import the checker cannot resolve could hide a forbidden one.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // Built renderer bundles that happen to sit under src/ are not source.
    exclude: { path: '^src/renderer/out/' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
    },
  },
};
