// A create answers once (issue 26), end to end in the browser host with two tabs of the same
// counter: the tab that sells gets its new sale as its call's answer and no push of it; the other
// tab gets one push of that sale (its history learns of it); the payment that follows is pushed
// to both, and the selling tab shows "Pago". What each tab's push stream delivered is recorded in
// the page itself (a wrapper around EventSource), so the real renderer's bridge is what is tested.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CounterEvent } from '#shared/counter/counter-api';
import { chargeOnScreen, newestCharge, payOnScreen, startCounter, type Counter } from './counter-journey';
import { VIEWPORTS } from './viewports';

/** Where the page keeps every event its push stream delivered, in order (recorded by the test). */
type Recorded = { __balcaoHeard?: CounterEvent[] };

// Plain JS, run in each page before the app: the bridge's own EventSource, listened to as well.
const RECORD_PUSHES = `
  window.__balcaoHeard = [];
  const Native = window.EventSource;
  window.EventSource = class extends Native {
    constructor(url, init) {
      super(url, init);
      this.addEventListener('message', (message) => window.__balcaoHeard.push(JSON.parse(message.data)));
    }
  };
`;

let counter: Counter;

beforeAll(async () => {
  counter = await startCounter();
});

afterAll(async () => {
  await counter?.stop();
});

/** A tab on the counter's sale screen whose push stream is recorded before the app starts. */
async function openRecordedTab(): Promise<Page> {
  const page = await counter.newPage(VIEWPORTS[1]);
  await page.addInitScript(RECORD_PUSHES);
  await page.goto(counter.host.url);
  await page.getByLabel('Valor', { exact: true }).waitFor();
  return page;
}

/** The statuses of `correlationID` this tab was pushed, in order. */
async function pushedStatuses(page: Page, correlationID: string): Promise<string[]> {
  return page.evaluate(
    (id) =>
      ((globalThis as Recorded).__balcaoHeard ?? []).flatMap((event) =>
        event.type === 'sale-updated' && event.sale.correlationID === id ? [event.sale.status] : [],
      ),
    correlationID,
  );
}

describe('a create answers once, across two tabs', () => {
  it('answers the selling tab alone, pushes the sale once to the other tab, and the payment to both', async () => {
    const seller = await openRecordedTab();
    const other = await openRecordedTab();

    await chargeOnScreen(seller, '4321');
    const { correlationID } = await newestCharge(counter.host);
    // (b) The other tab learns of the new sale by one push: the answer, as the seller got it.
    await expect.poll(() => pushedStatuses(other, correlationID), { timeout: 10_000 }).toEqual(['ACTIVE']);

    // (c) The payment that follows reaches the seller, whose screen says "Pago".
    await payOnScreen(seller, counter.host);
    await expect.poll(() => pushedStatuses(seller, correlationID), { timeout: 10_000 }).toContain('COMPLETED');
    await expect.poll(() => pushedStatuses(other, correlationID), { timeout: 10_000 }).toContain('COMPLETED');

    // (a) One stream, delivered in order: a push of the create's answer to the seller would have
    // come before the payment's. There is none; the seller read its sale from the answer alone.
    expect((await pushedStatuses(seller, correlationID)).filter((status) => status !== 'COMPLETED')).toEqual([]);
    expect((await pushedStatuses(other, correlationID)).filter((status) => status !== 'COMPLETED')).toEqual(['ACTIVE']);
    expect(counter.problems).toEqual([]);
  });
});
