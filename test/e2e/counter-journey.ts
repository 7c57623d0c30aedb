// What the counter's browser journeys share: the real browser host (a child process, real engine,
// real SQLite) with Debian Chromium on a page at a counter viewport in pt-BR, the sandbox's own
// HTTP API to read the newest charge and pay a BR Code in training, and one sale typed, charged
// and paid on the sale screen. Each journey keeps its own assertions; these are only the steps.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Charge } from '#shared/service/resources';
import { seriousAxeViolations } from './axe';
import { startBrowserHost, type BrowserHostOptions, type BrowserHostProcess } from './browser-host-process';
import { launchChromium } from './chromium';

export interface Viewport {
  width: number;
  height: number;
}

export interface Counter {
  host: BrowserHostProcess;
  browser: Browser;
  /** Everything the page reported that a working counter never does (console errors, uncaught exceptions, HTTP ≥ 400), in order. */
  problems: string[];
  /** A new page at `viewport` in pt-BR and São Paulo's time, with its problems recorded; not yet navigated. */
  newPage(viewport: Viewport): Promise<Page>;
  stop(): Promise<void>;
}

/** Starts the browser host and Chromium. */
export async function startCounter(hostOptions: BrowserHostOptions = {}): Promise<Counter> {
  const host = await startBrowserHost(hostOptions);
  const browser = await launchChromium();
  const problems: string[] = [];
  const contexts: BrowserContext[] = [];
  return {
    host,
    browser,
    problems,
    async newPage(viewport) {
      const context = await browser.newContext({
        viewport,
        locale: 'pt-BR',
        timezoneId: 'America/Sao_Paulo',
        acceptDownloads: true,
      });
      contexts.push(context);
      const page = await context.newPage();
      recordProblems(page, problems);
      return page;
    },
    async stop() {
      await browser.close();
      await host.stop();
    },
  };
}

/**
 * Records into `problems` what a working counter's page never reports: a CSP violation or an
 * uncaught error is a bug even when the screen looks right.
 */
export function recordProblems(page: Page, problems: string[]): void {
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.push(`HTTP ${response.status()} ${response.request().method()} ${response.url()}`);
  });
}

/** A new page at `viewport`, opened on the counter and waiting on the sale screen's amount. */
export async function openCounterPage(counter: Counter, viewport: Viewport): Promise<Page> {
  const page = await counter.newPage(viewport);
  await page.goto(counter.host.url);
  await page.getByLabel('Valor', { exact: true }).waitFor();
  return page;
}

/** The newest charge, read through the sandbox's own HTTP API on the host's port. */
export async function newestCharge(host: BrowserHostProcess): Promise<Charge> {
  const response = await fetch(`${host.origin}/api/v1/charge?limit=1`, { headers: { authorization: host.appId } });
  expect(response.status).toBe(200);
  const { charges } = (await response.json()) as { charges: Charge[] };
  return charges[0]!;
}

/** Pays a BR Code through the sandbox's testing endpoint, as a payer's bank would. */
export async function payInSandbox(host: BrowserHostProcess, brCode: string): Promise<void> {
  const response = await fetch(`${host.origin}/openpix/testing/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: host.appId },
    body: JSON.stringify({ brCode }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Types `digits` into the sale screen's amount and presses Enter; resolves once the QR code shows. */
export async function chargeOnScreen(page: Page, digits: string): Promise<void> {
  const amount = page.getByLabel('Valor', { exact: true });
  await amount.waitFor();
  await amount.focus();
  await page.keyboard.type(digits);
  await page.keyboard.press('Enter');
  await page.getByRole('img', { name: /QR Code Pix/ }).waitFor();
}

/** Pays the charge on screen (the newest) in training; resolves once the screen says "Pago". */
export async function payOnScreen(page: Page, host: BrowserHostProcess): Promise<void> {
  await payInSandbox(host, (await newestCharge(host)).brCode);
  await page.getByRole('heading', { name: 'Pago' }).waitFor({ timeout: 5_000 });
}

export function normalizeSpaces(text: string | null): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** No serious or critical axe-core finding on the page as it is now. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const findings = await seriousAxeViolations(page);
  expect(findings, `axe on ${screen}: ${JSON.stringify(findings, null, 2)}`).toEqual([]);
}

/** Types `manager`'s PIN into the open manager-PIN dialog and presses Enter. */
export async function typeManagerPin(page: Page, manager: string, pin: string): Promise<void> {
  const dialog = page.getByTestId('manager-pin');
  await dialog.waitFor();
  await dialog.getByLabel('Gerente').selectOption({ label: manager });
  await dialog.getByLabel('PIN', { exact: true }).fill(pin);
  await dialog.getByLabel('PIN', { exact: true }).press('Enter');
}

/** Signs in from the sign-in form; `option` is the name as listed there (managers: "Nome (Gerente)"). */
export async function signInOnScreen(page: Page, option: string, pin: string): Promise<void> {
  const form = page.getByTestId('sign-in');
  await form.waitFor();
  await form.getByLabel('Operador').selectOption({ label: option });
  await form.getByLabel('PIN', { exact: true }).fill(pin);
  await form.getByLabel('PIN', { exact: true }).press('Enter');
}

export { invokeOnPage } from './page-bridge';
