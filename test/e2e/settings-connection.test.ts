// "Testar conexão" end to end: the browser host in Chromium, a REAL remote sandbox (`npm run serve`
// as its own process). A wrong AppID is refused in pt-BR, the right one answers with the company's
// name and saves; an AppID without some scopes is listed with what each costs; a base URL where
// nothing listens offers "Salvar mesmo assim". Screenshots of the failed test at the three counter
// sizes and of the missing scopes, and an axe scan of each.
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTER_SCOPES } from '#counter/sync/connection/connection-scopes';
import { createBridgeClient, type BridgeClient } from '../support/bridge-client';
import { spawnBuilt } from '../support/child-process';
import { expectAccessible, normalizeSpaces, openCounterPage, startCounter, type Counter } from './counter-journey';
import { startRemoteService, type RemoteServiceProcess } from './remote-service-process';
import { ROOT } from './renderer-build';
import { VIEWPORTS } from './viewports';

const ARTIFACTS = join(ROOT, 'test-artifacts/e2e/settings-connection');

let counter: Counter;
let remote: RemoteServiceProcess;
let companyName: string;
let bridge: BridgeClient;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  [counter, remote] = await Promise.all([startCounter(), startRemoteService()]);
  const { company } = (await (await remote.api('/api/v1/company')).json()) as {
    company: { tradeName?: string; officialName: string };
  };
  companyName = company.tradeName || company.officialName;
  bridge = createBridgeClient({
    origin: counter.host.origin,
    token: new URL(counter.host.url).searchParams.get('token') ?? '',
  });
});

afterAll(async () => {
  await counter?.stop();
  await remote?.stop();
});

async function remoteFields(page: Page, appId: string, baseUrl = remote.url): Promise<void> {
  await page.keyboard.press('F9');
  await page.getByRole('radio', { name: /Sandbox remoto/ }).check();
  await page.getByLabel('URL base da API').fill(baseUrl);
  await page.getByLabel('AppID', { exact: true }).fill(appId);
}

