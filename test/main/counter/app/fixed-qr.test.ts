// "QR fixo do caixa" (issue 36) on a real runtime with the embedded sandbox: what a sale's charge
// asks for (fixedLocation and the till's paymentLinkID only with the setting on), one printed code
// paying sale after sale, each to its own charge, an earlier sale still waiting superseded by the
// next (the sticker never pays it), the sticker's code asked of the service before any sale (and
// that registration charge gone at once), "Novo QR fixo", and the sticker on the virtual printer
// and as an A4 PDF.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeBrCode } from '#lib/pix';
import type { Sale } from '#shared/counter/counter-api';
import { sheetText } from '#test/support/escpos-decoder';
import { readPng } from '#test/support/png-raster';
import { savePaperPng } from '#test/support/virtual-paper-png';
import { startVirtualPrinter, type VirtualPrinter } from '#test/support/virtual-printer';
import { PAPER_ARTIFACTS, printerSettings, SAMPLE_PAYER } from '../printing/paper-fixtures';
import { openRuntime, until, type RuntimeFixture } from './runtime-fixture';

const ARTIFACTS = join(import.meta.dirname, '..', '..', '..', '..', 'test-artifacts', 'fixed-qr');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let fixture: RuntimeFixture;
beforeEach(() => {
  fixture = openRuntime();
});
afterEach(async () => {
  await fixture.dispose();
});

const api = () => fixture.runtime.api;

/** The body the counter asked the service to create this sale's charge with (its outbox). */
function createBody(sale: Sale): Record<string, unknown> {
  const row = fixture.runtime.counterDb
    .prepare<[string], { body_json: string }>("SELECT body_json FROM commands WHERE sale_id = ? AND kind = 'create'")
    .get(sale.correlationID)!;
  return JSON.parse(row.body_json) as Record<string, unknown>;
}

/** A payer's bank pays this code (whatever charge its location serves now). */
async function bankPays(brCode: string) {
  const { sandbox } = fixture.runtime;
  return sandbox.engine.call(sandbox.appId, 'sandboxPayBrCode', { body: { brCode, payer: SAMPLE_PAYER } }) as Promise<{
    charge: { correlationID: string; value: number; status: string };
  }>;
}

const paid = (sale: Sale) =>
  until(async () => {
    const now = await api().getSale({ correlationID: sale.correlationID });
    return now.status === 'COMPLETED' && now.endToEndId ? now : undefined;
  });

describe("a sale's charge and the till's fixed QR", () => {
  it('carries fixedLocation and the till’s paymentLinkID only with the setting on', async () => {
    const plain = await api().createSale({ value: 500 });
    expect(createBody(plain)).not.toHaveProperty('fixedLocation');
    expect(createBody(plain)).not.toHaveProperty('paymentLinkID');
    expect(await api().getFixedQr()).toEqual({ enabled: false, tillName: 'Caixa 1' });

    await api().saveSettings({ fixedQr: true });
    await bankPays(plain.brCode!);
    const first = await api().createSale({ value: 1000 });
    const linkID = createBody(first).paymentLinkID as string;
    expect(createBody(first)).toMatchObject({ fixedLocation: true, paymentLinkID: expect.stringMatching(UUID) });
    await bankPays(first.brCode!);
    const second = await api().createSale({ value: 2000 });
    // The same link, sale after sale: the till keeps one.
    expect(createBody(second)).toMatchObject({ fixedLocation: true, paymentLinkID: linkID });
    expect(await api().getFixedQr()).toEqual({
      enabled: true,
      paymentLinkID: linkID,
      brCode: first.brCode,
      tillName: 'Caixa 1',
    });

    // Only what the published document declares for a charge's creation (ChargePayload).
    const documented = Object.keys(
      (
        JSON.parse(readFileSync(join(import.meta.dirname, '../../../../resources/woovi-openapi.json'), 'utf8')) as {
          components: { schemas: { ChargePayload: { properties: Record<string, unknown> } } };
        }
      ).components.schemas.ChargePayload.properties,
    );
    for (const key of Object.keys(createBody(second))) expect(documented).toContain(key);

    await api().saveSettings({ fixedQr: false });
    await bankPays(second.brCode!);
    const after = await api().createSale({ value: 700 });
    expect(createBody(after)).not.toHaveProperty('fixedLocation');
    expect(after.brCode).not.toBe(first.brCode);
  });
});

