// "Export a past day" (issue 13) end to end: the real browser host sells "yesterday" (its clock
// moved back a day with BALCAO_CLOCK_OFFSET_MS), is stopped, and started again today on the same
// data folder. The history goes back one day (A), exports it (E), and the downloaded CSV is read
// back; then a range is chosen (I) and looked at on the three counter screens, with a no-overflow
// check, and scanned with axe-core with the range form open. Screenshots: test-artifacts/e2e/.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#shared/lib/calendar-day';
import { saoPauloDate } from '#shared/lib/sao-paulo-time';
import {
  chargeOnScreen,
  expectAccessible,
  normalizeSpaces,
  openCounterPage,
  payOnScreen,
  startCounter,
  type Counter,
} from './counter-journey';
import { ROOT } from './renderer-build';
import { VIEWPORTS } from './viewports';

const ARTIFACTS = join(ROOT, 'test-artifacts/e2e');
const DAY_MS = 86_400_000;
const dataDir = mkdtempSync(join(tmpdir(), 'balcao-e2e-past-days-'));
let counter: Counter | undefined;
let page: Page;

beforeAll(() => mkdirSync(ARTIFACTS, { recursive: true }));

afterAll(async () => {
  await counter?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** "2026-11-23" → "23/11/2026", as the title writes it. */
function ptBR(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

async function overflowsItsBox(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element as unknown as { scrollWidth: number; clientWidth: number };
    return box.scrollWidth > box.clientWidth + 1;
  });
}

const today = saoPauloDate(new Date());
const yesterday = addDays(today, -1);
const rangeStart = addDays(today, -3);

describe('a past day in the history', () => {
  it('sells yesterday: two paid sales over R$ 1.000,00 and one cancelled', async () => {
    counter = await startCounter({ dataDir, env: { BALCAO_CLOCK_OFFSET_MS: String(-DAY_MS) } });
    page = await openCounterPage(counter, VIEWPORTS[1]);
    // Under the large-sale confirmation (R$ 10.000,00 by default): no extra step here.
    for (const digits of ['150000', '234567']) {
      await chargeOnScreen(page, digits);
      await payOnScreen(page, counter.host);
      await page.keyboard.press('F1');
      await page.getByLabel('Valor', { exact: true }).waitFor();
    }
    await chargeOnScreen(page, '1234');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.getByLabel('Valor', { exact: true }).waitFor();
    // The host's "today" was yesterday.
    await page.keyboard.press('F2');
    await page.getByRole('heading', { name: 'Histórico de hoje' }).waitFor();
    await expect.poll(() => page.locator('.sale-rows .sale-row').count()).toBe(3);
    expect(counter.problems).toEqual([]);
    await counter.stop();
    counter = undefined;
  });

  it('a day later, goes back one day with A and exports it with E as a pt-BR CSV', async () => {
    counter = await startCounter({ dataDir });
    page = await openCounterPage(counter, VIEWPORTS[1]);
    await page.keyboard.press('F2');
    await page.getByRole('heading', { name: 'Histórico de hoje' }).waitFor();
    await page.getByText('Nenhuma venda hoje ainda.').waitFor();

    await page.keyboard.press('a');
    await page.getByRole('heading', { name: `Histórico de ${ptBR(yesterday)}` }).waitFor();
    const rows = page.locator('.sale-rows .sale-row');
    await expect.poll(() => rows.count()).toBe(3);
    const listText = normalizeSpaces(await page.locator('.sale-rows').textContent());
    expect(listText).toContain('R$ 2.345,67');
    expect(listText).toContain('R$ 1.500,00');
    // The cancelled sale stays in the list, and its detail says when it was cancelled.
    expect(listText).toContain('Cancelada');
    await rows.filter({ hasText: 'Cancelada' }).click();
    expect(normalizeSpaces(await page.getByTestId('detail-cancelled').textContent())).toMatch(
      /Cancelada às \d{2}:\d{2}/,
    );
    await page.screenshot({ path: join(ARTIFACTS, 'historico-ontem.png') });

    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('e')]);
    expect(download.suggestedFilename()).toBe(`vendas-caixa-1-${yesterday}_${yesterday}.csv`);
    const bytes = readFileSync(await download.path());
    writeFileSync(join(ARTIFACTS, download.suggestedFilename()), bytes);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Venda;Data e hora;Caixa;Sessão;Operador;Valor (R$);Situação;Devolvido (R$);Devoluções;ID fim a fim;correlationID;Cancelada por;Cancelada em',
    );
    expect(lines).toHaveLength(4);
    const cells = lines.slice(1).map((line) => line.split(';'));
    expect(cells.map((row) => [row[5], row[6]])).toEqual([
      ['1500,00', 'Pago'],
      ['2345,67', 'Pago'],
      ['12,34', 'Cancelada'],
    ]);
    for (const row of cells) {
      expect(row[1]).toMatch(new RegExp(`^${ptBR(yesterday)} \\d{2}:\\d{2}:\\d{2}$`));
      expect(row[10]).toMatch(/^balcao-/);
    }
    expect(cells[0]![9]).toMatch(/^E[0-9A-Za-z]{31}$/);
    expect(cells[2]![12]).toMatch(new RegExp(`^${ptBR(yesterday)} `));
    expect(counter.problems).toEqual([]);
  });

  it('keeps what is typed in the date fields, shows a range, and passes axe with the form open', async () => {
    await page.keyboard.press('i');
    const form = page.getByRole('form', { name: 'Escolher datas' });
    await form.waitFor();
    const from = form.getByLabel('De');
    const to = form.getByLabel('Até');
    await from.fill(rangeStart);
    await to.fill(today);
    await page.screenshot({ path: join(ARTIFACTS, 'historico-escolher-datas.png') });
    await expectAccessible(page, 'histórico com o período aberto');
    // A sale made at the same counter in another window pushes to this one, which reloads its
    // history (listSales): what was typed in the date fields stays as it was.
    const other = await openCounterPage(counter!, VIEWPORTS[1]);
    const reloaded = page.waitForResponse((response) => response.url().endsWith('/__balcao/invoke/listSales'), {
      timeout: 10_000,
    });
    await chargeOnScreen(other, '700');
    await reloaded;
    expect(await from.inputValue()).toBe(rangeStart);
    expect(await to.inputValue()).toBe(today);
    await other.keyboard.press('Escape');
    await other.keyboard.press('Escape');
    await other.getByLabel('Valor', { exact: true }).waitFor();
    await other.close();
    await page.keyboard.press('Enter');
    await page
      .getByRole('heading', {
        name: `Histórico de ${rangeStart.slice(0, 4) === today.slice(0, 4) ? ptBR(rangeStart).slice(0, 5) : ptBR(rangeStart)} a ${ptBR(today)}`,
      })
      .waitFor();
    // Yesterday's three and today's (cancelled) R$ 7,00 from the other window.
    await expect.poll(() => page.locator('.sale-rows .sale-row').count()).toBe(4);
    expect(normalizeSpaces(await page.locator('.totals').textContent())).toContain('R$ 3.845,67');
  });

  it('fits the range with its large amounts at 1024×768, 1366×768 and 1920×1080', async () => {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const rows = page.locator('.sale-rows .sale-row');
      await expect.poll(() => rows.count()).toBe(4);
      for (const row of await rows.all()) {
        for (const cell of ['.sale-row-amount', '.sale-row-time']) {
          expect(await overflowsItsBox(row.locator(cell)), `${cell} at ${viewport.width}`).toBe(false);
        }
        // The reference (a long correlationID) is cut with an ellipsis on purpose; it must still end inside its row.
        const rowBox = (await row.boundingBox())!;
        const refBox = (await row.locator('.sale-row-ref').boundingBox())!;
        expect(refBox.x + refBox.width).toBeLessThanOrEqual(rowBox.x + rowBox.width);
        expect(
          await row
            .locator('.sale-row-ref-text')
            .evaluate(
              (element) =>
                (
                  globalThis as unknown as { getComputedStyle(node: unknown): { textOverflow: string } }
                ).getComputedStyle(element).textOverflow,
            ),
        ).toBe('ellipsis');
        const amountBox = (await row.locator('.sale-row-amount').boundingBox())!;
        const chipBox = (await row.locator('.chip').boundingBox())!;
        expect(amountBox.x + amountBox.width).toBeLessThanOrEqual(chipBox.x);
      }
      for (const box of await page
        .locator('.history-days .button, .history-view-tab, .totals dd, .screen-title')
        .all()) {
        expect(await overflowsItsBox(box), `${normalizeSpaces(await box.textContent())} at ${viewport.width}`).toBe(
          false,
        );
      }
      // Nothing of the history runs off the window's right edge.
      const widest = await page.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
            .scrollWidth,
      );
      expect(widest).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: join(ARTIFACTS, `${viewport.width}x${viewport.height}-historico-periodo.png`) });
    }
    await expectAccessible(page, 'histórico de um período');
    expect(counter!.problems).toEqual([]);
  });
});

