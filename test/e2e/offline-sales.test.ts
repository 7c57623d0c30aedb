// Selling offline (issue 10), as a cashier and an owner would, in Chromium through the browser
// host, against a real `npm run serve -- --strict` (the service as it answers in production: no
// payment through its API, a Pix linked to a static QR code only when the code exists as it
// arrives) with the fault proxy between them:
// 0. online, the counter registers its offline codes ahead (`readyCodes`);
// 1. the network goes (the proxy is cut);
// 2. three sales are sold, each with an offline QR the customer could pay at once; one with
//    "cliente mostrou o comprovante" (F6);
// 3. two are paid through the remote's Pix network while the counter is still offline, one by a
//    bank that drops the txid;
// 4. the network comes back.
// Then the two paid sales are confirmed and chime, the third goes to "Conferir pagamentos
// offline", and the day's totals match the remote's to the cent. Screenshots at 1024×768,
// 1366×768 and 1920×1080 for a person to look at. The counter's offline windows are shortened
// (BALCAO_OFFLINE_TIMING) so an unpaid sale's window closes within the test.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale } from '#shared/counter/counter-api';
import type { PixQrCode, Transaction } from '#shared/service/resources';
import { saoPauloDayRange } from '#counter/app/sales-range';
import { saoPauloDate } from '#shared/lib/sao-paulo-time';
import { createBridgeClient, type BridgeClient } from '../support/bridge-client';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { payBrCode } from '../support/remote-api';
import { startRemote, type RemoteProcess } from '../support/remote-process';
import { startBrowserHost, type BrowserHostProcess } from './browser-host-process';
import { launchChromium } from './chromium';
import { ROOT } from './renderer-build';
import { VIEWPORTS } from './viewports';

const ARTIFACTS = join(ROOT, 'test-artifacts/e2e');
// A code counts for 8 s here (15 min in a shop), then half a second of grace and margins.
const TIMING = { windowMs: 8_000, graceMs: 500, clockSkewMs: 500, settleDelayMs: 500, reconcileIntervalMs: 300 };

let remote: RemoteProcess;
let proxy: FaultProxy;
let host: BrowserHostProcess;
let bridge: BridgeClient;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  remote = await startRemote({ strict: true });
  proxy = await startFaultProxy(remote.url);
  host = await startBrowserHost({
    args: ['--remote', proxy.url, '--app-id', remote.appId],
    env: { BALCAO_OFFLINE_TIMING: JSON.stringify(TIMING) },
  });
  bridge = createBridgeClient({ origin: host.origin, token: new URL(host.url).searchParams.get('token') ?? '' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await host?.stop();
  await proxy?.close();
  await remote?.dispose();
});

const spaces = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
const connection = (page: Page) => page.getByRole('status', { name: 'Conexão' });
const offlineSales = (page: Page) => page.getByTestId('status-offline-sales');
const chimes = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __counterChimes?: number }).__counterChimes ?? 0);

async function shoot(page: Page, name: string): Promise<void> {
  const current = page.viewportSize();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: join(ARTIFACTS, `${name}-${viewport.width}x${viewport.height}.png`) });
  }
  if (current) await page.setViewportSize(current);
}

