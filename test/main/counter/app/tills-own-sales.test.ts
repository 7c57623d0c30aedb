// "Each till's own sales" (issue 13): the history is the counter's own store (counter.db), not
// the account's charges. A charge made through the API elsewhere on the same service, and the
// sales of another counter on the same account, never show in this till's list or export.
// Against a REAL served sandbox (`npm run serve` as its own process) and two real counters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saoPauloDate } from '#shared/lib/sao-paulo-time';
import { addDays } from '#shared/lib/calendar-day';
import { remoteCall } from '#test/support/remote-api';
import { startRemote, type RemoteProcess } from '#test/support/remote-process';
import { openRuntime, type RuntimeFixture } from './runtime-fixture';

let remote: RemoteProcess;
const counters: RuntimeFixture[] = [];

beforeAll(async () => {
  remote = await startRemote();
});

afterAll(async () => {
  await Promise.all(counters.map((counter) => counter.dispose()));
  await remote.dispose();
});

async function counterOnRemote(): Promise<RuntimeFixture> {
  const counter = openRuntime();
  counters.push(counter);
  await counter.runtime.api.saveSettings({ mode: 'remote-sandbox', baseUrl: remote.url, appId: remote.appId });
  return counter;
}

describe("each till's own sales", () => {
  it('lists and exports only the sales made at this counter', async () => {
    const first = await counterOnRemote();
    const second = await counterOnRemote();
    const firstSale = await first.runtime.api.createSale({ value: 123_456, comment: 'Balcão da frente' });
    const secondSale = await second.runtime.api.createSale({ value: 789 });

    // A charge made straight on the same service, the way an integrator's code would.
    const elsewhere = `api-elsewhere-${Date.now()}`;
    const created = await remoteCall(remote, '/api/v1/charge', {
      method: 'POST',
      body: { correlationID: elsewhere, value: 4_200 },
    });
    expect(created.status).toBe(200);
    // The account really has all three charges: the service lists them.
    const onService = await remoteCall<{ charges: { correlationID: string }[] }>(remote, '/api/v1/charge?limit=100');
    expect(onService.body.charges.map((charge) => charge.correlationID)).toEqual(
      expect.arrayContaining([elsewhere, firstSale.correlationID, secondSale.correlationID]),
    );

    const today = saoPauloDate(new Date());
    const firstList = await first.runtime.api.listSales({});
    expect(firstList.sales.map((sale) => sale.correlationID)).toEqual([firstSale.correlationID]);
    expect(firstList.totals).toMatchObject({ day: today, count: 1 });
    const secondList = await second.runtime.api.listSales({ from: addDays(today, -6), to: today });
    expect(secondList.sales.map((sale) => sale.correlationID)).toEqual([secondSale.correlationID]);
    expect(secondList.totals).toMatchObject({ day: addDays(today, -6), to: today, count: 1 });

    const exported = await first.runtime.api.exportSales({ day: today });
    expect(exported.fileName).toBe(`vendas-caixa-1-${today}_${today}.csv`);
    const rows = exported.csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(firstSale.correlationID);
    expect(rows[1]).toContain(';1234,56;Aguardando;');
    expect(exported.csv).not.toContain(elsewhere);
    expect(exported.csv).not.toContain(secondSale.correlationID);
  });
});