describe('one printed code pays the till’s sales', () => {
  it('pays two sales in a row, each to its own charge, and nothing twice', async () => {
    await api().saveSettings({ fixedQr: true });
    const first = await api().createSale({ value: 1250 });
    const sticker = first.brCode!;
    // A code shared by sales of any value names none: the bank reads it from the location.
    expect(decodeBrCode(sticker).pointOfInitiation).toBe('DYNAMIC');
    expect(decodeBrCode(sticker).amountCents).toBeUndefined();
    expect((await bankPays(sticker)).charge).toMatchObject({ correlationID: first.correlationID, value: 1250 });
    const firstPaid = await paid(first);

    const second = await api().createSale({ value: 4590 });
    expect(second.brCode).toBe(sticker);
    expect((await bankPays(sticker)).charge).toMatchObject({ correlationID: second.correlationID, value: 4590 });
    const secondPaid = await paid(second);

    expect(firstPaid).toMatchObject({ status: 'COMPLETED', value: 1250 });
    expect(secondPaid).toMatchObject({ status: 'COMPLETED', value: 4590 });
    expect(secondPaid.endToEndId).not.toBe(firstPaid.endToEndId);
    // Paid already: the code pays nothing more, and neither sale changes.
    await expect(bankPays(sticker)).rejects.toThrow();
    expect(await api().getSale({ correlationID: first.correlationID })).toMatchObject({
      status: 'COMPLETED',
      endToEndId: firstPaid.endToEndId,
    });
    expect(await api().getSale({ correlationID: second.correlationID })).toMatchObject({
      status: 'COMPLETED',
      endToEndId: secondPaid.endToEndId,
    });
    const { sandbox } = fixture.runtime;
    const transactions = (await sandbox.engine.call(sandbox.appId, 'listTransactions', { query: {} })) as {
      transactions: { endToEndId: string; charge?: { correlationID: string } | null }[];
    };
    expect(
      transactions.transactions
        .filter((transaction) => transaction.charge)
        .map((transaction) => transaction.charge!.correlationID)
        .sort(),
    ).toEqual([first.correlationID, second.correlationID].sort());
  });

  it('cancels an earlier sale still waiting when the next is made: the code pays the new one, never the old', async () => {
    await api().saveSettings({ fixedQr: true });
    const first = await api().createSale({ value: 1000 });
    const second = await api().createSale({ value: 2000 });
    expect(second.brCode).toBe(first.brCode);
    // Cancelled at the counter with the new sale, and its charge deleted at the service.
    expect(await api().getSale({ correlationID: first.correlationID })).toMatchObject({ status: 'CANCELLED' });
    const { sandbox } = fixture.runtime;
    await until(async () => {
      try {
        await sandbox.engine.call(sandbox.appId, 'getCharge', { params: { id: first.correlationID } });
        return undefined;
      } catch {
        return true;
      }
    });
    expect((await bankPays(first.brCode!)).charge).toMatchObject({ correlationID: second.correlationID, value: 2000 });
    await paid(second);
    expect(await api().getSale({ correlationID: first.correlationID })).toMatchObject({ status: 'CANCELLED' });
    // "Mostrar QR" cannot bring the old one back.
    await expect(api().setSaleOnScreen({ correlationID: first.correlationID })).rejects.toMatchObject({
      code: 'SALE_NOT_WAITING',
    });
  });
});

