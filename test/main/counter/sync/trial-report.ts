// A failed trial, told so it can be replayed and read: the seed and the command that replays
// it, the violations, every step with its outcome, the faults each proxy applied, and the tail
// of what each counter printed.
import type { ProxyLogEntry } from '#test/support/fault-proxy';
import { isReserve } from './invariants';
import { describeStep } from './trial-plan';
import type { TrialResult } from './trial-runner';

const PROXY_TAIL = 40;
const OUTPUT_TAIL = 3_000;

export function replayCommand(result: Pick<TrialResult, 'options'>): string {
  const { seed, steps, counters } = result.options;
  return `TRIAL_SEED=${seed} TRIAL_STEPS=${steps} TRIAL_COUNTERS=${counters} TRIAL_COUNT=1 npx vitest run test/main/counter/sync/trials-1.test.ts`;
}

/** What became of the trial's offline sales at the verdict, in one line. */
export function offlineSummary(result: Pick<TrialResult, 'finalInput'>): string {
  const sales = (result.finalInput?.counters ?? [])
    .flatMap((counter) => counter.days.flatMap((day) => day.sales))
    .filter((sale) => sale.offline);
  if (sales.length === 0) return 'offline: none';
  const count = (test: (sale: (typeof sales)[number]) => boolean) => sales.filter(test).length;
  const reasons = new Map<string, number>();
  for (const sale of sales)
    if (sale.offline!.review)
      reasons.set(sale.offline!.review.reason, (reasons.get(sale.offline!.review.reason) ?? 0) + 1);
  const reserves = new Set(
    (result.finalInput?.remote.pixQrCodes ?? []).filter(isReserve).map((code) => code.identifier),
  );
  return (
    `offline: ${sales.length} sold (${count((s) => reserves.has(s.offline!.txid))} on codes registered ahead), ${count((s) => s.status === 'COMPLETED' && s.offline!.matchedBy === 'txid')} confirmed by txid, ` +
    `${count((s) => s.status === 'COMPLETED' && s.offline!.matchedBy === 'value')} by value, ${count((s) => s.status === 'CANCELLED')} cancelled, ` +
    `${count((s) => s.offline!.dynamicChargeWithdrawn)} with a withdrawn charge, ${count((s) => s.offline!.customerShowedReceiptAt !== undefined)} receipts shown; ` +
    `review ${[...reasons].map(([reason, n]) => `${reason} ×${n}`).join(', ') || 'none'}`
  );
}

/** The fault plans of a trial: how many, how many refused the optional reads, held a list page, and how each hold ended. */
export function faultSummary(result: Pick<TrialResult, 'steps' | 'proxyLogs'>): string {
  const plans = result.steps.filter((entry) => entry.step.kind === 'faults');
  if (plans.length === 0) return 'fault plans: none';
  const refusing = plans.filter((entry) => entry.outcome.includes('optional reads refused')).length;
  const holding = plans.filter((entry) => entry.outcome.includes('list page held')).length;
  const refused = result.proxyLogs
    .flat()
    .filter((entry) => entry.fault.kind === 'status' && entry.fault.status === 403).length;
  const held = result.proxyLogs.flat().filter((entry) => entry.fault.kind === 'hold').length;
  const acrossPayment = result.steps.filter(
    (entry) => entry.step.kind === 'pay' && entry.outcome.includes('then released'),
  ).length;
  return `fault plans: ${plans.length} (${refusing} refusing optional reads: ${refused} refused; ${holding} holding a list page: ${held} held, ${acrossPayment} across a payment)`;
}

