// The printed table and the JSON file. Ratios are the figures that count: absolute numbers
// depend on the machine, ratios against a baseline measured in the same run much less so.

import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, platform, release } from 'node:os';
import { dirname } from 'node:path';

export interface Aim {
  /** `>=`: the ratio must be at least `value`; `<=`: at most. */
  op: '>=' | '<=';
  value: number;
}

export interface BenchRow {
  operation: string;
  /** The subject's figure, in `unit`. */
  measured: number;
  unit: string;
  baseline: number | null;
  baselineLabel: string;
  ratio: number | null;
  /** How the ratio is formed, e.g. "engine / bare". */
  ratioLabel: string;
  aim: Aim | null;
  note?: string;
}

export interface BenchSection {
  rows: BenchRow[];
  notes: string[];
  raw: Record<string, unknown>;
}

export function meetsAim(row: BenchRow): boolean | null {
  if (!row.aim || row.ratio === null || !Number.isFinite(row.ratio)) return null;
  return row.aim.op === '>=' ? row.ratio >= row.aim.value : row.ratio <= row.aim.value;
}

function fmt(value: number | null, unit = ''): string {
  if (value === null || !Number.isFinite(value)) return '-';
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : Math.abs(value) >= 1 ? 2 : 3;
  const text = value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return unit ? `${text} ${unit}` : text;
}

export function formatTable(rows: readonly BenchRow[]): string {
  const header = ['operation', 'measured', 'baseline', 'ratio', 'aim', 'ok?'];
  const body = rows.map((row) => {
    const ok = meetsAim(row);
    return [
      row.operation,
      fmt(row.measured, row.unit),
      row.baseline === null ? row.baselineLabel || '-' : `${fmt(row.baseline, row.unit)} (${row.baselineLabel})`,
      row.ratio === null ? '-' : `${fmt(row.ratio)} (${row.ratioLabel})`,
      row.aim ? `${row.aim.op} ${row.aim.value}` : 'n/a',
      ok === null ? '-' : ok ? 'yes' : 'NO',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join(' | ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('-+-');
  return [line(header), rule, ...body.map(line)].join('\n');
}

export function writeResults(
  path: string,
  sections: Record<string, BenchSection>,
  startedAt: Date,
  totalMs: number,
): void {
  const rows = Object.values(sections).flatMap((s) => s.rows);
  const result = {
    startedAt: startedAt.toISOString(),
    totalSeconds: Math.round(totalMs / 100) / 10,
    machine: {
      node: process.version,
      platform: `${platform()} ${release()}`,
      cpus: cpus().length,
      cpu: cpus()[0]?.model ?? '',
    },
    allAimsMet: rows.every((row) => meetsAim(row) !== false),
    rows: rows.map((row) => ({ ...row, ok: meetsAim(row) })),
    notes: Object.values(sections).flatMap((s) => s.notes),
    raw: Object.fromEntries(Object.entries(sections).map(([name, s]) => [name, s.raw])),
  };
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(result, null, 2)}\n`);
}
