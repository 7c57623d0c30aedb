// The counter's handlers against a real embedded runtime: real engine, real SQLite, no mocks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CounterEvent, Sale } from '#shared/counter/counter-api';
import { counterMethods } from '#shared/counter/counter-methods';
import { ManualClock } from '#lib/clock';
import { CounterError } from '#shared/counter/counter-errors';
import { saoPauloDate } from '#shared/lib/sao-paulo-time';
import { isPdf, openRuntime, until, type RuntimeFixture } from './runtime-fixture';

let fixture: RuntimeFixture;
beforeEach(() => {
  fixture = openRuntime();
});
afterEach(async () => {
  await fixture.dispose();
});

const handlers = () => fixture.runtime.api;

describe('a sale from QR to refund', () => {
  it('sells, is paid, totals the day, refunds in part, refuses an over-refund, and makes receipts', async () => {
    const events: CounterEvent[] = [];
    fixture.runtime.events.subscribe((event) => events.push(event));

    const sale = await handlers().createSale({ value: 1234, comment: 'Café e pão de queijo' });
    expect(sale.correlationID).toMatch(/^balcao-[0-9a-f-]{36}$/);
    expect(sale).toMatchObject({
      value: 1234,
      status: 'ACTIVE',
      comment: 'Café e pão de queijo',
      refundable: 0,
      refunds: [],
    });
    expect(sale.brCode).toMatch(/^000201/);
    // 15 minutes to pay, by default.
    expect(Date.parse(sale.expiresDate) - Date.parse(sale.createdAt)).toBe(15 * 60 * 1000);

    const paid = await handlers().simulatePayment({ correlationID: sale.correlationID });
    expect(paid.status).toBe('COMPLETED');
    expect(paid.endToEndId).toMatch(/^E[0-9A-Za-z]{31}$/);
    expect(paid.payerName).toBeTruthy();
    expect(paid.paidAt).toBeTruthy();
    expect(paid.refundable).toBe(1234);
    // The payment reached the screens without anyone asking.
    const pushed = await until(() => events.find((e) => e.type === 'sale-updated' && e.sale.status === 'COMPLETED'));
    expect(pushed.type === 'sale-updated' && pushed.sale.correlationID).toBe(sale.correlationID);

    const other = await handlers().createSale({ value: 500 });
    const listed = await handlers().listSales({});
    expect(listed.sales.map((s) => s.correlationID)).toEqual([other.correlationID, sale.correlationID]);
    expect(listed.totals).toMatchObject({ count: 2, paidCount: 1, paidValue: 1234, refundedValue: 0, net: 1234 });
    expect(listed.totals.day).toBe(saoPauloDate(new Date()));

    const refunded = await handlers().refundSale({
      correlationID: sale.correlationID,
      value: 234,
      reason: 'Troca do pão',
    });
    expect(refunded.refundable).toBe(1000);
    expect(refunded.refunds).toHaveLength(1);
    expect(refunded.refunds[0]).toMatchObject({ value: 234, status: 'IN_PROCESSING', comment: 'Troca do pão' });
    expect(refunded.refunds[0]!.endToEndId).toMatch(/^D[0-9A-Za-z]{31}$/);

    await expect(
      handlers().refundSale({ correlationID: sale.correlationID, value: 1001, reason: 'Demais' }),
    ).rejects.toMatchObject({
      name: 'CounterError',
      code: 'REFUND_TOO_LARGE',
      details: { refundable: 1000 },
    });
    const afterRefusal = await handlers().getSale({ correlationID: sale.correlationID });
    expect(afterRefusal.refunds).toHaveLength(1);
    expect(afterRefusal.refundable).toBe(1000);

    // The sandbox settles the refund on its own; the screens hear of it.
    const settled = await until(() =>
      events.find((e) => e.type === 'sale-updated' && e.sale.refunds[0]?.status === 'CONFIRMED'),
    );
    expect(settled).toBeTruthy();

    const totals = (await handlers().listSales({})).totals;
    expect(totals).toMatchObject({ paidValue: 1234, refundedValue: 234, net: 1000 });

    for (const layout of ['thermal80', 'a4'] as const) {
      const pixIn = await handlers().getReceipt({
        correlationID: sale.correlationID,
        kind: 'pix-in',
        endToEndId: paid.endToEndId!,
        layout,
      });
      expect(isPdf(pixIn.pdfBase64)).toBe(true);
      expect(pixIn.fileName).toMatch(/\.pdf$/);
      const refund = await handlers().getReceipt({
        correlationID: sale.correlationID,
        kind: 'pix-refund',
        endToEndId: refunded.refunds[0]!.endToEndId!,
        layout,
      });
      expect(isPdf(refund.pdfBase64)).toBe(true);
    }
    const thermal = await handlers().getReceipt({
      correlationID: sale.correlationID,
      kind: 'pix-in',
      endToEndId: paid.endToEndId!,
      layout: 'thermal80',
    });
    const a4 = await handlers().getReceipt({
      correlationID: sale.correlationID,
      kind: 'pix-in',
      endToEndId: paid.endToEndId!,
      layout: 'a4',
    });
    expect(thermal.pdfBase64).not.toBe(a4.pdfBase64);
  });

  it('searches the day by correlationID part or by amount typed in any usual way', async () => {
    const a = await handlers().createSale({ value: 1234 });
    const b = await handlers().createSale({ value: 99_00 });
    const ids = async (search: string) =>
      (await handlers().listSales({ search })).sales.map((s: Sale) => s.correlationID);
    expect(await ids('12,34')).toEqual([a.correlationID]);
    expect(await ids('12.34')).toEqual([a.correlationID]);
    // Whole numbers are reais (issue 13): "99" is R$ 99,00, "1234" is R$ 1.234,00 (none today).
    // Digits also match a part of a correlationID, and a random UUID holds "99" one time in nine:
    // any other sale found must be found by its id.
    const byAmountOrId = async (search: string, byAmount: string[]) => {
      const found = await ids(search);
      expect(found).toEqual(expect.arrayContaining(byAmount));
      for (const id of found.filter((id) => !byAmount.includes(id))) expect(id).toContain(search);
    };
    await byAmountOrId('99', [b.correlationID]);
    await byAmountOrId('1234', []);
    expect(await ids('R$ 99,00')).toEqual([b.correlationID]);
    expect(await ids(b.correlationID.slice(-12).toUpperCase())).toEqual([b.correlationID]);
    expect(await ids('nada-disso')).toEqual([]);
    // A search narrows the list, never the day's totals.
    expect((await handlers().listSales({ search: '12,34' })).totals.count).toBe(2);
    expect((await handlers().listSales({ day: '2001-01-01' })).sales).toEqual([]);
  });

  it('pages through a day with more sales than one service page', async () => {
    for (let i = 0; i < 105; i += 1) await handlers().createSale({ value: 100 + i });
    // listSales answers a page (100 sales unless asked for more): the whole day is asked for here.
    const { sales, total, totals } = await handlers().listSales({ limit: 105 });
    expect(sales).toHaveLength(105);
    expect(total).toBe(105);
    expect(totals.count).toBe(105);
  }, 60_000);

  it('answers a create once: its own news is the answer, pushed once more only as that answer (for other windows); what comes after is pushed', async () => {
    const events: CounterEvent[] = [];
    fixture.runtime.events.subscribe((event) => events.push(event));
    const sale = await handlers().createSale({ value: 1234 });
    // The service answered within the create: ACTIVE, with its code, in the answer alone.
    expect(sale).toMatchObject({ status: 'ACTIVE', brCode: expect.stringMatching(/^000201/) });
    const ofSale = () =>
      events.flatMap((event) =>
        event.type === 'sale-updated' && event.sale.correlationID === sale.correlationID ? [event.sale.status] : [],
      );
    // Not PENDING then ACTIVE as the create went: the answer alone, for the counter's other windows.
    expect(ofSale()).toEqual(['ACTIVE']);
    await handlers().simulatePayment({ correlationID: sale.correlationID });
    await until(() => (ofSale().includes('COMPLETED') ? true : undefined));
    // The answer's push is the only ACTIVE one; the payment's news comes after it.
    expect(ofSale().filter((status) => status === 'ACTIVE')).toEqual(['ACTIVE']);
    expect(ofSale()[0]).toBe('ACTIVE');
  });

  it('cancels an unpaid sale (Esc) at once, deletes it at the service, and refuses to cancel a paid one', async () => {
    const sale = await handlers().createSale({ value: 700 });
    expect(await handlers().cancelSale({ correlationID: sale.correlationID })).toEqual({ cancelled: true });
    expect((await handlers().getSale({ correlationID: sale.correlationID })).status).toBe('CANCELLED');
    await fixture.runtime.syncProbe.drained();
    // The service no longer has it: nothing left to pay.
    await expect(
      fixture.runtime.sandbox.engine.call(fixture.runtime.sandbox.appId, 'getCharge', {
        params: { id: sale.correlationID },
      }),
    ).rejects.toMatchObject({
      status: 400,
      message: 'Charge not found',
    });
    // Cancelling twice is the same cancel.
    expect(await handlers().cancelSale({ correlationID: sale.correlationID })).toEqual({ cancelled: true });
    await expect(handlers().cancelSale({ correlationID: 'balcao-nao-existe' })).rejects.toMatchObject({
      code: 'SALE_NOT_FOUND',
    });

    const paid = await handlers().createSale({ value: 800 });
    await handlers().simulatePayment({ correlationID: paid.correlationID });
    await expect(handlers().cancelSale({ correlationID: paid.correlationID })).rejects.toMatchObject({
      code: 'SALE_ALREADY_PAID',
    });
    expect((await handlers().getSale({ correlationID: paid.correlationID })).status).toBe('COMPLETED');
  });

  it('refuses to refund or re-pay a sale that is not in the right state', async () => {
    const sale = await handlers().createSale({ value: 900 });
    await expect(
      handlers().refundSale({ correlationID: sale.correlationID, value: 100, reason: 'x' }),
    ).rejects.toMatchObject({ code: 'SALE_NOT_PAID' });
    await handlers().simulatePayment({ correlationID: sale.correlationID });
    await expect(handlers().simulatePayment({ correlationID: sale.correlationID })).rejects.toMatchObject({
      code: 'SALE_NOT_WAITING',
      details: { context: 'pay' },
    });
  });

  it('passes comment and customer through, and asks for a contact with a customer name', async () => {
    const sale = await handlers().createSale({
      value: 1500,
      customer: { name: 'Maria Silva', email: 'maria@example.com' },
    });
    expect(sale.customer).toEqual({ name: 'Maria Silva', email: 'maria@example.com' });
    const nameOnly = handlers().createSale({ value: 1500, customer: { name: 'Só Nome' } });
    await expect(nameOnly).rejects.toBeInstanceOf(CounterError);
    await expect(nameOnly).rejects.toMatchObject({ code: 'CUSTOMER_CONTACT_REQUIRED' });
  });

  it('turns a service refusal into SERVICE_REFUSED, and keeps the refused sale with its reason', async () => {
    const ok = await handlers().createSale({ value: 4321 });
    // The service rejects an invalid CPF: a 400 in the cashier's words.
    const refused = handlers().createSale({ value: 4321, customer: { name: 'Ana', taxID: '111.111.111-11' } });
    await expect(refused).rejects.toMatchObject({
      name: 'CounterError',
      code: 'SERVICE_REFUSED',
      details: { reason: expect.stringMatching(/^O serviço Pix recusou a cobrança: /) },
    });
    const { sales } = await handlers().listSales({});
    const rejected = sales.find((sale) => sale.correlationID !== ok.correlationID)!;
    expect(rejected).toMatchObject({
      status: 'REJECTED',
      value: 4321,
      sync: { queued: 0, rejected: expect.stringMatching(/recusou/) },
    });
    expect(rejected.brCode).toBeUndefined();
    expect(sales.find((sale) => sale.correlationID === ok.correlationID)).toMatchObject({
      status: 'ACTIVE',
      sync: { queued: 0 },
    });
    expect((await handlers().getStatus()).queued).toBe(0);
  });

  it('keeps the AppID write-only and round-trips the other settings', async () => {
    const defaults = await handlers().getSettings();
    expect(defaults).toMatchObject({
      mode: 'embedded',
      merchantName: 'Balcão Sandbox',
      merchantCity: 'São Paulo',
      receiptLayout: 'thermal80',
      locale: 'pt-BR',
      customerDisplay: false,
      hasAppId: false,
    });

    const input = counterMethods.saveSettings.input.parse({
      merchantName: 'Padaria Pão Dourado',
      merchantCity: 'Campinas',
      pixKey: 'padaria@example.com',
      receiptHeader: { title: 'Pão Dourado', lines: ['Rua das Flores, 10'] },
      receiptLayout: 'a4',
      locale: 'en',
      customerDisplay: true,
      appId: 'segredo-do-app-id',
    });
    const saved = await handlers().saveSettings(input);
    expect(saved).toMatchObject({
      merchantName: 'Padaria Pão Dourado',
      receiptLayout: 'a4',
      locale: 'en',
      hasAppId: true,
    });
    expect(JSON.stringify(saved)).not.toContain('segredo-do-app-id');
    expect(JSON.stringify(await handlers().getSettings())).not.toContain('segredo-do-app-id');
    expect(JSON.stringify(await handlers().getStatus())).not.toContain('segredo-do-app-id');
    // The secret went to the SecretStore, never into the settings file.
    expect(fixture.secrets.value).toBe('segredo-do-app-id');
    expect(readFileSync(join(fixture.dataDir, 'settings.json'), 'utf8')).not.toContain('segredo-do-app-id');

    // A new runtime on the same folder reads the same settings back.
    const secrets = fixture.secrets.value;
    await fixture.runtime.close();
    const reopened = openRuntime({ dataDir: fixture.dataDir });
    reopened.secrets.value = secrets;
    fixture = reopened;
    expect(await handlers().getSettings()).toEqual(saved);

    // An empty AppID clears it.
    expect((await handlers().saveSettings({ appId: '' })).hasAppId).toBe(false);
  });

  it('refuses a remote mode without its base URL or AppID, changing nothing', async () => {
    await expect(handlers().saveSettings({ mode: 'production' })).rejects.toMatchObject({
      code: 'BASE_URL_REQUIRED',
    });
    await expect(
      handlers().saveSettings({ mode: 'remote-sandbox', baseUrl: 'https://sandbox.example.com' }),
    ).rejects.toMatchObject({
      code: 'APP_ID_REQUIRED',
    });
    expect((await handlers().getSettings()).mode).toBe('embedded');
    expect((await handlers().getStatus()).mode).toBe('embedded');
  });

  it.each(['production', 'remote-sandbox'] as const)(
    'in %s mode without its AppID (lost at a restart) sells nothing, and never on the embedded sandbox',
    async (mode) => {
      // No such service on the test machine: saved past the connection test, as the owner may.
      await handlers().saveSettings({
        mode,
        baseUrl: 'https://api.example.com',
        appId: 'Q2xpZW50X0lk',
        saveUnreachable: true,
      });
      await fixture.runtime.close();
      // A memory-only secret store starts empty, as Electron's does without a keychain.
      fixture = openRuntime({ dataDir: fixture.dataDir });
      const charges = () =>
        fixture.runtime.sandbox.engine.db.prepare('SELECT COUNT(*) AS n FROM charges').get() as { n: number };
      const before = charges().n;

      expect(await handlers().getStatus()).toMatchObject({ mode, ready: false });
      const refused = handlers().createSale({ value: 1234 });
      await expect(refused).rejects.toBeInstanceOf(CounterError);
      await expect(refused).rejects.toMatchObject({
        code: 'SERVICE_NOT_CONFIGURED',
        details: { mode, missing: ['appId'] },
      });
      await expect(handlers().listSales({})).rejects.toMatchObject({ code: 'SERVICE_NOT_CONFIGURED' });
      expect(charges().n).toBe(before);
    },
  );

  it('answers the status and prints nothing where there is no printer', async () => {
    // The account's Pix keys are read in the background once the service is chosen.
    await until(async () => (await handlers().getStatus()).offline.confirmedKey);
    expect(await handlers().getStatus()).toEqual({
      mode: 'embedded',
      online: true,
      connection: 'online',
      queued: 0,
      queuedElsewhere: 0,
      merchantName: 'Balcão Sandbox',
      ready: true,
      // The embedded sandbox's own key is the confirmed one (it never goes offline, but says so).
      offline: {
        enabled: true,
        confirmedKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
        unconfirmedCount: 0,
        unconfirmedValue: 0,
        reviewCount: 0,
      },
    });
    expect(await handlers().listPrinters()).toEqual([]);
    const sale = await handlers().createSale({ value: 100 });
    const paid = await handlers().simulatePayment({ correlationID: sale.correlationID });
    expect(
      await handlers().printReceipt({
        correlationID: sale.correlationID,
        kind: 'pix-in',
        endToEndId: paid.endToEndId!,
        layout: 'thermal80',
      }),
    ).toEqual({
      printed: false,
      reason: 'sem impressora nos testes',
    });
  });

  it('tells the screens when an unpaid sale expires, with nobody asking', async () => {
    await fixture.dispose();
    const clock = new ManualClock(new Date());
    fixture = openRuntime({ clock });
    const events: CounterEvent[] = [];
    fixture.runtime.events.subscribe((event) => events.push(event));
    const sale = await handlers().createSale({ value: 100 });
    clock.advance(15 * 60 * 1000 + 1);
    const expired = await until(() => events.find((e) => e.type === 'sale-updated' && e.sale.status === 'EXPIRED'));
    expect(expired.type === 'sale-updated' && expired.sale.correlationID).toBe(sale.correlationID);
  });
});
