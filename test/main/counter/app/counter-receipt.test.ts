// The counter's own receipts on a real runtime (real engine, real SQLite, the sandbox's real HTTP
// server for the remote modes), read back with poppler's pdftotext.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReceiptFile, ReceiptRequest, Sale, SettingsInput } from '#shared/counter/counter-api';
import { counterReceiptData } from '#counter/app/counter-receipt';
import { CounterError } from '#shared/counter/counter-errors';
import { formatCnpj } from '#lib/receipts';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { ALL_SCOPES } from '#service/engine/operations';
import { ARTIFACTS, pdfText, savePdf } from '../../lib/receipts/fixtures';
import { openRuntime, until, type RuntimeFixture } from './runtime-fixture';

let fixture: RuntimeFixture;
let requested: string[];
beforeEach(() => {
  requested = [];
  // The real fetch, only listened to: which service paths the remote modes asked for.
  const listening: typeof fetch = (input, init) => {
    requested.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
    return fetch(input, init);
  };
  fixture = openRuntime({ fetch: listening });
});
afterEach(async () => {
  await fixture.dispose();
});

const handlers = () => fixture.runtime.api;
const sandbox = () => fixture.runtime.sandbox;

const SHOP: SettingsInput = {
  merchantName: 'Padaria Pão Dourado',
  pixKey: 'caixa@paodourado.com.br',
  receiptHeader: { title: 'Pão Dourado', lines: ['Rua das Flores, 10 — Centro', 'Campinas/SP · (19) 3232-1010'] },
};
const PAYER = { name: 'Maria das Graças Souza', taxID: '52998224725' };
const SANDBOX_BANNER = 'AMBIENTE DE TESTES — sem valor';

async function company() {
  return (await sandbox().engine.call(sandbox().appId, 'getCompany')).company;
}

/** A sale paid by a named customer, through the sandbox as her bank would pay it, once the counter's store knows it. */
async function paidSale(value: number, comment?: string): Promise<Sale> {
  const sale = await handlers().createSale({ value, ...(comment ? { comment } : {}) });
  await sandbox().engine.call(sandbox().appId, 'sandboxPayBrCode', { body: { brCode: sale.brCode, payer: PAYER } });
  return settled(sale.correlationID);
}

/** The sale as the counter's store has it once the payment record (for the receipt) arrived. */
function settled(correlationID: string): Promise<Sale> {
  return until(async () => {
    const sale = await handlers().getSale({ correlationID });
    return sale.endToEndId && sale.refunds.every((refund) => refund.endToEndId) ? sale : undefined;
  });
}

function paymentOf(sale: Sale, layout: ReceiptRequest['layout'] = 'thermal80'): ReceiptRequest {
  return { correlationID: sale.correlationID, kind: 'pix-in', endToEndId: sale.endToEndId!, layout };
}

function bytesOf(file: ReceiptFile): Buffer {
  return Buffer.from(file.pdfBase64, 'base64');
}

function textOf(name: string, file: ReceiptFile): string {
  return pdfText(savePdf(name, bytesOf(file)));
}

function flat(text: string): string {
  return text.replace(/\s+/g, '');
}

