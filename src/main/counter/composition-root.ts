// Composition root of the counter: every part that lives on counter.db built here, in dependency
// order, each given the collaborators it needs, and nothing built anywhere else. The store
// (counter.db: the sales' mirror, the command outbox, the offline sales, the sale on screen, the
// register's tables), the current service, the views, the announcements, connectivity and its
// health check, the puller, the sender, offline selling with its pool of codes registered ahead and
// its reconciler, the first-answer wait, the writes, the sale on screen, the sandbox's payment, the
// history's questions and the register; then the facade that links the sync to the service of the
// moment, and the probe that tests and the bench use. app/counter-runtime.ts builds the rest around
// these (the settings, the embedded sandbox, the handlers) and the hosts only adapt it.
import { randomUUID } from 'node:crypto';
import type { Sale, Settings } from '#shared/counter/counter-api';
import { openDatabase, type Db } from '#lib/store/database';
import { PrintJobs } from './printing/print-jobs';
import { writePrintRules } from './printing/print-rules';
import { PrintQueue, type PrintQueueOptions } from './printing/print-queue';
import { Register } from './register/register';
import { CommandOutbox } from './sync/commands/command-outbox';
import { CommandSender } from './sync/commands/command-sender';
import { Connectivity } from './sync/connection/connectivity';
import { CounterSync } from './sync/counter-sync';
import { CurrentService } from './sync/remote/current-service';
import { FirstAnswer } from './sync/commands/first-answer';
import { FixedQrTill } from './sync/fixed-qr/fixed-qr-till';
import { HealthCheck } from './sync/connection/health-check';
import { counterMigrations } from './sync/migrations';
import type { OfflineTiming } from './sync/offline/offline-reconciler';
import { OfflinePool } from './sync/offline/offline-pool';
import { OfflinePoolRepo } from './sync/offline/offline-pool-repo';
import { OfflineReconciler } from './sync/offline/offline-reconciler';
import { OfflineSalesRepo } from './sync/offline/offline-sales-repo';
import { OfflineSelling, type OfflineSalesConfig } from './sync/offline/offline-selling';
import { RetrySchedule, type RetryScheduleOptions } from './sync/commands/retry-schedule';
import { SaleCommands } from './sync/commands/sale-commands';
import { SaleMirror } from './sync/pull/sale-mirror';
import { SaleOnScreen } from './sync/sales/sale-on-screen';
import { SaleOnScreenRecord } from './sync/sales/sale-on-screen-record';
import { SalePuller } from './sync/pull/sale-puller';
import { SaleViews } from './sync/sales/sale-views';
import { SalesHistoryQuery } from './sync/sales/sales-history-query';
import { SalesRepo } from './sync/sales/sales-repo';
import { TrainingPayment } from './sync/remote/training-payment';
import { SyncNotices } from './sync/sync-notices';
import { syncProbe, type SyncProbe } from './sync/sync-probe';

export interface CounterSyncOptions {
  /** counter.db; ':memory:' in tests that need no restart. */
  dbPath: string;
  now?: () => Date;
  onSaleChanged?: (sale: Sale) => void;
  onStatusChanged?: () => void;
  /** How long a create or a refund waits for the service's first answer before the screen moves on. */
  firstAnswerWaitMs?: number;
  watchIntervalMs?: number;
  openIntervalMs?: number;
  healthIntervalMs?: number;
  senderConcurrency?: number;
  retry?: RetryScheduleOptions;
  newId?: () => string;
  /** What offline selling may do now (the settings); absent, no sale is ever made offline. */
  offlineSales?: () => OfflineSalesConfig;
  /** Offline windows and the matcher's margins (tests shorten them). */
  offlineTiming?: OfflineTiming;
  /** Offline sales are reconciled this often while online. */
  reconcileIntervalMs?: number;
  /** The account's Pix keys are asked for again this often while online. */
  keyCheckIntervalMs?: number;
  /** Receipts on paper (printing/): the printer of the moment, a job's paper, and how bytes reach it. */
  paper?: Pick<PrintQueueOptions, 'printer' | 'paperFor' | 'send' | 'onChanged'>;
  /** Whether new sales use the till's fixed QR (the settings' "QR fixo do caixa"); absent, never. */
  fixedQr?: () => boolean;
}

export interface CounterParts {
  sync: CounterSync;
  /** Operators, register sessions and manager approvals, in the same counter.db. */
  register: Register;
  /** The history's questions, answered in SQL. */
  history: SalesHistoryQuery;
  /** For tests and the bench only: when the queue is empty, a reconciliation pass now. */
  probe: SyncProbe;
  /** The paper owed and its printing, one job at a time (none without the `paper` option). */
  paper: {
    jobs: PrintJobs;
    queue: PrintQueue;
    /** What prints by itself from now on, as these settings say (print-rules.ts); the queue looks again. */
    applySettings(settings: Pick<Settings, 'paperPrinter'>): void;
  } | null;
  /** "QR fixo do caixa": the till's payment link and its sticker's code (sync/fixed-qr/). */
  fixedQr: FixedQrTill;
  /** For tests only: counter.db as it is, to read what they check. The parts above own it. */
  db: Db;
}