export function formatTrialReport(result: TrialResult): string {
  const { seed, steps, counters } = result.options;
  const verdict = result.error ? 'BROKE' : result.violations.length ? 'FAILED' : 'passed';
  const lines = [
    `Trial seed=${seed} steps=${steps} counters=${counters}: ${verdict} in ${(result.durationMs / 1000).toFixed(1)} s${result.drained ? '' : ' (queues did not drain)'}${result.drained && !result.settled ? ' (offline sales did not settle)' : ''}`,
    `Replay: ${replayCommand(result)}`,
    offlineSummary(result),
    faultSummary(result),
    `Time: start ${seconds(result.phasesMs.start)}, steps ${seconds(result.phasesMs.steps)}, drain ${seconds(result.phasesMs.drain)}, settle ${seconds(result.phasesMs.settle)}, converge ${seconds(result.phasesMs.converge)}`,
  ];
  if (result.error) lines.push('', 'Error:', indent(result.error));
  if (result.violations.length)
    lines.push('', `Violations (${result.violations.length}):`, ...result.violations.map((v) => `  - ${v}`));
  const named = idsIn(result.violations);
  if (named.length) {
    lines.push('', 'Requests about the ids in the violations:');
    for (const id of named) {
      lines.push(`  ${id}:`);
      result.proxyLogs.forEach((log, i) => {
        for (const entry of log)
          if (entry.path.includes(id) || entry.body.includes(id)) lines.push(`    c${i} ${describeEntry(entry)}`);
      });
    }
  }
  const sales = salesNamed(result, named);
  if (sales.length)
    lines.push(
      '',
      'The sales the violations name, as the counters show them at the verdict:',
      ...sales.map((line) => `  ${line}`),
    );
  lines.push('', 'Steps:');
  for (const entry of result.steps)
    lines.push(`  #${entry.index} ${describeStep(entry.step)} → ${entry.outcome} (${entry.ms} ms)`);
  result.proxyLogs.forEach((log, i) => {
    const faulted = log.filter((entry) => entry.fault.kind !== 'pass');
    lines.push(
      '',
      `Proxy c${i}: ${log.length} requests, ${faulted.length} faulted${summary(faulted)}; last ${Math.min(PROXY_TAIL, log.length)}:`,
    );
    for (const entry of log.slice(-PROXY_TAIL)) lines.push(`  ${describeEntry(entry)}`);
  });
  result.counterOutput.forEach((output, i) => {
    const tail = output.trim().slice(-OUTPUT_TAIL);
    if (tail) lines.push('', `Counter c${i} output (tail):`, indent(tail));
  });
  return lines.join('\n');
}

/** One line per named sale: its status, and for an offline sale its txid, state, review and payment. */
function salesNamed(result: TrialResult, ids: readonly string[]): string[] {
  const lines: string[] = [];
  for (const counter of result.finalInput?.counters ?? []) {
    for (const { sales } of counter.days) {
      for (const sale of sales) {
        if (!ids.includes(sale.correlationID)) continue;
        const offline = sale.offline
          ? ` offline txid=${sale.offline.txid} state=${sale.offline.state}${sale.offline.review ? ` review=${sale.offline.review.reason}` : ''} registered=${sale.offline.registered}${sale.offline.matchedBy ? ` matchedBy=${sale.offline.matchedBy}` : ''} expires=${sale.expiresDate}`
          : '';
        lines.push(
          `${counter.name} ${sale.correlationID} ${sale.value} ${sale.status} created=${sale.createdAt}${sale.endToEndId ? ` paid by ${sale.endToEndId}` : ''}${offline}`,
        );
      }
    }
  }
  return lines;
}

/** The correlationIDs (sales and refunds) the violations name. */
function idsIn(violations: readonly string[]): string[] {
  const ids = new Set<string>();
  for (const violation of violations)
    for (const match of violation.matchAll(/balcao-(?:devolucao-)?[0-9a-f-]{36}/g)) ids.add(match[0]);
  return [...ids];
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function summary(entries: readonly ProxyLogEntry[]): string {
  if (entries.length === 0) return '';
  const counts = new Map<string, number>();
  for (const entry of entries) {
    const key = entry.fault.kind === 'status' ? `status ${entry.fault.status}` : entry.fault.kind;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return ` (${[...counts].map(([key, n]) => `${key} ×${n}`).join(', ')})`;
}

function describeEntry(entry: ProxyLogEntry): string {
  const fault =
    entry.fault.kind === 'status'
      ? `status ${entry.fault.status}`
      : entry.fault.kind === 'delay'
        ? `delay ${entry.fault.ms}ms`
        : entry.fault.kind;
  const upstream = entry.forwarded
    ? entry.upstreamFailed
      ? 'upstream down'
      : `server ${entry.upstreamStatus ?? '…'}`
    : 'not forwarded';
  return `${entry.seq} ${entry.method} ${entry.path} [${fault}] ${upstream}, client got ${entry.delivered}${entry.clientGone ? ', client gave up' : ''}`;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
