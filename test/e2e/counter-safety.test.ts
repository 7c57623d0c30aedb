// Money goes where it should, seen from the counter in Chromium through the browser host:
// - a payment noticed while the cashier types the next amount leaves what they typed alone
//   (remote mode, against `npm run serve -- --strict` as its own process, as the real service
//   answers, the payment coming from its Pix network; behind the fault proxy so the test decides
//   when the counter hears of the payment);
// - a production mode without its AppID never shows a QR code, and says what to set up.
// Screenshots go to test-artifacts/e2e/ for a person to look at.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Charge } from '#shared/service/resources';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startBrowserHost, type BrowserHostProcess } from './browser-host-process';
import { launchChromium } from './chromium';
import { startRemoteService, type RemoteServiceProcess } from './remote-service-process';
import { ROOT } from './renderer-build';
import { VIEWPORTS } from './viewports';

const ARTIFACTS = join(ROOT, 'test-artifacts/e2e');

let browser: Browser;
beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function openCounter(url: string, viewport: { width: number; height: number } = VIEWPORTS[1]): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByLabel('Valor', { exact: true }).waitFor();
  return page;
}

const spaces = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('a payment noticed while the cashier types the next amount (remote mode)', () => {
  let remote: RemoteServiceProcess;
  let proxy: FaultProxy;
  let host: BrowserHostProcess;
  beforeAll(async () => {
    remote = await startRemoteService({ strict: true });
    proxy = await startFaultProxy(remote.url);
    host = await startBrowserHost({ args: ['--remote', proxy.url, '--app-id', remote.appId] });
  });
  afterAll(async () => {
    await host?.stop();
    await proxy?.close();
    await remote?.stop();
  });

  /**
   * Until the returned release is called, the counter's reads of the service are answered only
   * then: what it pulls after the payment (the sale, the open sales' lists, the payment) cannot
   * reach the screen early. The counter's health probe (a list from one instant to the same one)
   * still passes, so the link stays "online" meanwhile.
   */
  function holdCounterReads(): () => void {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const isHealthProbe = (path: string) => {
      const query = new URL(path, 'http://counter').searchParams;
      return query.has('start') && query.get('start') === query.get('end');
    };
    proxy.setPlan((request) =>
      request.method === 'GET' && !isHealthProbe(request.path) ? { kind: 'hold', release: released } : { kind: 'pass' },
    );
    return () => {
      proxy.setPlan();
      release();
    };
  }

  async function sellAndShowQr(page: Page, digits: string): Promise<Charge> {
    const amount = page.getByLabel('Valor', { exact: true });
    await amount.focus();
    await page.keyboard.type(digits);
    await page.keyboard.press('Enter');
    await page.getByRole('img', { name: /QR Code Pix/ }).waitFor();
    const brCode = await page.locator('textarea[readonly]').first().inputValue();
    const listed = (await (await remote.api('/api/v1/charge?limit=1')).json()) as { charges: Charge[] };
    const charge = listed.charges[0]!;
    // The sale lives at the remote, not in the counter's embedded sandbox.
    expect(charge.brCode).toBe(brCode);
    return charge;
  }

  async function payAtRemote(charge: Charge): Promise<void> {
    // As the customer's bank pays: through the Pix network, not the service's API.
    const paid = await remote.pay(charge.brCode);
    expect(paid.status, await paid.clone().text()).toBe(200);
  }

  it('keeps 3, 2 typed before "Pago" shows, so 1, 4 after it read R$ 32,14', async () => {
    const page = await openCounter(host.url);
    const charge = await sellAndShowQr(page, '990');

    // The customer pays; before the counter hears of it, the cashier moves on. Without the hold
    // the order is a race the poll (every second) sometimes wins, and then F1 on "Pago" rightly
    // opens an empty entry instead: the case this test is about would go untested.
    const releaseReads = holdCounterReads();
    await payAtRemote(charge);
    await page.keyboard.press('F1');
    await page.keyboard.type('32');
    // F1 on a QR that waits for its Pix keeps it; the digits go to the next amount beside it.
    const pending = page.getByTestId('next-amount');
    await pending.waitFor();
    expect(spaces(await pending.textContent())).toContain('R$ 0,32');
    expect(await page.getByRole('img', { name: /QR Code Pix/ }).isVisible()).toBe(true);

    releaseReads();
    await page.getByRole('heading', { name: 'Pago' }).waitFor({ timeout: 5_000 });
    expect(spaces(await page.getByTestId('next-amount').textContent())).toContain('R$ 0,32');
    await page.screenshot({ path: join(ARTIFACTS, 'remote-pago-com-proximo-valor.png') });

    await page.keyboard.type('14');
    const amount = page.getByLabel('Valor', { exact: true });
    await amount.waitFor();
    expect(spaces(await amount.inputValue())).toBe('R$ 32,14');
    await page.context().close();
  });

  it('keeps the digits when they are typed on the waiting QR first and the payment lands after', async () => {
    const page = await openCounter(host.url);
    const charge = await sellAndShowQr(page, '1500');
    await page.keyboard.press('F1');
    await page.keyboard.type('32');
    const pending = page.getByTestId('next-amount');
    await pending.waitFor();
    // Still waiting: the QR stays for the customer, the next amount sits beside it.
    await expect.poll(() => page.getByRole('img', { name: /QR Code Pix/ }).isVisible()).toBe(true);
    expect(spaces(await pending.textContent())).toContain('R$ 0,32');
    await page.screenshot({ path: join(ARTIFACTS, 'remote-qr-com-proximo-valor.png') });

    await payAtRemote(charge);
    await page.getByRole('heading', { name: 'Pago' }).waitFor({ timeout: 5_000 });
    await page.keyboard.type('1');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('14');
    expect(spaces(await page.getByLabel('Valor', { exact: true }).inputValue())).toBe('R$ 32,14');
    await page.keyboard.press('Enter');
    await page.getByRole('img', { name: /QR Code Pix/ }).waitFor();
    const listed = (await (await remote.api('/api/v1/charge?limit=1')).json()) as { charges: Charge[] };
    expect(listed.charges[0]).toMatchObject({ value: 3214, status: 'ACTIVE' });
    await page.context().close();
  });
});

describe('production mode without its AppID', () => {
  let host: BrowserHostProcess;
  let dataDir: string;
  beforeAll(async () => {
    // As Electron leaves it after a restart when the AppID was kept in memory only: production
    // chosen, the AppID gone.
    dataDir = mkdtempSync(join(tmpdir(), 'balcao-e2e-noappid-'));
    writeFileSync(
      join(dataDir, 'settings.json'),
      JSON.stringify({ mode: 'production', baseUrl: 'https://api.woovi.com' }),
    );
    host = await startBrowserHost({ dataDir });
  });
  afterAll(async () => {
    await host?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(VIEWPORTS)('shows no QR code and says what to set up, at $width×$height', async (viewport) => {
    const page = await openCounter(host.url, viewport);
    await page.getByText(/ainda não tem credenciais/).waitFor();
    await page.keyboard.type('1234');
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(spaces(await alert.textContent())).toMatch(/Modo produção sem credenciais.*Configurações \(F9\).*AppID/);
    expect(await page.getByRole('img', { name: /QR Code Pix/ }).count()).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, `producao-sem-appid-${viewport.width}x${viewport.height}.png`) });

    // Nothing was charged on the embedded sandbox in its place.
    const charges = (await (
      await fetch(`${host.origin}/api/v1/charge`, { headers: { authorization: host.appId } })
    ).json()) as {
      charges: Charge[];
    };
    expect(charges.charges).toEqual([]);
    await page.context().close();
  });
});