export function composeCounter(options: CounterSyncOptions): CounterParts {
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;

  const db = openDatabase(options.dbPath, counterMigrations);
  const repo = new SalesRepo(db);
  const outbox = new CommandOutbox(db);
  const offline = new OfflineSalesRepo(db);
  const onScreenRecord = new SaleOnScreenRecord(db);
  const mirror = new SaleMirror(repo, () => now().toISOString());
  const schedule = new RetrySchedule(options.retry);

  const service = new CurrentService();
  const views = new SaleViews({ repo, outbox, offline, service });
  const notices = new SyncNotices({
    views,
    onSaleChanged: options.onSaleChanged,
    onStatusChanged: options.onStatusChanged,
  });
  const paper = options.paper ? printingParts(db, now, options.paper) : null;
  // A sale's rows changed: its view goes to the screens, and its receipt or QR slip may now be
  // owed (a trigger wrote the job in the same transaction), so the printing queue looks: once this
  // turn is over, since a part may tell from inside its caller's transaction (an offline sale is
  // made inside the create's), and the queue must read the job only once it is committed.
  const saleChanged = (saleId: string) => {
    notices.saleChanged(saleId);
    if (paper) queueMicrotask(() => paper.queue.kick());
  };
  const statusChanged = () => notices.statusChanged();

  const connectivity = new Connectivity(now);
  const health = new HealthCheck({ service, connectivity, now, intervalMs: options.healthIntervalMs });
  const puller = new SalePuller({
    db,
    repo,
    mirror,
    connectivity,
    client: () => service.requireContract(),
    now,
    onSaleChanged: saleChanged,
    watchIntervalMs: options.watchIntervalMs,
    openIntervalMs: options.openIntervalMs,
  });
  const sender = new CommandSender({
    db,
    repo,
    outbox,
    mirror,
    offline,
    connectivity,
    schedule,
    client: () => service.contract,
    now,
    concurrency: options.senderConcurrency,
    onSaleChanged: saleChanged,
    onQueueChanged: statusChanged,
    onCancelRefused: (saleId) => void puller.pullNow(saleId),
  });
  const pool = new OfflinePool({
    repo: new OfflinePoolRepo(db),
    connectivity,
    now,
    transaction: (work) => db.transaction(work)(),
    ...(options.offlineTiming?.livenessMs !== undefined ? { livenessMs: options.offlineTiming.livenessMs } : {}),
  });
  const reconciler = new OfflineReconciler({
    db,
    repo,
    offline,
    connectivity,
    client: () => service.contract,
    now,
    timing: options.offlineTiming,
    onSaleChanged: saleChanged,
    onChanged: statusChanged,
    counterId: pool.counterId,
  });
  const offlineSelling = new OfflineSelling({
    db,
    pool,
    reconciler,
    repo,
    outbox,
    offline,
    connectivity,
    now,
    service: () => service.contract,
    config: options.offlineSales,
    timing: options.offlineTiming,
    keyCheckIntervalMs: options.keyCheckIntervalMs,
    reconcileIntervalMs: options.reconcileIntervalMs,
    isInFlight: (saleId) => sender.isInFlight(saleId),
    onSaleChanged: saleChanged,
    onStatusChanged: statusChanged,
  });
  const firstAnswer = new FirstAnswer(sender, options.firstAnswerWaitMs);
  const fixedQr = new FixedQrTill({
    db,
    service,
    connectivity,
    enabled: options.fixedQr ?? (() => false),
    newId,
  });
  const sales = new SaleCommands({
    db,
    repo,
    outbox,
    offline,
    onScreenRecord,
    service,
    connectivity,
    sender,
    puller,
    offlineSelling,
    firstAnswer,
    views,
    notices,
    now,
    newId,
    fixedQr,
  });
  const onScreen = new SaleOnScreen(onScreenRecord, views, puller);
  const sandbox = new TrainingPayment(service, views, connectivity, puller);

  const sync = new CounterSync({
    db,
    repo,
    outbox,
    service,
    connectivity,
    schedule,
    sender,
    puller,
    health,
    offlineSelling,
    notices,
    sales,
    views,
    onScreen,
    sandbox,
    now,
  });
  return {
    sync,
    register: new Register({ db, now }),
    history: new SalesHistoryQuery(db),
    probe: syncProbe({ service, outbox, sender, offlineSelling }),
    paper,
    fixedQr,
    db,
  };
}

function printingParts(db: Db, now: () => Date, options: NonNullable<CounterSyncOptions['paper']>) {
  const jobs = new PrintJobs(db);
  const queue = new PrintQueue({ ...options, jobs, now });
  return {
    jobs,
    queue,
    applySettings(settings: Pick<Settings, 'paperPrinter'>) {
      writePrintRules(db, settings);
      queue.kick();
    },
  };
}
