// The day bench's table (bench/day.ts dayRows): its aims are on what the cashier's page holds in
// the document, not on CDP's counts that include detached nodes a GC has not collected yet.
import { describe, expect, it } from 'vitest';
import { dayPlan, dayRows, type DayResult } from '../../bench/day';
import { meetsAim, type BenchRow } from '../../bench/report';

const SALES = 400;

function snapshot(
  afterSales: number,
  page: { liveNodes: number; nodes: number; liveListeners: number; listeners: number },
) {
  const host = { rss: 100e6, heapUsed: 40e6, external: 8e6 };
  return {
    afterSales,
    host,
    rendererHeapUsed: 6e6,
    domNodesSale: page.nodes,
    domNodesHistory: 640,
    liveNodesSale: page.liveNodes,
    liveNodesHistory: 480,
    listeners: page.listeners,
    liveListeners: page.liveListeners,
    dbBytes: 1e6,
  };
}

/** A day whose page on the sale screen read `first` after the first window and `last` at the end. */
function dayWith(first: Parameters<typeof snapshot>[1], last: Parameters<typeof snapshot>[1]): DayResult {
  const plan = dayPlan(SALES);
  const samples = Array.from({ length: SALES }, (_, index) => ({ index, enterToQr: 100, paidToPago: 100 }));
  const flat = { first: 50, last: 50 };
  return {
    sales: SALES,
    plan,
    seconds: 600,
    samples,
    snapshots: { first: snapshot(plan.first[1], first), last: snapshot(SALES, last) },
    hostCurve: [],
    rendererCurve: [],
    hostEnv: {},
    dbBytesPerSale: { first: 2048, last: 2048 },
    mainCpuMsPerSale: flat,
    rendererCpuMsPerSale: { first: 250, last: 250 },
    wallMsPerSale: { first: 900, last: 900 },
    loadAverage: { first: 2, last: 2 },
    problems: [],
  } as unknown as DayResult;
}

const rowNamed = (rows: BenchRow[], name: string) => {
  const row = rows.find((candidate) => candidate.operation === `Day: ${name}`);
  if (!row) throw new Error(`no row ${name}: ${rows.map((r) => r.operation).join(', ')}`);
  return row;
};

describe('the day bench table', () => {
  it('judges the nodes and listeners in the document; CDP counts are shown without an aim', () => {
    // CDP's counts swing by a screen's worth of detached nodes; the document holds the same.
    const rows = dayRows(
      dayWith(
        { liveNodes: 159, nodes: 245, liveListeners: 166, listeners: 183 },
        { liveNodes: 159, nodes: 309, liveListeners: 166, listeners: 214 },
      ),
    );
    expect(meetsAim(rowNamed(rows, 'DOM nodes in the document, sale screen'))).toBe(true);
    expect(meetsAim(rowNamed(rows, 'JS event listeners in the document, sale screen'))).toBe(true);
    const cdpNodes = rowNamed(rows, 'DOM nodes held (CDP Nodes), sale screen');
    expect(cdpNodes.aim).toBeNull();
    expect(cdpNodes.ratio).toBeCloseTo(309 / 245);
    expect(rowNamed(rows, 'JS event listeners held (CDP JSEventListeners), sale screen').aim).toBeNull();
  });

  it('misses the aim when the document itself grows over the day', () => {
    const rows = dayRows(
      dayWith(
        { liveNodes: 159, nodes: 245, liveListeners: 166, listeners: 183 },
        { liveNodes: 220, nodes: 250, liveListeners: 230, listeners: 190 },
      ),
    );
    expect(meetsAim(rowNamed(rows, 'DOM nodes in the document, sale screen'))).toBe(false);
    expect(meetsAim(rowNamed(rows, 'JS event listeners in the document, sale screen'))).toBe(false);
  });

  it('keeps the CPU per sale judged, and the time per sale beside it as information', () => {
    const rows = dayRows(
      dayWith(
        { liveNodes: 1, nodes: 1, liveListeners: 1, listeners: 1 },
        { liveNodes: 1, nodes: 1, liveListeners: 1, listeners: 1 },
      ),
    );
    expect(rowNamed(rows, 'renderer CPU per sale').aim).toEqual({ op: '<=', value: 1.2 });
    expect(rowNamed(rows, 'wall-clock time per sale').aim).toBeNull();
  });
});
