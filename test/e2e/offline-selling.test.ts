// The counter when the network drops and the owner has turned offline selling OFF (the sales then
// wait for the service), in Chromium through the browser host, with the fault proxy between it
// and a real `npm run serve -- --strict` (the service as it answers in production): the status
// bar says offline and counts the queue, a sale shows "Conectando…" and never traps the cashier
// (Esc Esc, F1), and everything goes out once the network is back; "Simular pagamento" pays the
// QR that arrived through the service's documented simulator. Screenshots at 1024×768, 1366×768
// and 1920×1080 for a person to look at.
// Offline selling itself (on by default) is test/e2e/offline-sales.test.ts.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Charge } from '#shared/service/resources';
import { createBridgeClient } from '../support/bridge-client';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startRemote, type RemoteProcess } from '../support/remote-process';
import { startBrowserHost, type BrowserHostProcess } from './browser-host-process';
import { launchChromium } from './chromium';
import { ROOT } from './renderer-build';
import { VIEWPORTS } from './viewports';

const ARTIFACTS = join(ROOT, 'test-artifacts/e2e');

let remote: RemoteProcess;
let proxy: FaultProxy;
let host: BrowserHostProcess;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  remote = await startRemote({ strict: true });
  proxy = await startFaultProxy(remote.url);
  host = await startBrowserHost({ args: ['--remote', proxy.url, '--app-id', remote.appId] });
  const bridge = createBridgeClient({ origin: host.origin, token: new URL(host.url).searchParams.get('token') ?? '' });
  const { offlineSales } = await bridge.call('getSettings');
  await bridge.call('saveSettings', { offlineSales: { ...offlineSales, enabled: false } });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await host?.stop();
  await proxy?.close();
  await remote?.dispose();
});

const spaces = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

async function openCounter(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  await page.goto(host.url);
  await page.getByLabel('Valor', { exact: true }).waitFor();
  return page;
}

async function remoteCharges(): Promise<Charge[]> {
  const response = await fetch(`${remote.url}/api/v1/charge?limit=100`, { headers: { authorization: remote.appId } });
  return ((await response.json()) as { charges: Charge[] }).charges;
}

const connection = (page: Page) => page.getByRole('status', { name: 'Conexão' });
const queue = (page: Page) => page.getByRole('status', { name: 'Fila' });

describe('selling while the network is down', () => {
  it('queues the sale, says so, lets the cashier move on, and sends it all once back', async () => {
    const page = await openCounter(VIEWPORTS[1]);
    await page.getByText('Online').first().waitFor();
    await proxy.cut('refuse');

    await page.keyboard.type('1234');
    await page.keyboard.press('Enter');
    await page.getByTestId('qr-pending').waitFor();
    await expect
      .poll(async () => spaces(await connection(page).textContent()), { timeout: 10_000 })
      .toMatch(/Offline desde \d{2}:\d{2}/);
    expect(spaces(await queue(page).textContent())).toBe('1 aguardando envio');
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: join(ARTIFACTS, `offline-conectando-${viewport.width}x${viewport.height}.png`) });
    }
    await page.setViewportSize(VIEWPORTS[1]);

    // F1: a new sale while the first one waits in the queue.
    await page.keyboard.press('F1');
    await page.getByLabel('Valor', { exact: true }).waitFor();
    await page.keyboard.type('500');
    await page.keyboard.press('Enter');
    await page.getByTestId('qr-pending').waitFor();
    await expect.poll(async () => spaces(await queue(page).textContent())).toBe('2 aguardando envio');
    // Esc Esc cancels this one at the counter at once, offline.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.getByLabel('Valor', { exact: true }).waitFor();

    await page.keyboard.press('F2');
    await page.getByTestId('sync-queued').first().waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'offline-historico-na-fila.png') });
    expect(await remoteCharges()).toEqual([]);

    await proxy.restore();
    await expect.poll(async () => spaces(await connection(page).textContent()), { timeout: 15_000 }).toBe('Online');
    await expect
      .poll(async () => spaces(await queue(page).textContent()), { timeout: 15_000 })
      .toBe('0 aguardando envio');
    // The first sale reached the service once; the cancelled one never became payable there.
    const charges = await remoteCharges();
    expect(charges.filter((charge) => charge.status === 'ACTIVE').map((charge) => charge.value)).toEqual([1234]);
    await page.screenshot({ path: join(ARTIFACTS, 'offline-de-volta.png') });
    await page.context().close();
  });

  it('turns a sale still "Conectando…" into its QR on screen when the answer arrives, and "Simular pagamento" pays it', async () => {
    const page = await openCounter(VIEWPORTS[0]);
    await proxy.cut('refuse');
    await page.keyboard.type('777');
    await page.keyboard.press('Enter');
    await page.getByTestId('qr-pending').waitFor();
    await proxy.restore();
    const qr = page.getByRole('img', { name: /QR Code Pix/ });
    await qr.waitFor({ timeout: 15_000 });
    const brCode = await page.locator('textarea[readonly]').first().inputValue();
    expect(brCode).toMatch(/^000201/);
    expect((await remoteCharges()).find((charge) => charge.brCode === brCode)?.value).toBe(777);
    await page.screenshot({ path: join(ARTIFACTS, 'offline-qr-chegou-1024x768.png') });
    // Training: "Simular pagamento" (the button "Pix de treino", F8) pays it through the service's
    // documented simulator (GET /openpix/testing?transactionID=), the only payment route the real
    // service's API has.
    await page.getByRole('button', { name: /Pix de treino/ }).click();
    await page.getByRole('heading', { name: 'Pago' }).waitFor({ timeout: 5_000 });
    expect((await remoteCharges()).find((charge) => charge.brCode === brCode)?.status).toBe('COMPLETED');
    await page.context().close();
  });
});