const result = (page: Page) => page.getByTestId('connection-result');

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('Testar conexão in the settings', () => {
  for (const viewport of VIEWPORTS) {
    it(`shows a refused AppID in pt-BR at ${viewport.width}×${viewport.height}, with nothing cut off`, async () => {
      const page = await openCounterPage(counter, viewport);
      await remoteFields(page, 'Q2xpZW50X0lkX2Vycm8=');
      const test = page.getByRole('button', { name: 'Testar conexão' });
      await test.click();
      await result(page).getByText('AppID recusado').waitFor();
      const text = normalizeSpaces(await result(page).textContent());
      expect(text).toMatch(/^AppID recusado: O serviço Pix recusou o AppID\. Copie de novo o AppID/);
      expect(text).toMatch(/Detalhes: HTTP 401/);
      expect(text).not.toContain('Q2xpZW50X0lkX2Vycm8=');
      // The live region is polite: read out, without taking the focus away from the button.
      expect(await result(page).getAttribute('aria-live')).toBe('polite');
      const focused = await page.evaluate(
        () =>
          (globalThis as unknown as { document: { activeElement: { textContent: string } | null } }).document
            .activeElement?.textContent,
      );
      expect(focused).toBe('Testar conexão');
      // No text wider than its box in the connection card.
      const overflowing = await page
        .locator('.connection-test *')
        .evaluateAll((nodes) =>
          nodes.filter((node) => node.scrollWidth > node.clientWidth + 1).map((node) => node.className),
        );
      expect(overflowing).toEqual([]);
      await result(page).evaluate((region) => region.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: join(ARTIFACTS, `refused-app-id-${viewport.width}x${viewport.height}.png`) });
      await expectAccessible(page, `configurações, conexão recusada, ${viewport.width}`);
      await page.close();
    });
  }

  it('answers with the company name once the AppID is fixed, then saves', async () => {
    const page = await openCounterPage(counter, { width: 1366, height: 768 });
    await remoteFields(page, 'app-id-errado');
    await page.getByRole('button', { name: 'Testar conexão' }).click();
    await result(page).getByText('AppID recusado').waitFor();
    // Saving the wrong one tests it again, and stops there: a refused AppID cannot be saved anyway.
    await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/invoke/testConnection')),
      page.keyboard.press('Control+s'),
    ]);
    await result(page).getByText('AppID recusado').waitFor();
    expect(await page.getByTestId('save-anyway').count()).toBe(0);
    expect(await bridge.call('getSettings')).toMatchObject({ mode: 'embedded' });

    await page.getByLabel('AppID', { exact: true }).fill(remote.appId);
    // What a test said about the old AppID is gone as soon as it changes.
    expect(normalizeSpaces(await result(page).textContent())).toBe('');
    await page.getByRole('button', { name: 'Testar conexão' }).click();
    await result(page).getByText(`Conexão ok: ${companyName}.`).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'ok-1366x768.png') });
    await page.keyboard.press('Control+s');
    await page.getByText('Configurações salvas.').waitFor();
    const settings = await bridge.call('getSettings');
    expect(settings).toMatchObject({ mode: 'remote-sandbox', baseUrl: remote.url, hasAppId: true });
    await page.close();
  });

  it('lists the scopes an AppID lacks, with what each costs, at 1024×768', async () => {
    const missing = ['CHARGE_DELETE', 'PIX_QRCODE_POST', 'COMPANY_GET'];
    const scopes = COUNTER_SCOPES.map((entry) => entry.scope).filter((scope) => !missing.includes(scope));
    const created = spawnBuilt('serve', [
      '--db',
      remote.dbPath,
      'app',
      'create',
      '--scopes',
      scopes.join(','),
      '--name',
      'Caixa limitado',
    ]);
    expect((await created.exited).code, created.stderr()).toBe(0);
    const appId = created
      .lines()
      .map((line) => /^AppID: (\S+)$/.exec(line)?.[1])
      .find(Boolean)!;

    const page = await openCounterPage(counter, { width: 1024, height: 768 });
    await remoteFields(page, appId);
    await page.getByRole('button', { name: 'Testar conexão' }).click();
    const list = page.getByTestId('missing-scopes');
    await list.waitFor();
    const text = normalizeSpaces(await result(page).textContent());
    expect(text).toMatch(
      /^Conexão ok: o serviço aceitou o AppID\. O Balcão vende, mas faltam 3 permissões ao AppID, e fica sem: cancelar vendas no serviço, vendas offline e nome da empresa nos recibos\./,
    );
    expect(normalizeSpaces(await list.textContent())).toMatch(/^Faltam ao AppID 3 permissões:/);
    const items = (await list.getByRole('listitem').allTextContents()).map(normalizeSpaces);
    expect(items).toEqual([
      expect.stringMatching(/^Cancelar vendas · CHARGE_DELETE: cancelar uma venda \(Esc, Esc\) só cancela no Balcão/),
      expect.stringMatching(/^Vendas offline · PIX_QRCODE_POST: as vendas offline não podem ser registradas/),
      expect.stringMatching(/^Recibos · COMPANY_GET: os recibos usam o nome da loja destas configurações/),
    ]);
    // Without CHARGE_DELETE the test charge stayed, and the screen says so.
    expect(normalizeSpaces(await page.getByTestId('left-behind').textContent())).toMatch(
      /^Atenção: Ficou no serviço uma cobrança de teste de R\$ 0,01 \(correlationID balcao-teste-conexao-/,
    );
    expect(text).not.toContain(appId);
    const overflowing = await page
      .locator('.connection-test *')
      .evaluateAll((nodes) =>
        nodes.filter((node) => node.scrollWidth > node.clientWidth + 1).map((node) => node.className),
      );
    expect(overflowing).toEqual([]);
    await result(page).evaluate((region) => region.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: join(ARTIFACTS, 'missing-scopes-1024x768.png') });
    await expectAccessible(page, 'configurações, permissões faltando');
    await page.close();
  });

  it('offers "Salvar mesmo assim" when nothing answers, and saves only then', async () => {
    const page = await openCounterPage(counter, { width: 1024, height: 768 });
    const baseUrl = `http://127.0.0.1:${await closedPort()}`;
    await remoteFields(page, remote.appId, baseUrl);
    await page.keyboard.press('Control+s');
    await result(page).getByText('Serviço fora de alcance').waitFor();
    expect(normalizeSpaces(await result(page).textContent())).toMatch(
      /Nada respondeu em 127\.0\.0\.1:\d+.*Nada foi salvo\./,
    );
    const saveAnyway = page.getByRole('button', { name: 'Salvar mesmo assim' });
    await saveAnyway.waitFor();
    // Saved from the header (Ctrl+S), the answer is brought into view, not left below the fold.
    await expect
      .poll(() =>
        result(page).evaluate((region) => {
          const box = region.getBoundingClientRect();
          return box.top >= 60 && box.bottom <= (globalThis as unknown as { innerHeight: number }).innerHeight - 40;
        }),
      )
      .toBe(true);
    await expect.poll(() => saveAnyway.isVisible()).toBe(true);
    expect(await bridge.call('getSettings')).toMatchObject({ baseUrl: remote.url });
    await page.screenshot({ path: join(ARTIFACTS, 'unreachable-1024x768.png') });
    await expectAccessible(page, 'configurações, serviço fora de alcance');
    await saveAnyway.click();
    await page.getByText('Configurações salvas.').waitFor();
    expect(await bridge.call('getSettings')).toMatchObject({ mode: 'remote-sandbox', baseUrl });
    await page.close();
  });
});
