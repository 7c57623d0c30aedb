// A long day in the history (issue 27): the screen holds one page of the list, never the day, so
// the arrows, the scrollbar, the search, a sale's detail and the live updates must reach every
// sale all the same. 150 sales are made through the bridge (R$ 1,00, R$ 1,01, … as they were
// made), then the history is used as a cashier would, in Chromium through the browser host, and
// two of them are paid meanwhile as a customer's bank would.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBRL } from '#shared/lib/money';
import { createBridgeClient, type BridgeClient } from '../support/bridge-client';
import { normalizeSpaces, openCounterPage, payInSandbox, startCounter, type Counter } from './counter-journey';
import { VIEWPORTS } from './viewports';

const SALES = 150;
let counter: Counter;
let bridge: BridgeClient;
let page: Page;
const brCodes: string[] = [];

/** Sale i (0: the first made) is worth 100 + i cents; the list shows the newest first. */
const amountOf = (i: number) => normalizeSpaces(formatBRL(100 + i));

beforeAll(async () => {
  counter = await startCounter();
  bridge = createBridgeClient({
    origin: counter.host.origin,
    token: new URL(counter.host.url).searchParams.get('token')!,
  });
  for (let i = 0; i < SALES; i++) brCodes.push((await bridge.call('createSale', { value: 100 + i })).brCode!);
  // The bridge's sales are history only: the screen starts on a new sale.
  await bridge.call('setSaleOnScreen', { correlationID: null });
  page = await openCounterPage(counter, VIEWPORTS[1]);
  await page.keyboard.press('F2');
  await page
    .locator('.sale-rows > li[aria-posinset="1"] .sale-row-amount')
    .getByText(amountOf(SALES - 1))
    .waitFor();
}, 120_000);
afterAll(() => counter?.stop());

const detailTitle = () => page.locator('#detail-title');
const shownRows = () => page.locator('.sale-rows > li');

describe('a day longer than the rows the screen holds', () => {
  it('says the whole day in the totals and the list length, from the first paint', async () => {
    const count = page.locator('.totals .total').filter({ hasText: 'Vendas' }).locator('dd');
    expect(normalizeSpaces(await count.textContent())).toBe(String(SALES));
    expect(await shownRows().first().getAttribute('aria-setsize')).toBe(String(SALES));
    // Virtualised, and fed one page: far fewer rows in the DOM than sales in the day.
    expect(await shownRows().count()).toBeLessThan(40);
  });

  it('moves the selection with ↓ past the rows first held, to the sale there', async () => {
    await page.keyboard.press('Escape');
    for (let i = 0; i < 75; i++) await page.keyboard.press('ArrowDown');
    // Row 75 (the 75th from the top, index 74) is sale SALES − 75.
    await expect
      .poll(async () => normalizeSpaces(await detailTitle().textContent()), { timeout: 10_000 })
      .toContain(amountOf(SALES - 75));
    const selected = page.locator('.sale-rows > li:has(.sale-row[aria-current="true"])');
    expect(await selected.getAttribute('aria-posinset')).toBe('75');
    expect(normalizeSpaces(await selected.locator('.sale-row-amount').textContent())).toBe(amountOf(SALES - 75));
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowUp');
    await expect.poll(async () => normalizeSpaces(await detailTitle().textContent())).toContain(amountOf(SALES - 70));
  });

  it('fills the rows scrolled to at the end of the day, the first sale last', async () => {
    await page.locator('.sale-rows-scroll').evaluate((element) => {
      const box = element as unknown as { scrollTop: number; scrollHeight: number };
      box.scrollTop = box.scrollHeight;
    });
    const last = page.locator(`.sale-rows > li[aria-posinset="${SALES}"]`);
    await expect
      .poll(async () => normalizeSpaces(await last.locator('.sale-row-amount').textContent()))
      .toBe(amountOf(0));
    await last.locator('.sale-row').click();
    await expect.poll(async () => normalizeSpaces(await detailTitle().textContent())).toContain(amountOf(0));
  });

  it('follows payments by push, in the rows held and beyond them, the selection kept', async () => {
    const paidCount = page.locator('.totals .total').filter({ hasText: 'Pagas' }).locator('dd');
    expect(normalizeSpaces(await paidCount.textContent())).toBe('0');
    // The selected sale (the day's first, at the bottom) and one far above it, outside the rows held.
    await payInSandbox(counter.host, brCodes[0]!);
    await payInSandbox(counter.host, brCodes[SALES - 10]!);
    await expect.poll(async () => normalizeSpaces(await paidCount.textContent()), { timeout: 10_000 }).toBe('2');
    const selected = page.locator('.sale-rows > li:has(.sale-row[aria-current="true"])');
    expect(await selected.getAttribute('aria-posinset')).toBe(String(SALES));
    await expect.poll(async () => normalizeSpaces(await selected.locator('.chip').first().textContent())).toBe('Pago');
    expect(normalizeSpaces(await page.locator('.detail').textContent())).toContain('Pago');
    await page
      .locator('.sale-rows-scroll')
      .evaluate((element) => ((element as unknown as { scrollTop: number }).scrollTop = 0));
    const tenth = page.locator('.sale-rows > li[aria-posinset="10"]');
    await expect.poll(async () => normalizeSpaces(await tenth.textContent())).toContain('Pago');
    expect(normalizeSpaces(await tenth.textContent())).toContain(amountOf(SALES - 10));
  });

  it('searches the whole day, not the rows held', async () => {
    await page.keyboard.press('/');
    await page.keyboard.type('1,05');
    await expect
      .poll(async () => (await shownRows().allTextContents()).map(normalizeSpaces))
      .toEqual([expect.stringContaining(amountOf(5))]);
    await expect.poll(async () => normalizeSpaces(await detailTitle().textContent())).toContain(amountOf(5));
    // Esc lets go of the box, Esc again clears the search: the whole day is back.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect.poll(async () => shownRows().first().getAttribute('aria-setsize')).toBe(String(SALES));
  });

  it('raised no console error along the way', () => {
    expect(counter.problems).toEqual([]);
  });
});
