// Closing the register while the network is down, in Chromium through the browser host with a
// real remote service (`npm run serve -- --strict`, as the real service answers) behind the fault
// proxy: a sale whose create is still waiting to be sent makes the closing screen warn (a command
// waiting to be sent, a sale waiting for payment); "Fechar caixa" does nothing until the manager
// ticks "fechar assim mesmo", then the manager's PIN closes it, and the report carries the same
// warnings. Screenshots of the warnings at 1024×768, 1366×768 and 1920×1080 in
// test-artifacts/e2e/owner/.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBridgeClient, createManagerAndCashier } from '../support/bridge-client';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startRemote, type RemoteProcess } from '../support/remote-process';
import { startBrowserHost, type BrowserHostProcess } from './browser-host-process';
import { launchChromium } from './chromium';
import { expectAccessible, normalizeSpaces } from './counter-journey';
import { ROOT } from './renderer-build';
import { VIEWPORTS } from './viewports';

const ARTIFACTS = join(ROOT, 'test-artifacts/e2e/owner');
const MANAGER = { name: 'Marta Souza', pin: '1357' };
const CASHIER = { name: 'João Lima', pin: '2468' };

let remote: RemoteProcess;
let proxy: FaultProxy;
let host: BrowserHostProcess;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  remote = await startRemote({ strict: true });
  proxy = await startFaultProxy(remote.url);
  host = await startBrowserHost({ args: ['--remote', proxy.url, '--app-id', remote.appId] });
  const bridge = createBridgeClient({ origin: host.origin, token: new URL(host.url).searchParams.get('token') ?? '' });
  // Offline selling off: the sale then waits as a queued create ("Conectando…") instead of a static code.
  const { offlineSales } = await bridge.call('getSettings');
  await bridge.call('saveSettings', { offlineSales: { ...offlineSales, enabled: false } });
  await createManagerAndCashier(bridge, MANAGER, CASHIER);
  browser = await launchChromium();
  const context = await browser.newContext({
    viewport: VIEWPORTS[1],
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    acceptDownloads: true,
  });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  await proxy?.close();
  await remote?.dispose();
});

async function textOf(locator: Locator): Promise<string> {
  return normalizeSpaces(await locator.innerText());
}

describe('closing the register with work still waiting for the service', () => {
  it('warns, needs the explicit confirmation, then closes with the manager’s PIN', async () => {
    await page.goto(host.url);
    const signIn = page.getByTestId('sign-in');
    await signIn.getByLabel('Operador').selectOption({ label: CASHIER.name });
    await signIn.getByLabel('PIN', { exact: true }).fill(CASHIER.pin);
    await signIn.getByLabel('PIN', { exact: true }).press('Enter');
    await page
      .getByTestId('open-register')
      .getByRole('button', { name: /Abrir caixa/ })
      .click();
    await page.getByLabel('Valor', { exact: true }).waitFor();
    await page.getByText('Online').first().waitFor({ timeout: 10_000 });

    await proxy.cut('refuse');
    await page.keyboard.type('1234');
    await page.keyboard.press('Enter');
    await page.getByTestId('qr-pending').waitFor();

    await page.keyboard.press('F7');
    const close = page.getByTestId('close-register');
    const warnings = close.getByTestId('close-warnings');
    await warnings.waitFor({ timeout: 10_000 });
    const said = await textOf(warnings);
    expect(said).toContain('1 operação aguardando envio ao serviço Pix');
    expect(said).toMatch(/1 venda aguardando pagamento \(R\$ 12,34\)/);

    // Without the tick, "Fechar caixa" asks for it and sends nothing (no PIN dialog).
    await close.getByRole('button', { name: /Fechar caixa/ }).click();
    await close.getByRole('alert').filter({ hasText: 'Há avisos pendentes' }).waitFor();
    expect(await page.getByTestId('manager-pin').count()).toBe(0);
    expect(
      await page.evaluate(
        () =>
          (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id,
      ),
    ).toBe('close-confirm-pending');
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(150);
      await page.screenshot({ path: join(ARTIFACTS, `03-fechar-com-avisos-${viewport.width}x${viewport.height}.png`) });
      const overflowing = await page.evaluate(() => {
        const { document } = globalThis as unknown as {
          document: {
            querySelectorAll(
              selector: string,
            ): ArrayLike<{ scrollWidth: number; clientWidth: number; textContent: string | null }>;
          };
        };
        return Array.from(
          document.querySelectorAll(
            '.close-warnings li, .close-warnings label, .register-close button, .register-close [role="alert"]',
          ),
        )
          .filter((node) => node.scrollWidth > node.clientWidth + 1)
          .map((node) => node.textContent ?? '');
      });
      expect(overflowing, `overflow at ${viewport.width}`).toEqual([]);
    }
    await page.setViewportSize(VIEWPORTS[1]);
    await expectAccessible(page, 'fechar caixa com avisos');

    await warnings.getByLabel('Vi os avisos: fechar assim mesmo').check();
    await close.getByRole('button', { name: /Fechar caixa/ }).click();
    const dialog = page.getByTestId('manager-pin');
    await dialog.getByLabel('Gerente').selectOption({ label: MANAGER.name });
    await dialog.getByLabel('PIN', { exact: true }).fill(MANAGER.pin);
    await dialog.getByLabel('PIN', { exact: true }).press('Enter');
    const closed = page.getByTestId('register-closed');
    await closed.waitFor();
    expect(await textOf(closed)).toContain(`Fechado por ${MANAGER.name}`);

    // The report keeps the warnings the manager closed with.
    const save = page.getByTestId('report-actions').getByRole('button', { name: /Salvar PDF/ });
    await expect.poll(() => save.isEnabled(), { timeout: 10_000 }).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), save.click()]);
    const file = join(ARTIFACTS, 'relatorio-com-avisos.pdf');
    writeFileSync(file, readFileSync(await download.path()));
    const text = normalizeSpaces(
      spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' }).stdout.replace(/\u00a0/g, ' '),
    );
    expect(text).toContain('1 operação aguardando envio');
    expect(text).toMatch(/1 venda aguardando pagamento \(R\$ 12,34\)/);
    const table = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).stdout;
    expect(table).toMatch(/Operações aguardando envio\s+1\n/);
    expect(table).toMatch(/Venda 0001\s+\d{2}:\d{2}\s+João Lima\s+Conectando\s+R\$\s12,34/);
    expect(spawnSync('pdftoppm', ['-png', '-r', '80', file, join(ARTIFACTS, 'relatorio-com-avisos')]).status).toBe(0);
    await proxy.restore();
  });
});