describe('the sticker', () => {
  let printer: VirtualPrinter;
  beforeEach(async () => {
    printer = await startVirtualPrinter();
  });
  afterEach(async () => {
    await printer.close();
  });

  it('asks the service for the code before any sale, and the next sale is behind it', async () => {
    await api().saveSettings({
      fixedQr: true,
      merchantName: 'Padaria Pão Quente',
      ...printerSettings(printer.address),
    });
    expect(await api().printFixedQr({})).toMatchObject({ printed: true });
    const state = await api().getFixedQr();
    expect(state.brCode).toBeDefined();
    const sheet = printer.sheets().at(-1)!;
    const text = sheetText(sheet).replace(/\u00a0/g, ' ');
    expect(text).toContain('Padaria Pão Quente');
    expect(text).toContain('Pague com Pix aqui');
    expect(text).toContain('Caixa 1');
    expect(sheet.filter((block) => block.kind === 'qr')).toEqual([{ kind: 'qr', payload: state.brCode, via: 'gs-k' }]);
    mkdirSync(PAPER_ARTIFACTS, { recursive: true });
    await savePaperPng([sheet], join(PAPER_ARTIFACTS, 'fixed-qr-sticker.png'));

    // The charge that got the code was deleted at once: the sticker pays nothing yet, and the
    // service lists no charge the counter did not make.
    await expect(bankPays(state.brCode!)).rejects.toThrow();
    const { sandbox } = fixture.runtime;
    const charges = (await sandbox.engine.call(sandbox.appId, 'listCharges', { query: {} })) as {
      charges: unknown[];
    };
    expect(charges.charges).toEqual([]);

    const sale = await api().createSale({ value: 3300 });
    expect(sale.brCode).toBe(state.brCode);
    expect((await bankPays(state.brCode!)).charge).toMatchObject({ correlationID: sale.correlationID, value: 3300 });
    await paid(sale);
    // Printed again: the code is known, nothing is asked of the service.
    expect(await api().printFixedQr({})).toMatchObject({ printed: true });
    const stickers = printer
      .sheets()
      .filter((printed) => printed.some((block) => block.kind === 'qr' && block.payload === state.brCode));
    expect(stickers).toHaveLength(2);
  });

  it('saves the A4 page with the shop’s name, the till and the QR', async () => {
    await api().saveSettings({ fixedQr: true, merchantName: 'Mercearia São João' });
    const file = await api().getFixedQrPdf({});
    expect(file.fileName).toBe('qr-fixo-caixa-1.pdf');
    mkdirSync(ARTIFACTS, { recursive: true });
    const path = join(ARTIFACTS, file.fileName);
    writeFileSync(path, Buffer.from(file.pdfBase64, 'base64'));
    const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
    expect(text).toContain('Mercearia São João');
    expect(text).toContain('Pague com Pix aqui');
    expect(text).toContain('Caixa 1');
    expect(text).toContain('aparece na tela do caixa');
    // The page as a phone's camera would see it: its QR reads back as the till's code.
    execFileSync('pdftoppm', ['-png', '-r', '100', '-singlefile', path, join(ARTIFACTS, 'qr-fixo-a4')]);
    const raster = readPng(readFileSync(join(ARTIFACTS, 'qr-fixo-a4.png')));
    const rgba = new Uint8ClampedArray(raster.width * raster.height * 4);
    for (let y = 0; y < raster.height; y++)
      for (let x = 0; x < raster.width; x++) {
        const at = (y * raster.width + x) * 4;
        rgba[at] = rgba[at + 1] = rgba[at + 2] = raster.dark(x, y) ? 0 : 255;
        rgba[at + 3] = 255;
      }
    const { brCode } = await api().getFixedQr();
    expect(jsQR(rgba, raster.width, raster.height)?.data).toBe(brCode);
  });

  it('"Novo QR fixo": the next sale has another code, and the old sticker does not pay it', async () => {
    await api().saveSettings({ fixedQr: true });
    const before = await api().createSale({ value: 800 });
    await bankPays(before.brCode!);
    await paid(before);
    const old = await api().getFixedQr();
    const renewed = await api().renewFixedQr({});
    expect(renewed.paymentLinkID).toMatch(UUID);
    expect(renewed.paymentLinkID).not.toBe(old.paymentLinkID);
    expect(renewed.brCode).toBeUndefined();
    const sale = await api().createSale({ value: 900 });
    expect(sale.brCode).not.toBe(before.brCode);
    await expect(bankPays(before.brCode!)).rejects.toThrow();
    expect((await api().getSale({ correlationID: sale.correlationID })).status).toBe('ACTIVE');
    expect((await bankPays(sale.brCode!)).charge).toMatchObject({ correlationID: sale.correlationID, value: 900 });
  });
});