describe("the register's facts in the history", () => {
  /** One call to the browser host's bridge, as the page makes it (with the run token). */
  async function invoke<T>(method: string, payload: unknown): Promise<T> {
    const host = counter!.host;
    const response = await fetch(`${host.origin}/__balcao/invoke/${method}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: host.origin,
        'x-balcao-token': new URL(host.url).searchParams.get('token')!,
      },
      body: JSON.stringify(payload),
    });
    const body = (await response.json()) as T;
    expect(response.status, JSON.stringify(body)).toBe(200);
    return body;
  }

  it('shows the till, "Venda 0001 · Ana" and who cancelled a sale, and when', async () => {
    const state = await invoke<{ operators: { id: string; name: string }[] }>('createOperator', {
      name: 'Ana',
      role: 'MANAGER',
      pin: '2468',
    });
    await invoke('signIn', { operatorId: state.operators[0]!.id, pin: '2468' });
    await invoke('openRegister', { tillName: 'Caixa Centro' });
    await page.reload();
    await page.getByLabel('Valor', { exact: true }).waitFor();
    await chargeOnScreen(page, '200000');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.getByLabel('Valor', { exact: true }).waitFor();

    await page.keyboard.press('F2');
    await page.getByRole('heading', { name: 'Histórico de hoje' }).waitFor();
    expect(normalizeSpaces(await page.getByTestId('history-till').textContent())).toBe(
      'Vendas deste caixa: Caixa Centro',
    );
    const row = page.locator('.sale-rows .sale-row').filter({ hasText: 'R$ 2.000,00' });
    expect(normalizeSpaces(await row.locator('.sale-row-who').textContent())).toBe('Venda 0001 · Ana');
    await row.click();
    expect(normalizeSpaces(await page.getByTestId('detail-cancelled').textContent())).toMatch(
      /^Cancelamento ?Cancelada por Ana às \d{2}:\d{2}$/,
    );
    await page.screenshot({ path: join(ARTIFACTS, 'historico-caixa-operador.png') });
    await expectAccessible(page, 'histórico com operador');
    expect(counter!.problems).toEqual([]);
  });
});
