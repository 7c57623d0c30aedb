// Unfinished sales (issue 13) end to end, through the real browser host and Debian Chromium:
// a sale on screen when the host is killed (SIGKILL, as a crash or a power cut) is back, the same
// QR, when it starts again on the same data folder, and can still be paid; from the history, a
// waiting sale's QR is shown again ("Mostrar QR", Q) and another waiting sale is cancelled
// ("Cancelar venda", X, confirmed), staying listed as cancelled with who cancelled it.
// Screenshots in test-artifacts/e2e/resume/ at the three counter viewports; axe-core on each screen.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CounterApi, Sale } from '#shared/counter/counter-api';
import { reserveRestartablePort } from '../support/restartable-port';
import { startBrowserHost, type BrowserHostProcess } from './browser-host-process';
import { launchChromium } from './chromium';
import { chargeOnScreen, expectAccessible, normalizeSpaces, invokeOnPage } from './counter-journey';
import { ROOT } from './renderer-build';
import { VIEWPORTS } from './viewports';

const ARTIFACTS = join(ROOT, 'test-artifacts/e2e/resume');
const VIEWPORT = { width: 1366, height: 768 };

let dataDir: string;
let host: BrowserHostProcess;
/** The host's port, the same after its restart (the page's origin): below the ephemeral range. */
const hostPort = reserveRestartablePort();
let browser: Browser;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  dataDir = mkdtempSync(join(tmpdir(), 'balcao-resume-'));
  host = await startBrowserHost({ dataDir, port: hostPort.port });
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.push(`HTTP ${response.status()} ${response.request().method()} ${response.url()}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  hostPort.release();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

/** One of the main process's methods, through the page's own bridge. */
const invoke = <M extends keyof CounterApi>(method: M, payload: unknown = {}) => invokeOnPage(page, method, payload);

/** The Pix copy-and-paste code on the sale screen. */
function codeOnScreen(): Promise<string> {
  return page.getByLabel('Pix copia e cola').inputValue();
}

/** Texts of the live sale screen wider than their box. */
async function overflowingTexts(): Promise<string[]> {
  return page.evaluate(() => {
    const { document } = globalThis as unknown as {
      document: {
        querySelectorAll(
          selector: string,
        ): ArrayLike<{ scrollWidth: number; clientWidth: number; textContent: string | null; className: string }>;
      };
    };
    const nodes = Array.from(
      document.querySelectorAll(
        '.live-amount, .live-kicker, .live-status, .countdown, .live-actions button, .copy-row button',
      ),
    );
    return nodes
      .filter((node) => node.scrollWidth > node.clientWidth + 1)
      .map((node) => `${node.className}: ${node.textContent ?? ''}`);
  });
}

describe('a sale on screen when the counter stops', () => {
  let brCode: string;

  it('is charged on the sale screen', async () => {
    await page.goto(host.url);
    await chargeOnScreen(page, '4990');
    brCode = await codeOnScreen();
    expect(brCode).toMatch(/^000201/);
  });

  it('comes back, the same QR, after the host is killed and started again on the same data folder', async () => {
    // The old page leaves first: its push stream would otherwise try again with the old run token
    // against the new host on the same port, and be refused (401), whenever that retry lands.
    await page.goto('about:blank');
    await host.kill();
    // The same port, so the page's origin is the same; a new run token, so the page is opened again with it.
    host = await startBrowserHost({ dataDir, port: hostPort.port });
    problems.length = 0;
    await page.goto(host.url);
    const qr = page.getByRole('img', { name: /QR Code Pix/ });
    await qr.waitFor();
    expect(await codeOnScreen()).toBe(brCode);
    expect(normalizeSpaces(await page.locator('#live-amount').textContent())).toBe('R$ 49,90');
    expect(await page.getByRole('timer').textContent()).toMatch(/1[45]:\d{2}/);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(150);
      await shot(`restored-qr-${viewport.width}x${viewport.height}`);
      expect(await overflowingTexts(), `text overflowing its box at ${viewport.width}`).toEqual([]);
    }
    await page.setViewportSize(VIEWPORT);
    await expectAccessible(page, 'venda restaurada');
  });

  it('can still be paid ("Pix de treino"), and once the cashier moves on it does not come back', async () => {
    await page.getByRole('button', { name: /Pix de treino/ }).click();
    await page.getByRole('heading', { name: 'Pago' }).waitFor({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    await page.getByLabel('Valor', { exact: true }).waitFor();
    // The screen's "moved on" reaches the main process, then a reload opens on an empty entry.
    await expect
      .poll(async () => (await invoke('getSaleOnScreen')).sale?.correlationID ?? null, { timeout: 5_000 })
      .toBeNull();
    await page.reload();
    await page.getByLabel('Valor', { exact: true }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByRole('img', { name: /QR Code Pix/ }).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});

describe('a waiting sale in the history', () => {
  let shown: Sale;
  let cancelled: Sale;

  it('with the register set up, two sales are left waiting by the signed-in manager', async () => {
    // Set up through the bridge: the register's own screens have their own journey.
    const state = await invoke('createOperator', { name: 'Marta Souza', role: 'MANAGER', pin: '1357' });
    const marta = state.operators.find((operator) => operator.name === 'Marta Souza')!;
    await invoke('signIn', { operatorId: marta.id, pin: '1357' });
    await invoke('openRegister', { tillName: 'Caixa da frente' });
    shown = await invoke('createSale', { value: 2345, comment: 'Pão de queijo' });
    cancelled = await invoke('createSale', { value: 3456, comment: 'Café coado' });
    expect([shown.status, cancelled.status]).toEqual(['ACTIVE', 'ACTIVE']);
    await invoke('setSaleOnScreen', { correlationID: null });
    await page.reload();
    await page.getByLabel('Valor', { exact: true }).waitFor();
  });

  it('offers "Mostrar QR" and "Cancelar venda" in its detail', async () => {
    await page.keyboard.press('F2');
    await page.locator('.sale-row', { hasText: 'Pão de queijo' }).click();
    const actions = page.getByTestId('waiting-sale-actions');
    await actions.waitFor();
    expect(normalizeSpaces(await actions.textContent())).toContain('Mostrar QR Q');
    expect(normalizeSpaces(await actions.textContent())).toContain('Cancelar venda X');
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(150);
      await shot(`history-waiting-${viewport.width}x${viewport.height}`);
    }
    await page.setViewportSize(VIEWPORT);
    await expectAccessible(page, 'detalhe de venda aguardando');
  });

  it('"Mostrar QR" (Q) puts that sale back on the sale screen, its own QR', async () => {
    await page.keyboard.press('q');
    await page.getByRole('img', { name: /QR Code Pix/ }).waitFor();
    expect(await codeOnScreen()).toBe(shown.brCode);
    expect(normalizeSpaces(await page.locator('#live-amount').textContent())).toBe('R$ 23,45');
    expect((await invoke('getSaleOnScreen')).sale?.correlationID).toBe(shown.correlationID);
    await shot('shown-again-qr');
  });

  it('"Cancelar venda" (X) asks first; confirmed, the sale stays listed as cancelled, with who cancelled it', async () => {
    await page.keyboard.press('F2');
    await page.locator('.sale-row', { hasText: 'Café coado' }).click();
    await page.getByTestId('waiting-sale-actions').waitFor();
    await page.keyboard.press('x');
    const dialog = page.getByTestId('cancel-sale-dialog');
    await dialog.waitFor();
    expect(normalizeSpaces(await dialog.textContent())).toContain('Cancelar a venda de R$ 34,56?');
    await shot('cancel-dialog');
    await expectAccessible(page, 'confirmação de cancelamento');
    // Esc goes back without cancelling.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await invoke('getSale', { correlationID: cancelled.correlationID })).status).toBe('ACTIVE');

    await page.keyboard.press('x');
    await dialog.waitFor();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const row = page.locator('.sale-row', { hasText: 'Café coado' });
    await expect.poll(async () => normalizeSpaces(await row.textContent()), { timeout: 5_000 }).toContain('Cancelada');
    await expect.poll(async () => page.getByTestId('waiting-sale-actions').count()).toBe(0);
    const { sales } = await invoke('listSales', {});
    expect(sales.find((sale) => sale.correlationID === cancelled.correlationID)).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: 'Marta Souza',
      cancelledAt: expect.any(String),
    });
    // The sale shown again is untouched, still waiting on the sale screen.
    expect(sales.find((sale) => sale.correlationID === shown.correlationID)?.status).toBe('ACTIVE');
    await shot('cancelled-in-history');
    expect(problems).toEqual([]);
  });
});

describe('a sale whose restore answers late', () => {
  it('never takes the entry from a cashier already typing, nor does its payment push', async () => {
    const late = await invoke('createSale', { value: 5555, comment: 'Restaurada tarde' });
    expect((await invoke('getSaleOnScreen')).sale?.correlationID).toBe(late.correlationID);
    const context = page.context();
    const other = await context.newPage();
    other.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    // The window's question "which sale was on screen?" is held until the cashier has typed.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await other.route('**/__balcao/invoke/getSaleOnScreen', async (route) => {
      asked = true;
      await released;
      await route.continue();
    });
    await other.goto(host.url);
    const amount = other.getByLabel('Valor', { exact: true });
    await amount.waitFor();
    await expect.poll(() => asked).toBe(true);
    await amount.focus();
    await other.keyboard.type('777');
    // The sale is paid meanwhile: its push reaches this window while the restore is still out.
    await invoke('simulatePayment', { correlationID: late.correlationID });
    await other.waitForTimeout(400);
    release();
    await other.waitForTimeout(600);
    expect(normalizeSpaces(await amount.inputValue())).toBe('R$ 7,77');
    expect(await other.getByRole('heading', { name: 'Pago' }).count()).toBe(0);
    expect(await other.getByRole('img', { name: /QR Code Pix/ }).count()).toBe(0);
    // The cashier's own sale is the one on screen from now on.
    await other.keyboard.press('Enter');
    await other.getByRole('img', { name: /QR Code Pix/ }).waitFor();
    expect(normalizeSpaces(await other.locator('#live-amount').textContent())).toBe('R$ 7,77');
    const onScreen = (await invoke('getSaleOnScreen')).sale!;
    expect(onScreen.value).toBe(777);
    expect(onScreen.correlationID).not.toBe(late.correlationID);
    await other.close();
    expect(problems).toEqual([]);
  });
});