async function remoteCall<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${remote.url}${path}`, {
    method,
    headers: { authorization: remote.appId, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as T;
  expect(response.status, JSON.stringify(json)).toBe(200);
  return json;
}

/** As the customer's bank pays: through the strict remote's Pix network (its API takes no payment). */
async function payAtBank(brCode: string, options: { dropTxid?: boolean } = {}): Promise<void> {
  const reply = await payBrCode(remote, brCode, undefined, options);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

/** Offline codes the counter has registered at the service ahead, unused (its status, as the page's bridge reads it). */
async function readyCodes(): Promise<number> {
  return (await bridge.call('getStatus')).offline.readyCodes ?? 0;
}

/**
 * Before the network goes: at least `count` offline codes registered ahead, so each offline sale
 * to come takes one and the service links its payment, as it documents, however long the outage.
 */
async function waitForReadyCodes(count: number): Promise<void> {
  await expect.poll(readyCodes, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
}

/** Enter an amount on the new-sale screen and wait for the offline QR. */
async function sellOffline(page: Page, digits: string): Promise<void> {
  await page.getByLabel('Valor', { exact: true }).waitFor();
  await page.keyboard.type(digits);
  await page.keyboard.press('Enter');
  await page.getByTestId('offline-sale-banner').waitFor();
}

describe('selling offline, paid while offline, confirmed when back', () => {
  it('confirms the two paid sales with their sound, flags the third for the owner, and totals match the remote', async () => {
    const context = await browser.newContext({
      viewport: VIEWPORTS[1],
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    });
    const page = await context.newPage();
    await page.goto(host.url);
    await page.getByLabel('Valor', { exact: true }).waitFor();
    await page.getByText('Online').first().waitFor();
    // The counter learnt the account's key while online: offline codes may pay into it.
    await expect
      .poll(async () => (await bridge.call('getStatus')).offline.confirmedKey, { timeout: 15_000 })
      .toBeTruthy();
    // 0. And registered its codes ahead, one for each offline sale to come.
    await waitForReadyCodes(3);

    // 1. The network goes.
    await proxy.cut('refuse');
    await expect
      .poll(async () => spaces(await connection(page).textContent()), { timeout: 15_000 })
      .toMatch(/Offline desde \d{2}:\d{2}/);
    expect(spaces(await offlineSales(page).textContent())).toMatch(/^0 offline não confirmadas/);
    // Offline, none is registered any more: each sale now takes one of these.
    const ready = await readyCodes();

    // 2. Three sales, each with a QR the customer can pay now.
    await sellOffline(page, '1234');
    expect(spaces(await page.getByTestId('offline-sale-banner').textContent())).toBe(
      'Offline: o pagamento será confirmado quando a conexão voltar',
    );
    await expect
      .poll(async () => spaces(await page.locator('section.live').getAttribute('data-status')))
      .toBe('OFFLINE');
    await page.getByRole('img', { name: /QR Code Pix/ }).waitFor();
    await shoot(page, 'offline-venda-qr');
    await page.keyboard.press('F1');
    await sellOffline(page, '2500');
    await page.keyboard.press('F1');
    await sellOffline(page, '750');
    // The customer shows the bank app: recorded, not taken as paid.
    await page.keyboard.press('F6');
    await page.getByTestId('customer-showed-receipt').waitFor();
    expect(spaces(await page.getByTestId('customer-showed-receipt').textContent())).toMatch(
      /Cliente mostrou o comprovante às \d{2}:\d{2}/,
    );
    expect(spaces(await page.locator('section.live').textContent())).not.toMatch(/\bPago\b/);
    await expect
      .poll(async () => spaces(await offlineSales(page).textContent()))
      .toMatch(/^3 offline não confirmadas · R\$\s44,84$/);
    await shoot(page, 'offline-comprovante-mostrado');

    const today = saoPauloDate(new Date());
    const { sales } = await bridge.call('listSales', { day: today });
    expect(sales.map((sale) => [sale.value, sale.status])).toEqual([
      [750, 'OFFLINE'],
      [2500, 'OFFLINE'],
      [1234, 'OFFLINE'],
    ]);
    const [unpaid, droppedTxid, byTxid] = sales as [Sale, Sale, Sale];
    // Each took a code registered ahead: the service already has a static QR code with its txid
    // (asked straight at the remote, the counter being offline), so it links a Pix that carries it.
    expect(await readyCodes()).toBe(ready - 3);
    for (const sale of sales) {
      const { pixQrCode } = await remoteCall<{ pixQrCode: PixQrCode }>(
        'GET',
        `/api/v1/qrcode-static/balcao-reserva-${sale.offline!.txid}`,
      );
      expect(pixQrCode.correlationID).toBe(`balcao-reserva-${sale.offline!.txid}`);
    }

    // 3. Two are paid while the counter is still offline; one bank drops the txid.
    await payAtBank(byTxid.brCode!);
    await payAtBank(droppedTxid.brCode!, { dropTxid: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await bridge.call('getSale', { correlationID: byTxid.correlationID })).status).toBe('OFFLINE');
    const chimesBefore = await chimes(page);

    // The cashier is typing the next amount when the network comes back.
    await page.keyboard.press('F1');
    await page.getByLabel('Valor', { exact: true }).waitFor();
    await page.keyboard.type('99');

    // 4. The network comes back.
    await proxy.restore();
    await expect
      .poll(async () => spaces(await connection(page).textContent()), { timeout: 15_000 })
      .toMatch(/^(Online|Sincronizando…)$/);
    // The one paid with its txid is confirmed at once: its sound, and a notice that takes nothing
    // from the screen the cashier is on.
    await expect
      .poll(async () => (await bridge.call('getSale', { correlationID: byTxid.correlationID })).status, {
        timeout: 20_000,
      })
      .toBe('COMPLETED');
    await expect
      .poll(async () => await page.getByTestId('offline-confirmed').textContent())
      .toMatch(/Venda offline confirmada: R\$\s12,34/);
    expect(await chimes(page)).toBe(chimesBefore + 1);
    await shoot(page, 'offline-confirmada-por-txid');
    // The one whose bank dropped the txid, by its value, once its window closed and nothing else fits.
    await expect
      .poll(async () => (await bridge.call('getSale', { correlationID: droppedTxid.correlationID })).status, {
        timeout: 20_000,
      })
      .toBe('COMPLETED');
    await expect
      .poll(async () => await page.getByTestId('offline-confirmed').textContent())
      .toMatch(/Venda offline confirmada: R\$\s25,00/);
    await expect.poll(() => chimes(page), { timeout: 10_000 }).toBe(chimesBefore + 2);
    expect((await bridge.call('getSale', { correlationID: byTxid.correlationID })).offline).toMatchObject({
      state: 'CONFIRMED',
      matchedBy: 'txid',
    });
    expect((await bridge.call('getSale', { correlationID: droppedTxid.correlationID })).offline).toMatchObject({
      state: 'CONFIRMED',
      matchedBy: 'value',
    });
    await shoot(page, 'offline-confirmadas');
    // What the cashier typed is still there.
    expect(spaces(await page.getByLabel('Valor', { exact: true }).inputValue())).toBe('R$ 0,99');

    // The third: no payment within its window, so the owner's list has it.
    await expect
      .poll(
        async () => (await bridge.call('getSale', { correlationID: unpaid.correlationID })).offline?.review?.reason,
        { timeout: 20_000 },
      )
      .toBe('NO_PAYMENT');
    await expect
      .poll(async () => spaces(await page.getByTestId('status-offline-review').textContent()))
      .toMatch(/^1 para conferir/);
    expect(await chimes(page)).toBe(chimesBefore + 2);

    // The day's totals, on the counter and at the remote, to the cent.
    const { totals } = await bridge.call('listSales', { day: today });
    const { start, end } = saoPauloDayRange(today);
    const { transactions } = await remoteCall<{ transactions: Transaction[] }>(
      'GET',
      `/api/v1/transaction?type=PAYMENT&limit=100&start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`,
    );
    const remotePaid = transactions
      .filter((transaction) => transaction.type === 'PAYMENT')
      .reduce((sum, transaction) => sum + transaction.value, 0);
    expect(totals).toMatchObject({ paidCount: 2, paidValue: 3_734, refundedValue: 0, net: 3_734 });
    expect(totals.paidValue).toBe(remotePaid);

    // The owner looks: F2, the tab "Conferir pagamentos offline", the third sale, no payment.
    await page.keyboard.press('Escape');
    await page.keyboard.press('F2');
    await page.getByTestId('offline-review-tab').click();
    const item = page.locator(`li.review-item[data-correlation-id="${unpaid.correlationID}"]`);
    await item.waitFor();
    expect(await item.getAttribute('data-reason')).toBe('NO_PAYMENT');
    expect(spaces(await item.getByTestId('review-reason').textContent())).toBe('Nenhum pagamento no prazo');
    await shoot(page, 'offline-conferir-pagamentos');
    // It was not paid: the owner says so, and it leaves the list.
    await item.locator('button[data-decision="unpaid"]').click();
    await page.getByTestId('review-confirm').click();
    await page.getByTestId('review-done').waitFor();
    await expect
      .poll(async () => (await bridge.call('getSale', { correlationID: unpaid.correlationID })).status)
      .toBe('EXPIRED');
    expect((await bridge.call('listOfflineReview')).sales).toEqual([]);
    await shoot(page, 'offline-conferido');
    await context.close();
  });

  it('refuses an offline sale over the cap the owner set, with the reason and the room left, keeping the typed amount', async () => {
    const context = await browser.newContext({
      viewport: VIEWPORTS[0],
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    });
    const page = await context.newPage();
    await page.goto(host.url);
    await page.getByLabel('Valor', { exact: true }).waitFor();
    await expect
      .poll(async () => spaces(await connection(page).textContent()), { timeout: 15_000 })
      .toMatch(/^(Online|Sincronizando…)$/);
    // Codes registered ahead, so the offline sale this test makes takes one.
    await waitForReadyCodes(1);

    // The owner: at most R$ 10,00 per offline sale.
    await page.keyboard.press('F9');
    const section = page.getByTestId('settings-offline');
    await section.waitFor();
    await expect
      .poll(async () => spaces(await page.getByTestId('settings-offline-key').textContent()))
      .toMatch(/Chave confirmada pelo serviço/);
    await page.locator('#settings-offlineMaxSaleValue').fill('10,00');
    await page.keyboard.press('Control+s');
    await expect.poll(async () => (await bridge.call('getSettings')).offlineSales.maxSaleValue).toBe(1_000);
    await section.scrollIntoViewIfNeeded();
    await shoot(page, 'offline-configuracoes');

    await page.keyboard.press('F1');
    await page.getByLabel('Valor', { exact: true }).waitFor();
    await proxy.cut('refuse');
    await expect
      .poll(async () => spaces(await connection(page).textContent()), { timeout: 15_000 })
      .toMatch(/Offline desde/);
    await page.keyboard.type('1234');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => spaces(await page.locator('.sale-entry').textContent()))
      .toMatch(/a venda offline não é possível: venda offline acima do limite de R\$\s10,00 por venda/);
    expect(spaces(await page.getByLabel('Valor', { exact: true }).inputValue())).toBe('R$ 12,34');
    await shoot(page, 'offline-acima-do-limite');
    // Within the cap it sells.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type('999');
    await page.keyboard.press('Enter');
    await page.getByTestId('offline-sale-banner').waitFor();
    await proxy.restore();
    await context.close();
  });
});
