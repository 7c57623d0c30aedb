// What the cashier feels: Enter → QR painted, and sandbox payment → "Pago" painted, measured in
// the page (performance.now) through the real browser host and Debian Chromium.
//   measureUiLatency()            the figures (p95 over 50 charges by default)
//   benchUiLatency()              the same as a bench section for bench/run.ts
//   npx tsx bench/ui-latency.ts [--charges N]   prints them
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { startBrowserHost } from '../test/e2e/browser-host-process';
import { launchChromium } from '../test/e2e/chromium';
import { ensureRendererBuilt } from '../test/e2e/renderer-build';
import { median } from './measure';
import type { BenchSection } from './report';

export interface UiLatency {
  enterToQrP95Ms: number;
  paymentToPagoP95Ms: number;
  /** Charges measured (warm-up ones excluded). */
  samples: number;
  enterToQrMs: number[];
  paymentToPagoMs: number[];
}

export const ENTER_TO_QR_AIM_MS = 150;
export const PAYMENT_TO_PAGO_AIM_MS = 1_500;

// In-page code is passed as text: it runs in Chromium, and a transpiler's helpers (esbuild's
// __name) must not leak into it.

/** Resolves with the time when the frame that shows a QR image has been painted. */
const AFTER_PAINT = `
  const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => {
    // rAF runs before the paint; a message posted from it is handled right after.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now());
    channel.port2.postMessage(null);
  }));
  const waitFor = (found) => new Promise((resolve) => {
    if (found()) return resolve();
    const observer = new MutationObserver(() => { if (found()) { observer.disconnect(); resolve(); } });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
`;

/** Arms a probe: Enter's keydown time, then the paint of the decoded QR image. */
const ARM_QR_PROBE = `(() => {
  ${AFTER_PAINT}
  window.__balcaoQrProbe = new Promise((resolve) => {
    window.addEventListener('keydown', async function onEnter(event) {
      if (event.key !== 'Enter') return;
      window.removeEventListener('keydown', onEnter, true);
      const start = event.timeStamp;
      const qr = () => document.querySelector('img[alt^="QR Code Pix"]');
      await waitFor(() => qr() !== null);
      // Loading an image is no DOM mutation: wait for its decode explicitly.
      const img = qr();
      if (!img.complete || img.naturalWidth === 0) await img.decode().catch(() => undefined);
      resolve((await afterPaint()) - start);
    }, true);
  });
})()`;

/** Pays the BR Code as a bank would (the sandbox endpoint on the same origin) and times "Pago". */
const PAY_AND_TIME = `(async ({ brCode, appId }) => {
  ${AFTER_PAINT}
  const paid = () => [...document.querySelectorAll('h1, h2, [role="status"]')].some((el) => /\\bpago\\b/i.test(el.textContent || ''));
  const start = performance.now();
  const response = await fetch('/openpix/testing/pay', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: appId },
    body: JSON.stringify({ brCode }),
  });
  if (!response.ok) throw new Error('pay failed: ' + response.status + ' ' + (await response.text()));
  await waitFor(paid);
  return (await afterPaint()) - start;
})`;

const READ_BRCODE = `(() => {
  const code = document.querySelector('textarea[readonly]');
  return code ? code.value : null;
})()`;

export async function measureUiLatency(options: { charges?: number; warmup?: number } = {}): Promise<UiLatency> {
  const charges = options.charges ?? 50;
  const warmup = options.warmup ?? 3;
  await ensureRendererBuilt();
  const host = await startBrowserHost();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(host.url);
    const enterToQrMs: number[] = [];
    const paymentToPagoMs: number[] = [];
    for (let i = 0; i < warmup + charges; i++) {
      const { enterToQr, paymentToPago } = await oneCharge(page, 100 + i, host.appId);
      if (i < warmup) continue;
      enterToQrMs.push(enterToQr);
      paymentToPagoMs.push(paymentToPago);
    }
    return {
      enterToQrP95Ms: percentile(enterToQrMs, 95),
      paymentToPagoP95Ms: percentile(paymentToPagoMs, 95),
      samples: charges,
      enterToQrMs,
      paymentToPagoMs,
    };
  } finally {
    await browser.close();
    await host.stop();
  }
}

async function oneCharge(page: Page, cents: number, appId: string): Promise<{ enterToQr: number; paymentToPago: number }> {
  const amount = page.getByLabel('Valor', { exact: true });
  await amount.waitFor();
  await amount.focus();
  await page.keyboard.type(String(cents));
  await page.evaluate(ARM_QR_PROBE);
  await page.keyboard.press('Enter');
  const enterToQr = (await page.evaluate('window.__balcaoQrProbe')) as number;
  const brCode = (await page.evaluate(READ_BRCODE)) as string | null;
  if (!brCode) throw new Error('no copy-and-paste code on the QR screen');
  const paymentToPago = (await page.evaluate(`${PAY_AND_TIME}(${JSON.stringify({ brCode, appId })})`)) as number;
  // Back to a new sale for the next round.
  await page.locator('main').getByRole('button', { name: /Nova venda/ }).click();
  return { enterToQr, paymentToPago };
}

/** Nearest-rank percentile. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The figures as rows of the bench table: p95 against the aim (ratio ≤ 1 meets it). */
export async function benchUiLatency(options: { charges?: number } = {}): Promise<BenchSection> {
  const result = await measureUiLatency(options);
  const row = (operation: string, p95: number, samples: number[], aim: number) => ({
    operation,
    measured: p95,
    unit: 'ms',
    baseline: median(samples),
    baselineLabel: 'median',
    ratio: p95 / aim,
    ratioLabel: `p95 / ${aim} ms aim`,
    aim: { op: '<=' as const, value: 1 },
    note: `p95 over ${result.samples} charges, measured in the page`,
  });
  return {
    rows: [
      row('UI: Enter → QR painted', result.enterToQrP95Ms, result.enterToQrMs, ENTER_TO_QR_AIM_MS),
      row('UI: sandbox payment → "Pago" painted', result.paymentToPagoP95Ms, result.paymentToPagoMs, PAYMENT_TO_PAGO_AIM_MS),
    ],
    notes: ['UI latency drives the real browser host with Debian Chromium (headless, no GPU).'],
    raw: { ...result },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const chargesArg = process.argv.indexOf('--charges');
  const charges = chargesArg >= 0 ? Number(process.argv[chargesArg + 1]) : undefined;
  measureUiLatency({ charges })
    .then((result) => {
      const fmt = (n: number) => n.toFixed(1);
      console.log(`Enter → QR painted: p95 ${fmt(result.enterToQrP95Ms)} ms (median ${fmt(median(result.enterToQrMs))}; aim ≤ ${ENTER_TO_QR_AIM_MS})`);
      console.log(`payment → "Pago" painted: p95 ${fmt(result.paymentToPagoP95Ms)} ms (median ${fmt(median(result.paymentToPagoMs))}; aim ≤ ${PAYMENT_TO_PAGO_AIM_MS})`);
      console.log(`${result.samples} charges`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
