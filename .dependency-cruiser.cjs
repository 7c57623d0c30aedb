// The layering of src/ (docs/architecture.md), checked by `npm run deps` as part of `npm test`.
// Paths are relative to the project root. Type-only imports count as much as value imports: a
// type pulls its module's meaning across the layer just the same.

const ENGINE = '^src/main/engine/';
// What the engine is reached through from the counter: the adapter, and only it. The counter's HTTP
// client knows the routes it calls from the counter's own contract (sync/service-contract.ts).
const IN_PROCESS_ADAPTER = '^src/main/sync/in-process-service\\.ts$';
const FEATURES = 'src/renderer/src/features/';
// What a feature offers the others: its stores and its components.
const FEATURE_SURFACE = `^${FEATURES}[^/]+/([a-z0-9-]+-store\\.ts|[A-Z][A-Za-z0-9]*\\.tsx)$`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'engine-not-to-hosts',
      comment:
        'The engine is the service alone: HTTP (src/main/http), the counter (app, sync), the browser host (web) and the ' +
        'Electron shell call it, never the other way round.',
      severity: 'error',
      from: { path: ENGINE },
      to: { path: '^src/main/(http|app|sync|web|electron)/' },
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
      comment: 'The engine speaks through Engine.handle; sockets and servers belong to src/main/http.',
      severity: 'error',
      from: { path: ENGINE },
      to: { dependencyTypes: ['core'], path: '^(node:)?(http|https|http2|net|tls|dgram)$' },
    },
    {
      name: 'app-not-to-engine',
      comment:
        'The counter reaches the service only through src/main/sync/ (in process or over HTTP, the same path in every ' +
        'mode). The embedded sandbox as a whole is src/main/sandbox-service.ts; pure libraries live outside the ' +
        'engine (src/main/pix, src/main/receipts, src/shared).',
      severity: 'error',
      from: { path: '^src/main/app/' },
      to: { path: ENGINE },
    },
    {
      name: 'sync-to-engine-only-in-the-adapter',
      comment: `Only ${IN_PROCESS_ADAPTER} may know the engine; the rest of src/main/sync/ talks to a ServiceClient in the words of its own contract (service-contract.ts).`,
      severity: 'error',
      from: { path: '^src/main/sync/', pathNot: IN_PROCESS_ADAPTER },
      to: { path: ENGINE },
    },
    {
      name: 'adapter-to-engine-facade-only',
      comment:
        'The in-process adapter calls Engine (engine.ts) and may name the types of its API (context.ts) and its ' +
        'operations (operations.ts), nothing deeper.',
      severity: 'error',
      from: { path: IN_PROCESS_ADAPTER },
      to: { path: ENGINE, pathNot: '^src/main/engine/(engine|context|operations)\\.ts$' },
    },
    {
      name: 'adapter-to-engine-context-types-only',
      comment: 'context.ts is reached for the types of the Engine API (EngineEvent, EngineConfig), not for code.',
      severity: 'error',
      from: { path: IN_PROCESS_ADAPTER },
      to: { path: '^src/main/engine/context\\.ts$', dependencyTypesNot: ['type-only', 'type-import'] },
    },
    {
      name: 'libraries-not-to-layers',
      comment:
        'The pure libraries the engine and the counter share (Pix, receipts, the SQLite helpers) must not lead back ' +
        'into either: that would carry the engine into the counter, or the counter into the engine.',
      severity: 'error',
      from: { path: '^src/main/(pix|receipts|store)/' },
      to: { path: '^src/main/(engine|app|sync|http|web|electron)/' },
    },
    {
      name: 'renderer-not-to-main-or-preload',
      comment: 'The renderer talks to the main process only through the PosApi contract in src/shared/pos-api.ts.',
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
      name: 'counter-layers-not-to-app',
      comment:
        'app/ wires the counter (handlers, runtime); sync/ (the sales store and its sync) and register/ (operators, ' +
        'sessions) sit below it and never reach up: what they need from above is a port they declare, or lives in ' +
        'src/shared or beside the layers (src/main/printing-port.ts).',
      severity: 'error',
      from: { path: '^src/main/(sync|register)/' },
      to: { path: '^src/main/app/' },
    },
    {
      name: 'register-not-to-sync',
      comment:
        "sync/ implements what register/ declares (register/sales-store-port.ts: who sells, a session's records) " +
        'and runs its migrations in counter.db (register/migrations): the dependency runs from sync to register, ' +
        'never back, so the two never form a circle.',
      severity: 'error',
      from: { path: '^src/main/register/' },
      to: { path: '^src/main/sync/' },
    },
    {
      name: 'no-cycles',
      comment:
        'A cycle makes its modules load in an order that depends on who imports first, and ties its layers into ' +
        'one: none anywhere in src/ (the engine, the counter, the renderer).',
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
