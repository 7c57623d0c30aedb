// Prints the jobs owed (print-jobs.ts), one at a time as a printer takes them, each exactly once:
// a job is printed only when the printer confirmed it (raw-printer.ts); a printer off, out of
// paper or with its cover open leaves it waiting, asked again every few seconds, and nothing else
// waits for it: sales, the screens and the sync go on. Each step is recorded before the next, so a
// crash anywhere leaves the job owed, and a copy that may already be whole prints as "2ª via".
import type { PaperDocument } from '#lib/receipts/paper/paper-document';
import { encodeJob } from '#lib/receipts/paper/escpos-encode';
import type { PrintJobRow, PrintJobs } from './print-jobs';
import type { PaperPrinter } from './paper-printer';
import { printRaw, type PrintOutcome } from './raw-printer';

export interface PrintQueueOptions {
  jobs: PrintJobs;
  now: () => Date;
  /** The printer as the settings say, or null when none is set (nothing prints; jobs wait). */
  printer: () => PaperPrinter | null;
  /**
   * A job laid out for the printer; null when what it was about is gone for good, or its paper is
   * no longer wanted (a QR slip for a sale already paid): it is then never printed. `reprint`:
   * the paper says "2ª via".
   */
  paperFor: (job: PrintJobRow, printer: PaperPrinter, reprint: boolean) => Promise<PaperDocument | null>;
  /** How the bytes reach the printer: the raw TCP transport unless told otherwise. */
  send?: typeof printRaw;
  /** The owed count or the printer's problem may have changed (the status bar). */
  onChanged?: () => void;
}

/** Waits before asking a printer that could not print again: soon at first, every 10 s at most. */
const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000];

/**
 * With nothing owed, the queue still looks this often: every event that owes paper kicks it, and
 * this is the net under that, so a job written by a path that forgot to is printed all the same.
 */
const IDLE_LOOK_MS = 5_000;

export class PrintQueue {
  private running = false;
  private stopped = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private current: Promise<void> = Promise.resolve();

  constructor(private readonly options: PrintQueueOptions) {
    options.jobs.recoverInterrupted();
  }

  /** Prints what is due now, then sleeps until the next job falls due. */
  kick(): void {
    if (this.stopped || this.running) return;
    this.running = true;
    this.current = this.drain().finally(() => {
      this.running = false;
      this.planWakeUp();
    });
  }

  /** Stops after the job on its way (a clean shutdown, and tests). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.current;
  }

  /** Jobs owed and why the first did not print last time: the status bar's word on paper. */
  status(): { owed: number; problem: string | null } {
    const { count, problem } = this.options.jobs.owed();
    return { owed: count, problem };
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const printer = this.options.printer();
      if (!printer) return;
      const job = this.options.jobs.next(this.options.now().toISOString());
      if (!job) return;
      await this.printOne(job, printer);
      this.options.onChanged?.();
    }
  }

  private async printOne(job: PrintJobRow, printer: PaperPrinter): Promise<void> {
    const { jobs, now } = this.options;
    const reprint = job.reprint > 0 || job.may_be_printed === 1;
    let paper: PaperDocument | null;
    try {
      paper = await this.options.paperFor(job, printer, reprint);
    } catch (error) {
      // The records are not ready (a payment not read yet): asked again shortly.
      jobs.retryLater(job.id, `records: ${describe(error)}`, this.later(job.attempts), false);
      return;
    }
    if (!paper) {
      jobs.printed(job.id, now().toISOString());
      return;
    }
    jobs.startSending(job.id);
    const outcome: PrintOutcome = await (this.options.send ?? printRaw)(
      printer.address,
      encodeJob(paper, printer.profile),
      {
        language: printer.profile.language,
        beforeCut: () => jobs.sendingCut(job.id),
      },
    );
    if (outcome.kind === 'printed') jobs.printed(job.id, now().toISOString());
    else if (outcome.kind === 'not-printed')
      jobs.retryLater(job.id, outcome.reason, this.later(job.attempts), job.may_be_printed === 1);
    else jobs.retryLater(job.id, 'interrupted', this.later(0), outcome.mayBeWhole || job.may_be_printed === 1);
  }

  private later(attempts: number): string {
    const delay = RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length - 1)]!;
    return new Date(this.options.now().getTime() + delay).toISOString();
  }

  private planWakeUp(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    // A printer not set: the settings' save kicks the queue.
    if (!this.options.printer()) return;
    const next = this.options.jobs.nextAttemptAt();
    const delay =
      next === null
        ? IDLE_LOOK_MS
        : Math.max(50, Math.min(IDLE_LOOK_MS, Date.parse(next) - this.options.now().getTime()));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.kick();
    }, delay);
    this.timer.unref?.();
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
