// "QR fixo do caixa" (issue 36) against `npm run serve -- --strict` as its own process: the
// service as its published document has it (fixedLocation and paymentLinkID are both on POST
// /api/v1/charge there). The counter in the remote sandbox mode prints its sticker on the virtual
// printer (the code asked of the service before any sale), and the payer's bank, through the
// strict service's Pix network, pays that one printed BR Code for two sales in a row, each to its
// own charge; an earlier sale still waiting is cancelled by the next, and the code never pays it;
// offline, a sale shows its own static code, which the sticker does not pay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale } from '#shared/counter/counter-api';
import { getRemoteCharge, payBrCode } from '#test/support/remote-api';
import { startRemote, type RemoteProcess } from '#test/support/remote-process';
import { sheetText } from '#test/support/escpos-decoder';
import { startVirtualPrinter, type VirtualPrinter } from '#test/support/virtual-printer';
import { printerSettings } from '../printing/paper-fixtures';
import { openRuntime, until, type RuntimeFixture } from './runtime-fixture';

let remote: RemoteProcess;
let printer: VirtualPrinter;
let counter: RuntimeFixture;

beforeAll(async () => {
  [remote, printer] = await Promise.all([startRemote({ strict: true }), startVirtualPrinter()]);
  counter = openRuntime({ sync: { healthIntervalMs: 200 } });
});

afterAll(async () => {
  await counter?.dispose();
  await Promise.all([remote?.dispose(), printer?.close()]);
});

const api = () => counter.runtime.api;

/** The sale once the service answered it: its code on screen. */
const withCode = (sale: Sale) =>
  until(async () => {
    const now = await api().getSale({ correlationID: sale.correlationID });
    return now.status === 'ACTIVE' && now.brCode ? now : undefined;
  }, 10_000);

const paid = (sale: Sale) =>
  until(async () => {
    const now = await api().getSale({ correlationID: sale.correlationID });
    return now.status === 'COMPLETED' && now.endToEndId ? now : undefined;
  }, 10_000);

/** The customer's bank pays the printed code through the strict service's Pix network. */
const bankPays = (brCode: string) => payBrCode(remote, brCode);

describe('the till’s fixed QR against the strict service', () => {
  it('one printed BR Code pays two sales in a row, each to its own charge', async () => {
    await api().saveSettings({
      mode: 'remote-sandbox',
      baseUrl: remote.url,
      appId: remote.appId,
      merchantName: 'Empório Dois Irmãos',
      fixedQr: true,
      ...printerSettings(printer.address, { printWhenPaid: false }),
    });

    // The sticker first, before any sale: its code is the service's, for the till's link.
    expect(await api().printFixedQr({})).toMatchObject({ printed: true });
    const { brCode: sticker } = await api().getFixedQr();
    expect(sticker).toBeDefined();
    const sheet = printer.sheets().at(-1)!;
    expect(sheetText(sheet).replace(/\u00a0/g, ' ')).toContain('Empório Dois Irmãos');
    expect(sheet.filter((block) => block.kind === 'qr').map((block) => block.kind === 'qr' && block.payload)).toEqual([
      sticker,
    ]);
    // Nothing behind it yet: the charge that got the code was deleted.
    expect((await bankPays(sticker!)).status).not.toBe(200);

    const first = await withCode(await api().createSale({ value: 1250 }));
    expect(first.brCode).toBe(sticker);
    expect((await bankPays(sticker!)).status).toBe(200);
    const firstPaid = await paid(first);

    const second = await withCode(await api().createSale({ value: 4590 }));
    expect(second.brCode).toBe(sticker);
    expect((await bankPays(sticker!)).status).toBe(200);
    const secondPaid = await paid(second);

    expect(firstPaid).toMatchObject({ status: 'COMPLETED', value: 1250 });
    expect(secondPaid).toMatchObject({ status: 'COMPLETED', value: 4590 });
    expect(secondPaid.endToEndId).not.toBe(firstPaid.endToEndId);
    // At the service: two charges, each paid once, for its own value.
    const [firstCharge, secondCharge] = await Promise.all([
      getRemoteCharge(remote, first.correlationID),
      getRemoteCharge(remote, second.correlationID),
    ]);
    expect(firstCharge.charge).toMatchObject({ status: 'COMPLETED', value: 1250 });
    expect(secondCharge.charge).toMatchObject({ status: 'COMPLETED', value: 4590 });
    // Both paid: the code pays nothing more.
    expect((await bankPays(sticker!)).status).not.toBe(200);
  });

  it('a sale made while another waits takes the code over: the code pays the new one, never the old', async () => {
    const { brCode: sticker } = await api().getFixedQr();
    const earlier = await withCode(await api().createSale({ value: 700 }));
    const next = await withCode(await api().createSale({ value: 800 }));
    expect(next.brCode).toBe(sticker);
    expect(await api().getSale({ correlationID: earlier.correlationID })).toMatchObject({ status: 'CANCELLED' });
    // The earlier charge is deleted at the service (the cancel goes out at once).
    await until(async () => ((await getRemoteCharge(remote, earlier.correlationID)).status !== 200 ? true : undefined));
    expect((await bankPays(sticker!)).status).toBe(200);
    expect(await paid(next)).toMatchObject({ value: 800 });
    expect(await api().getSale({ correlationID: earlier.correlationID })).toMatchObject({ status: 'CANCELLED' });
  });

  it('offline, a sale shows its own static code, which the sticker does not pay', async () => {
    const { brCode: sticker } = await api().getFixedQr();
    await until(async () => ((await api().getStatus()).offline.readyCodes ?? 0) >= 1 || undefined, 15_000);
    await remote.stop();
    try {
      await until(async () => ((await api().getStatus()).online ? undefined : true), 10_000);
      const offline = await api().createSale({ value: 990 });
      expect(offline.status).toBe('OFFLINE');
      expect(offline.brCode).toBeDefined();
      expect(offline.brCode).not.toBe(sticker);
    } finally {
      await remote.start();
    }
  });
});