function firstLine(text: string): string {
  return text
    .split('\n')
    .find((line) => line.trim() !== '')!
    .trim();
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

describe("the counter's payment receipt", () => {
  it("prints the shop's header, the payer, the value and the ids, on 80 mm and A4", async () => {
    await handlers().saveSettings(SHOP);
    const sale = await paidSale(1234, 'Café e pão de queijo');
    const { officialName, taxID } = await company();

    for (const layout of ['thermal80', 'a4'] as const) {
      const file = await handlers().getReceipt(paymentOf(sale, layout));
      expect(file.fileName).toBe(`comprovante-pix-${sale.endToEndId}-${layout}.pdf`);
      const text = textOf(`counter-pix-in-${layout}`, file);
      // The header is the shop's, from the settings: not the service's trade name.
      expect(firstLine(text)).toBe('Pão Dourado');
      expect(text).toContain('Rua das Flores, 10 — Centro');
      expect(text).toContain('Campinas/SP · (19) 3232-1010');
      expect(text).toContain(`CNPJ ${formatCnpj(taxID)}`);
      expect(text).toContain('Comprovante de Pix recebido');
      expect(text).toContain('R$ 12,34');
      expect(text).toContain('Maria das Graças Souza');
      expect(text).toContain('***.982.247-**');
      expect(text).not.toContain(PAYER.taxID);
      // The payer's bank is not in the service's documented Transaction: the counter does not print it.
      expect(text).not.toContain('BCO DO BRASIL S.A.');
      expect(text).toContain(officialName);
      expect(text).toContain('caixa@paodourado.com.br');
      // The payer's own message wins over the sale's comment.
      expect(text).toContain('OpenPix testing');
      expect(text).toContain(SANDBOX_BANNER);
      expect(flat(text)).toContain(sale.endToEndId);
      expect(flat(text)).toContain(sale.correlationID);
      // Payer first, then the shop.
      expect(text.indexOf('Maria das Graças Souza')).toBeLessThan(text.indexOf(officialName));
    }
    rasterize('counter-pix-in-thermal80');
    rasterize('counter-pix-in-a4');
  });

  it('prints on a roll 80 mm wide and on an A4 page', async () => {
    const sale = await paidSale(500);
    const size = async (layout: ReceiptRequest['layout']) =>
      (await PDFDocument.load(bytesOf(await handlers().getReceipt(paymentOf(sale, layout))))).getPage(0).getSize();
    const thermal = await size('thermal80');
    expect(thermal.width).toBeCloseTo((80 / 25.4) * 72, 1);
    expect(thermal.height).toBeGreaterThan(300);
    expect(await size('a4')).toMatchObject({ width: expect.closeTo(595.28, 1), height: expect.closeTo(841.89, 1) });
  });

  it('names the shop by its merchant name without a header title, and keeps a CNPJ the shop wrote itself', async () => {
    const { taxID } = await company();
    await handlers().saveSettings({
      merchantName: 'Mercadinho da Esquina',
      receiptHeader: { lines: [`CNPJ: ${taxID}`] },
    });
    const text = textOf('counter-own-cnpj', await handlers().getReceipt(paymentOf(await paidSale(990))));
    expect(firstLine(text)).toBe('Mercadinho da Esquina');
    expect(text).toContain(`CNPJ: ${taxID}`);
    // Formatted once only: in the receiver's rows, not again as a header line.
    expect(occurrences(text, formatCnpj(taxID))).toBe(1);
  });

  it("speaks the settings' language", async () => {
    await handlers().saveSettings({ locale: 'en' });
    const text = textOf('counter-pix-in-en', await handlers().getReceipt(paymentOf(await paidSale(700))));
    expect(text).toContain('Pix payment received');
    expect(text).toContain('TEST ENVIRONMENT');
    expect(text).not.toContain('Pagador');
  });
});

describe("the counter's refund receipt", () => {
  it('prints the refund: the shop pays the customer back, under the original payment', async () => {
    await handlers().saveSettings(SHOP);
    const sale = await paidSale(1234);
    await handlers().refundSale({ correlationID: sale.correlationID, value: 234, reason: 'Troca do pão' });
    const refund = (await settled(sale.correlationID)).refunds[0]!;
    const { officialName } = await company();

    const file = await handlers().getReceipt({
      correlationID: sale.correlationID,
      kind: 'pix-refund',
      endToEndId: refund.endToEndId!,
      layout: 'a4',
    });
    expect(file.fileName).toBe(`comprovante-devolucao-${refund.endToEndId}-a4.pdf`);
    const text = textOf('counter-pix-refund-a4', file);
    expect(firstLine(text)).toBe('Pão Dourado');
    expect(text).toContain('Rua das Flores, 10 — Centro');
    expect(text).toContain('Comprovante de devolução Pix');
    expect(text).toContain('R$ 2,34');
    expect(text).toContain('Troca do pão');
    expect(flat(text)).toContain(refund.endToEndId!);
    expect(flat(text)).toContain(`IDdatransaçãooriginal${sale.endToEndId}`);
    expect(flat(text)).toContain(sale.correlationID);
    // The shop is the payer now, the customer the receiver.
    expect(text.indexOf(officialName)).toBeLessThan(text.indexOf('Maria das Graças Souza'));
    expect(text.indexOf('Pagador')).toBeLessThan(text.indexOf(officialName));
    expect(text.indexOf('Recebedor')).toBeLessThan(text.indexOf('Maria das Graças Souza'));
  });
});

describe('a receipt under the wrong sale', () => {
  it("is refused with a 404: another sale's payment or refund, a refund asked as a payment, an unpaid sale", async () => {
    const mine = await paidSale(1000);
    const theirs = await paidSale(2000);
    await handlers().refundSale({ correlationID: theirs.correlationID, value: 100, reason: 'x' });
    const theirRefund = (await settled(theirs.correlationID)).refunds[0]!;
    const unpaid = await handlers().createSale({ value: 300 });

    const refused: ReceiptRequest[] = [
      { correlationID: mine.correlationID, kind: 'pix-in', endToEndId: theirs.endToEndId!, layout: 'thermal80' },
      {
        correlationID: mine.correlationID,
        kind: 'pix-refund',
        endToEndId: theirRefund.endToEndId!,
        layout: 'thermal80',
      },
      { correlationID: theirs.correlationID, kind: 'pix-in', endToEndId: theirRefund.endToEndId!, layout: 'a4' },
      { correlationID: theirs.correlationID, kind: 'pix-refund', endToEndId: theirs.endToEndId!, layout: 'a4' },
      { correlationID: unpaid.correlationID, kind: 'pix-in', endToEndId: mine.endToEndId!, layout: 'a4' },
    ];
    for (const request of refused) {
      const answer = handlers().getReceipt(request);
      await expect(answer, JSON.stringify(request)).rejects.toBeInstanceOf(CounterError);
      await expect(answer).rejects.toMatchObject({ code: 'RECEIPT_NOT_FOUND' });
    }
    await expect(handlers().printReceipt(refused[0]!)).rejects.toMatchObject({ code: 'RECEIPT_NOT_FOUND' });
    await expect(
      handlers().getReceipt({ ...paymentOf(mine), correlationID: 'balcao-nao-existe' }),
    ).rejects.toMatchObject({ code: 'SALE_NOT_FOUND' });
    // Each under its own sale, they print.
    expect(bytesOf(await handlers().getReceipt(paymentOf(theirs))).length).toBeGreaterThan(1000);
  });
});

describe('receipts in the remote modes', () => {
  it('prints from the records the counter keeps, with no request to the service at print time', async () => {
    await handlers().saveSettings(SHOP);
    const baseUrl = await sandbox().listen(0);
    await handlers().saveSettings({ mode: 'remote-sandbox', baseUrl, appId: sandbox().appId });
    const sale = await paidSale(1234, 'Café');
    await handlers().refundSale({ correlationID: sale.correlationID, value: 234, reason: 'Troca' });
    const refund = (await settled(sale.correlationID)).refunds[0]!;
    expect(await fixture.runtime.sync.company()).toMatchObject({ taxID: (await company()).taxID });

    const before = requested.length;
    const payment = textOf('counter-pix-in-remote', await handlers().getReceipt(paymentOf(sale, 'thermal80')));
    const refundText = textOf(
      'counter-pix-refund-remote',
      await handlers().getReceipt({
        correlationID: sale.correlationID,
        kind: 'pix-refund',
        endToEndId: refund.endToEndId!,
        layout: 'a4',
      }),
    );
    expect(requested.length).toBe(before);
    expect(payment).toContain(SANDBOX_BANNER);
    expect(payment).toContain('R$ 12,34');
    expect(payment).toContain(`CNPJ ${formatCnpj((await company()).taxID)}`);
    expect(refundText).toContain('R$ 2,34');
    // The service's own receipt is never asked for, and the company twice: by the connection test
    // the save ran first, and once for the receipt header.
    expect(requested.filter((path) => path.startsWith('/api/v1/receipt/'))).toEqual([]);
    expect(requested.filter((path) => path === '/api/v1/company')).toHaveLength(2);
  });

  it('names the shop by its settings when the AppID may not read the company', async () => {
    await handlers().saveSettings(SHOP);
    const scopes = ALL_SCOPES.filter((scope) => scope !== 'COMPANY_GET');
    const { appId } = createSandboxCompany(sandbox().engine.db, new Date(), {
      officialName: 'Outra Empresa LTDA',
      scopes,
    });
    const baseUrl = await sandbox().listen(0);
    await handlers().saveSettings({ mode: 'remote-sandbox', baseUrl, appId });
    const created = await handlers().createSale({ value: 640 });
    await handlers().simulatePayment({ correlationID: created.correlationID });
    const sale = await settled(created.correlationID);

    const text = textOf('counter-no-company-scope', await handlers().getReceipt(paymentOf(sale)));
    expect(firstLine(text)).toBe('Pão Dourado');
    expect(text).toContain('Padaria Pão Dourado');
    expect(text).not.toContain('Outra Empresa LTDA');
    expect(text).not.toMatch(/CNPJ \d/);
    expect(requested.filter((path) => path === '/api/v1/company').length).toBeGreaterThanOrEqual(1);
  });

  it('prints no test banner in production, and prints nothing at all once production has lost its AppID', async () => {
    const baseUrl = await sandbox().listen(0);
    await handlers().saveSettings({ mode: 'production', baseUrl, appId: sandbox().appId });
    const sale = await paidSale(1500);
    const production = textOf('counter-pix-in-production', await handlers().getReceipt(paymentOf(sale)));
    expect(production).toContain('R$ 15,00');
    expect(production).not.toContain(SANDBOX_BANNER);

    // An AppID kept in memory only is gone after a restart. The sale's records are at the
    // remote, which the counter can no longer reach: no receipt, and a reason to set up.
    await fixture.runtime.close();
    fixture = openRuntime({ dataDir: fixture.dataDir });
    expect(await handlers().getStatus()).toMatchObject({ mode: 'production', ready: false });
    await expect(handlers().getReceipt(paymentOf(sale))).rejects.toMatchObject({
      code: 'SERVICE_NOT_CONFIGURED',
      details: { mode: 'production', missing: ['appId'] },
    });
  });
});

describe('counterReceiptData', () => {
  it("falls back to the sale's comment, and to the settings when the service names no company", async () => {
    await handlers().saveSettings(SHOP);
    const sale = await paidSale(800, 'Bolo de fubá');
    const records = fixture.runtime.sync.views.saleRecords(sale.correlationID);
    delete records.payment!.infoPagador;
    const settings = await handlers().getSettings();

    const data = counterReceiptData(paymentOf(sale), records, { company: null, settings, environment: 'PRODUCTION' });
    expect(data).toMatchObject({
      kind: 'pix-in',
      value: 800,
      description: 'Bolo de fubá',
      chargeCorrelationID: sale.correlationID,
      environment: 'PRODUCTION',
      header: { title: 'Pão Dourado', lines: SHOP.receiptHeader!.lines },
      receiver: { name: 'Padaria Pão Dourado', pixKey: 'caixa@paodourado.com.br' },
      payer: { name: PAYER.name, taxID: { taxID: PAYER.taxID, type: 'BR:CPF' } },
    });
    expect(data.receiver.taxID).toBeUndefined();
  });
});

/** A PNG of the PDF next to it, for a person to look at. */
function rasterize(name: string): void {
  const pdf = join(ARTIFACTS, `${name}.pdf`);
  const result = spawnSync('pdftoppm', ['-png', '-r', '100', '-singlefile', pdf, join(ARTIFACTS, name)]);
  expect(result.status, String(result.stderr)).toBe(0);
}
