// The QR slip's job in counter.db (printing/migrations/008-charge-qr-slips.ts): a counter.db at
// version 7 with jobs in it moves to 8 with every job, id and rule as it was, and the triggers of
// 5–7 still owe receipts, refund slips and reports afterwards; and the new triggers owe one slip
// per sale, the moment it first has a code the customer can pay (the service's charge, or an
// offline sale's own code), only while the rule is on, never twice. The rows are written by the
// app's own repositories, as the sync writes them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '#lib/store/database';
import { counterMigrations } from '#counter/sync/migrations';
import { writePrintRules } from '#counter/printing/print-rules';
import { PrintJobs } from '#counter/printing/print-jobs';
import { SalesRepo, type SaleRow } from '#counter/sync/sales/sales-repo';
import { OfflineSalesRepo, type OfflineSaleRow } from '#counter/sync/offline/offline-sales-repo';
import type { Settings } from '#shared/counter/counter-api';

const dir = mkdtempSync(join(tmpdir(), 'balcao-charge-qr-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const AT = '2026-12-07T15:00:00.000Z';
const LATER = '2026-12-07T15:00:05.000Z';
const SERVICE = 'embedded';

type Printer = NonNullable<Settings['paperPrinter']>;

function printer(overrides: Partial<Printer> = {}): Pick<Settings, 'paperPrinter'> {
  return {
    paperPrinter: {
      address: '127.0.0.1:9100',
      profile: 'epson',
      columns: 48,
      printWhenPaid: true,
      printWhenRefunded: true,
      printWhenClosed: true,
      printWhenCharged: true,
      drawerOnPaid: false,
      copies: 2,
      ...overrides,
    },
  };
}

function sale(id: string, overrides: Partial<SaleRow> = {}): SaleRow {
  return {
    correlation_id: id,
    service_id: SERVICE,
    value: 1234,
    comment: null,
    customer_json: null,
    expires_in: 900,
    created_at: AT,
    status: 'PENDING',
    charge_json: null,
    payment_json: null,
    rejected_reason: null,
    updated_at: AT,
    ...overrides,
  };
}

function charge(id: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ correlationID: id, status: 'ACTIVE', value: 1234, brCode: `000201-${id}`, ...extra });
}

