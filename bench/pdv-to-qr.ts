// The PDV API (issue 36): how long from a PDV's create to the QR painted on the cashier's screen,
// through the real browser host (its PDV API on its own port) and Debian Chromium. The clock
// starts in the page just before the create is sent from here, and stops at the frame that paints
// the new sale's QR, so the figure includes the create's round trip, the charge, the push and the
// paint. Beside it, the baseline: the create's own answer to the PDV (the charge made, the sale
// recorded), measured over the same calls.
//   npx tsx bench/pdv-to-qr.ts [--orders N]   prints them
import { pathToFileURL } from 'node:url';
import { startBrowserHost } from '../test/e2e/browser-host-process';
import { launchChromium } from '../test/e2e/chromium';
import { invokeOnPage } from '../test/e2e/page-bridge';
import { ensureRendererBuilt } from '../test/e2e/renderer-build';
import { median, percentile } from './measure';
import type { BenchSection } from './report';
import { AFTER_PAINT, READ_BRCODE } from './ui-latency';

export interface PdvToQr {
  /** From the create sent to the QR painted, per order. */
  toQrMs: number[];
  /** The create's own answer, per order. */
  answerMs: number[];
}

/** Resolves with the page time of the frame that paints a QR whose code differs from `previous`. */
const NEW_QR_PAINTED = `(async (previous) => {
  ${AFTER_PAINT}
  const code = () => document.querySelector('textarea[readonly]');
  const qr = () => document.querySelector('img[alt^="QR Code Pix"]');
  await waitFor(() => qr() !== null && code() !== null && code().value !== previous);
  const img = qr();
  if (!img.complete || img.naturalWidth === 0) await img.decode().catch(() => undefined);
  return afterPaint();
})`;

/** Resolves once "Pago" is on screen (evaluated as an expression: the page's CSP allows no eval). */
const PAGO_SHOWN = `(async () => {
  ${AFTER_PAINT}
  await waitFor(() => [...document.querySelectorAll('h1, h2, [role="status"]')].some((el) => /\\bpago\\b/i.test(el.textContent || '')));
})()`;

export async function measurePdvToQr(options: { orders?: number; warmup?: number } = {}): Promise<PdvToQr> {
  const orders = options.orders ?? 30;
  const warmup = options.warmup ?? 2;
  await ensureRendererBuilt();
  const host = await startBrowserHost();
  const browser = await launchChromium();
  try {
    if (!host.pdvOrigin) throw new Error('the browser host started no PDV API');
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(host.url);
    await page.getByLabel('Valor', { exact: true }).waitFor();
    const { token } = await invokeOnPage(page, 'createIntegration', { name: 'bench', canRefund: false });
    const toQrMs: number[] = [];
    const answerMs: number[] = [];
    let previous = '';
    for (let i = 0; i < warmup + orders; i++) {
      const start = await page.evaluate<number>('performance.now()');
      const painted = page.evaluate<number>(`${NEW_QR_PAINTED}(${JSON.stringify(previous)})`);
      const sent = performance.now();
      const response = await fetch(`${host.pdvOrigin}/pdv/v1/sales`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ orderId: `bench-${i}`, value: 1000 + i }),
      });
      const answered = performance.now() - sent;
      const sale = (await response.json()) as { brCode?: string; status?: string };
      if (response.status !== 201 || !sale.brCode)
        throw new Error(`create ${i}: ${response.status} ${JSON.stringify(sale)}`);
      const at = await painted;
      const shown = await page.evaluate<string | null>(READ_BRCODE);
      if (shown !== sale.brCode) throw new Error(`order ${i}: the screen shows another code`);
      previous = sale.brCode;
      if (i >= warmup) {
        toQrMs.push(at - start);
        answerMs.push(answered);
      }
      // Paid, the screen makes way for the next order (one sale waits on screen at a time).
      const paid = await fetch(`${host.origin}/openpix/testing/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: host.appId },
        body: JSON.stringify({ brCode: sale.brCode }),
      });
      if (!paid.ok) throw new Error(`pay ${i}: ${paid.status}`);
      await page.evaluate(PAGO_SHOWN);
    }
    return { toQrMs, answerMs };
  } finally {
    await browser.close();
    await host.stop();
  }
}

export async function benchPdvToQr(options: { orders: number }): Promise<BenchSection> {
  const { toQrMs, answerMs } = await measurePdvToQr({ orders: options.orders });
  const p50 = median(toQrMs);
  const answerP50 = median(answerMs);
  return {
    rows: [
      {
        operation: `pdv: create → QR painted on the cashier's screen, p50 of ${toQrMs.length} (info)`,
        measured: p50,
        unit: 'ms',
        baseline: answerP50,
        baselineLabel: "the create's own answer, p50",
        ratio: p50 / answerP50,
        ratioLabel: 'to QR / answer',
        aim: null,
        note: 'the PDV API on its own port; the embedded sandbox makes the charge; the push reaches the page over the browser host’s event stream',
      },
      {
        operation: `pdv: create → QR painted on the cashier's screen, p95 of ${toQrMs.length} (info)`,
        measured: percentile(toQrMs, 95),
        unit: 'ms',
        baseline: percentile(answerMs, 95),
        baselineLabel: "the create's own answer, p95",
        ratio: percentile(toQrMs, 95) / percentile(answerMs, 95),
        ratioLabel: 'to QR / answer',
        aim: null,
        note: `max ${Math.max(...toQrMs).toFixed(0)} ms`,
      },
    ],
    notes: [],
    raw: { toQrMs, answerMs },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--orders');
  const orders = at > 0 ? Number(process.argv[at + 1]) : 30;
  const { toQrMs, answerMs } = await measurePdvToQr({ orders });
  console.log(
    `create → QR painted: p50 ${median(toQrMs).toFixed(1)} ms, p95 ${percentile(toQrMs, 95).toFixed(1)} ms; the create's answer: p50 ${median(answerMs).toFixed(1)} ms (${orders} orders)`,
  );
}