function offlineRow(saleId: string): OfflineSaleRow {
  return {
    sale_id: saleId,
    service_id: SERVICE,
    txid: `TX${saleId.replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 25),
    br_code: `000201-static-${saleId}`,
    pix_key: 'loja@example.com',
    created_at: AT,
    expires_at: '2026-12-07T15:15:00.000Z',
    window_end: '2026-12-07T15:16:00.000Z',
    state: 'AWAITING',
    matched_by: null,
    review_json: null,
    decision: null,
    decided_at: null,
    customer_receipt_at: null,
    registered: 0,
    dynamic_withdrawn: 0,
    updated_at: LATER,
  };
}

interface JobRow {
  id: number;
  document: string;
  subject: string;
  copy: number;
  reprint: number;
  state: string;
  may_be_printed: number;
  attempts: number;
  last_problem: string | null;
  next_attempt_at: string;
  created_at: string;
  printed_at: string | null;
}

const jobs = (db: Db): JobRow[] => db.prepare<[], JobRow>('SELECT * FROM print_jobs ORDER BY id').all();
const slips = (db: Db, subject?: string) =>
  jobs(db).filter((job) => job.document === 'charge-qr' && (subject === undefined || job.subject === subject));

function freshCounterDb(): { db: Db; repo: SalesRepo; offline: OfflineSalesRepo } {
  const db = openDatabase(':memory:', counterMigrations);
  const repo = new SalesRepo(db);
  repo.ensureService(SERVICE, 'Sandbox');
  return { db, repo, offline: new OfflineSalesRepo(db) };
}

describe('counter.db from version 7 to 8', () => {
  it('keeps every job, id and rule, and the triggers of 5–7 still owe their paper', () => {
    const path = join(dir, 'at-7.db');
    const old = openDatabase(
      path,
      counterMigrations.filter((migration) => migration.version <= 7),
    );
    expect(old.pragma('user_version', { simple: true })).toBe(7);
    // Version 7's own rules (no QR slip there), written as the settings wrote them then.
    const rules7 = old.prepare('INSERT INTO print_rules (document, copies) VALUES (?, ?)');
    rules7.run('sale-receipt', 2);
    rules7.run('refund-slip', 1);
    rules7.run('register-report', 1);
    // Written in SQL as version 7's tables take them: today's repository speaks today's schema.
    old.prepare("INSERT INTO services (id, label) VALUES (?, 'Sandbox')").run(SERVICE);
    old
      .prepare(
        `INSERT INTO sales (correlation_id, service_id, value, comment, customer_json, expires_in, created_at, status,
           charge_json, payment_json, rejected_reason, updated_at)
         VALUES (@correlation_id, @service_id, @value, @comment, @customer_json, @expires_in, @created_at, @status,
           @charge_json, @payment_json, @rejected_reason, @updated_at)`,
      )
      .run(sale('paid-before', { status: 'COMPLETED', payment_json: '{"endToEndId":"E1"}' }));
    // Jobs in every state, as the triggers and the queue left them.
    const jobs7 = new PrintJobs(old);
    const [first, second] = jobs7.ofSubject('paid-before');
    jobs7.startSending(first!.id);
    jobs7.sendingCut(first!.id);
    jobs7.printed(first!.id, LATER);
    jobs7.retryLater(second!.id, 'paper-out', LATER, true);
    jobs7.addReprint('sale-receipt', 'paid-before', LATER);
    const before = jobs(old);
    expect(before).toHaveLength(3);
    // Not only defaults: the copy must carry each column over.
    expect(before.map((job) => job.state)).toEqual(['printed', 'waiting', 'waiting']);
    expect(before[1]).toMatchObject({ may_be_printed: 1, last_problem: 'paper-out' });
    const rulesBefore = old.prepare('SELECT * FROM print_rules ORDER BY document').all();
    old.close();

    const db = openDatabase(path, counterMigrations);
    expect(db.pragma('user_version', { simple: true })).toBe(counterMigrations.at(-1)!.version);
    // The rename ran in legacy mode; the connection is back to the default after it.
    expect(db.pragma('legacy_alter_table', { simple: true })).toBe(0);
    expect(jobs(db)).toEqual(before);
    expect(db.prepare('SELECT * FROM print_rules ORDER BY document').all()).toEqual(rulesBefore);
    // The table's index of jobs owed is there again, and the CHECKs take the new document.
    expect(
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'print_jobs'").pluck().all(),
    ).toContain('print_jobs_owed');
    expect(() => db.prepare("INSERT INTO print_rules (document, copies) VALUES ('charge-qr', 1)").run()).not.toThrow();
    expect(() => db.prepare("INSERT INTO print_rules (document, copies) VALUES ('flyer', 1)").run()).toThrow(
      /CHECK constraint/,
    );

    // 005: a sale paid after the migration owes its receipt's two copies, with ids after the old ones.
    const repo = new SalesRepo(db);
    repo.insertSale(sale('paid-after'));
    repo.updateSale({ ...repo.sale('paid-after')!, status: 'COMPLETED', payment_json: '{"endToEndId":"E2"}' });
    const receipts = jobs(db).filter((job) => job.subject === 'paid-after');
    expect(receipts.map((job) => [job.document, job.copy])).toEqual([
      ['sale-receipt', 1],
      ['sale-receipt', 2],
    ]);
    expect(Math.min(...receipts.map((job) => job.id))).toBeGreaterThan(Math.max(...before.map((job) => job.id)));

    // 006: a refund confirmed owes its slip.
    repo.insertRefund({
      correlation_id: 'refund-1',
      sale_id: 'paid-after',
      value: 500,
      comment: null,
      created_at: LATER,
      status: 'QUEUED',
      refund_json: null,
      rejected_reason: null,
      updated_at: LATER,
    });
    repo.updateRefund({ ...repo.refund('refund-1')!, status: 'CONFIRMED', refund_json: '{"endToEndId":"D1"}' });
    expect(
      jobs(db)
        .filter((job) => job.subject === 'refund-1')
        .map((job) => job.document),
    ).toEqual(['refund-slip']);

    // 007: a register closed owes its report.
    db.prepare(
      `INSERT INTO operators (id, name, role, pin_hash, pin_salt, pin_kdf, created_at)
       VALUES ('op-1', 'Marta', 'MANAGER', 'h', 's', 'scrypt', ?)`,
    ).run(AT);
    db.prepare(
      "INSERT INTO register_sessions (id, till_name, opened_by, opened_at) VALUES ('session-1', 'Caixa 1', 'op-1', ?)",
    ).run(AT);
    db.prepare("UPDATE register_sessions SET closed_by = 'op-1', closed_at = ? WHERE id = 'session-1'").run(LATER);
    expect(
      jobs(db)
        .filter((job) => job.subject === 'session-1')
        .map((job) => job.document),
    ).toEqual(['register-report']);
    db.close();
  });
});

describe('the QR slip owed by a sale', () => {
  it('is owed once when the service’s charge arrives, with the rule on, one copy whatever the receipt’s', () => {
    const { db, repo } = freshCounterDb();
    writePrintRules(db, printer({ copies: 2 }));
    repo.insertSale(sale('s1'));
    // Waiting for the service: no code yet, nothing to print.
    expect(slips(db)).toEqual([]);
    repo.updateSale({ ...repo.sale('s1')!, status: 'ACTIVE', charge_json: charge('s1'), updated_at: LATER });
    expect(slips(db)).toMatchObject([
      { subject: 's1', copy: 1, reprint: 0, state: 'waiting', next_attempt_at: LATER, created_at: LATER },
    ]);

    // The same sale's later reads, a retried create's answer, its payment: no second slip.
    repo.updateSale({ ...repo.sale('s1')!, charge_json: charge('s1', { updatedAt: LATER }) });
    repo.updateSale({ ...repo.sale('s1')!, status: 'ACTIVE' });
    repo.updateSale({ ...repo.sale('s1')!, status: 'COMPLETED', payment_json: '{"endToEndId":"E1"}' });
    expect(slips(db)).toHaveLength(1);
    // The receipt went on as before: two copies.
    expect(jobs(db).filter((job) => job.document === 'sale-receipt')).toHaveLength(2);
    db.close();
  });

  it('is not owed with the rule off, nor without a printer, nor for a sale no longer waiting', () => {
    const { db, repo } = freshCounterDb();
    writePrintRules(db, printer({ printWhenCharged: false }));
    expect(db.prepare('SELECT document FROM print_rules ORDER BY document').pluck().all()).not.toContain('charge-qr');
    repo.insertSale(sale('off'));
    repo.updateSale({ ...repo.sale('off')!, status: 'ACTIVE', charge_json: charge('off') });

    writePrintRules(db, printer({ address: '' }));
    expect(db.prepare('SELECT COUNT(*) FROM print_rules').pluck().get()).toBe(0);
    repo.insertSale(sale('no-printer'));
    repo.updateSale({ ...repo.sale('no-printer')!, status: 'ACTIVE', charge_json: charge('no-printer') });

    writePrintRules(db, printer());
    // Cancelled by the cashier (Esc Esc) before the create's answer came back.
    repo.insertSale(sale('cancelled'));
    repo.updateSale({ ...repo.sale('cancelled')!, status: 'CANCELLED' });
    repo.updateSale({ ...repo.sale('cancelled')!, charge_json: charge('cancelled') });
    // Paid before the counter first read the charge.
    repo.insertSale(sale('paid-first'));
    repo.updateSale({
      ...repo.sale('paid-first')!,
      status: 'COMPLETED',
      charge_json: charge('paid-first', { status: 'COMPLETED' }),
    });
    // The rule turned on later does not print the past: 'off' is read again, and still owes nothing.
    repo.updateSale({ ...repo.sale('off')!, charge_json: charge('off', { updatedAt: LATER }) });
    expect(slips(db)).toEqual([]);
    db.close();
  });

  it('is owed for an offline sale’s own code, made offline from the start or taken over', () => {
    const { db, repo, offline } = freshCounterDb();
    writePrintRules(db, printer());
    // Made offline: the sale is written ACTIVE with no charge, then its code, in one transaction.
    db.transaction(() => {
      repo.insertSale(sale('offline', { status: 'ACTIVE' }));
      expect(slips(db, 'offline')).toEqual([]);
      offline.insert(offlineRow('offline'));
    })();
    expect(slips(db, 'offline')).toMatchObject([{ copy: 1, created_at: LATER }]);

    // Taken over: PENDING without an answer, switched to ACTIVE, then its code.
    repo.insertSale(sale('taken'));
    db.transaction(() => {
      repo.updateSale({ ...repo.sale('taken')!, status: 'ACTIVE', updated_at: LATER });
      offline.insert(offlineRow('taken'));
    })();
    expect(slips(db, 'taken')).toHaveLength(1);
    // The dynamic charge the create made after all arrives later: it is being withdrawn, and the
    // slip already owed stays the only one.
    repo.updateSale({ ...repo.sale('taken')!, charge_json: charge('taken') });
    expect(slips(db, 'taken')).toHaveLength(1);

    // A code written for a sale that no longer waits (cancelled meanwhile) owes nothing.
    repo.insertSale(sale('ended', { status: 'CANCELLED' }));
    offline.insert(offlineRow('ended'));
    expect(slips(db, 'ended')).toEqual([]);
    db.close();
  });

  it('never prints a withdrawn dynamic charge of an offline sale, even when the rule came on in between', () => {
    const { db, repo, offline } = freshCounterDb();
    writePrintRules(db, printer({ printWhenCharged: false }));
    repo.insertSale(sale('taken'));
    db.transaction(() => {
      repo.updateSale({ ...repo.sale('taken')!, status: 'ACTIVE' });
      offline.insert(offlineRow('taken'));
    })();
    writePrintRules(db, printer());
    repo.updateSale({ ...repo.sale('taken')!, charge_json: charge('taken') });
    expect(slips(db)).toEqual([]);
    db.close();
  });

  it('is owed for a sale written with its charge already, once', () => {
    const { db, repo } = freshCounterDb();
    writePrintRules(db, printer());
    repo.insertSale(sale('imported', { status: 'ACTIVE', charge_json: charge('imported') }));
    repo.updateSale({ ...repo.sale('imported')!, charge_json: charge('imported', { updatedAt: LATER }) });
    expect(slips(db, 'imported')).toHaveLength(1);
    db.close();
  });
});
