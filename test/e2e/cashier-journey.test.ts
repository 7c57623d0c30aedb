// The cashier's journey end to end: the real browser host (a child process, real engine, real
// SQLite), the built renderer, Debian Chromium. Screenshots of every step go to
// test-artifacts/e2e/ for a person to look at; axe-core scans each screen.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHostProcess } from './browser-host-process';
import {
  chargeOnScreen,
  expectAccessible,
  newestCharge,
  normalizeSpaces,
  payInSandbox,
  payOnScreen,
  startCounter,
  type Counter,
} from './counter-journey';
import { ROOT } from './renderer-build';

const ARTIFACTS = join(ROOT, 'test-artifacts/e2e');
const VIEWPORT = { width: 1366, height: 768 };

let counter: Counter;
let host: BrowserHostProcess;
let page: Page;
let pageProblems: string[];

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  counter = await startCounter();
  host = counter.host;
  pageProblems = counter.problems;
  page = await counter.newPage(VIEWPORT);
});

afterAll(async () => {
  await counter?.stop();
});

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

/** Saves the receipt the open dialog offers and returns its bytes. */
async function saveReceipt(name: string): Promise<Buffer> {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  const save = dialog.getByRole('button', { name: /Salvar PDF/ });
  await expect.poll(() => save.isEnabled(), { timeout: 10_000 }).toBe(true);
  const [download] = await Promise.all([page.waitForEvent('download'), save.click()]);
  const pdf = await downloadBytes(download);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  writeFileSync(join(ARTIFACTS, `${name}.pdf`), pdf);
  rasterize(name);
  return pdf;
}

async function downloadBytes(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFileSync(path);
}

/** A PNG of the PDF's first page next to it, for a person to look at (when poppler is here). */
function rasterize(name: string): void {
  spawnSync('pdftoppm', ['-png', '-r', '110', '-singlefile', join(ARTIFACTS, `${name}.pdf`), join(ARTIFACTS, name)]);
}

async function textOf(locator: Locator): Promise<string> {
  return normalizeSpaces(await locator.textContent());
}

describe('the cashier journey through the browser host', () => {
  it('announces exactly three lines of its own', () => {
    const lines = host.stdout().filter((line) => line.trim() !== '');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^Listening on http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{20,}$/);
    expect(lines[1]).toMatch(/^AppID: \S+$/);
    expect(lines[2]).toMatch(/^PDV API: http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('opens on a new sale, with the token gone from the address bar', async () => {
    await page.goto(host.url);
    const amount = page.getByLabel('Valor', { exact: true });
    await amount.waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.has('token')).toBe(false);
    await shot('01-nova-venda');
    await expectAccessible(page, 'nova venda');
  });

  it('types 1234, presses Enter and shows a huge QR with amount, countdown and the copy-and-paste code', async () => {
    const amount = page.getByLabel('Valor', { exact: true });
    await amount.focus();
    await page.keyboard.type('1234');
    expect(normalizeSpaces(await amount.inputValue())).toBe('R$ 12,34');
    await page.keyboard.press('Enter');

    const qr = page.getByRole('img', { name: /QR Code Pix/ });
    await qr.waitFor();
    const box = (await qr.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(0.6 * VIEWPORT.height);
    await expect
      .poll(() =>
        qr.evaluate((img) => {
          const image = img as unknown as { complete: boolean; naturalWidth: number };
          return image.complete && image.naturalWidth > 0;
        }),
      )
      .toBe(true);

    const charge = await newestCharge(host);
    expect(charge).toMatchObject({ value: 1234, status: 'ACTIVE' });
    expect(charge.correlationID).toMatch(/^balcao-/);
    // The copy-and-paste code on screen is the charge's own BR Code.
    expect(await page.locator('textarea[readonly]').first().inputValue()).toBe(charge.brCode);
    expect(normalizeSpaces(await page.locator('main').textContent())).toContain('R$ 12,34');
    const timer = page.getByRole('timer');
    expect(await textOf(timer)).toMatch(/1[45]:\d{2}/);
    await shot('02-qr');
    await expectAccessible(page, 'QR');
  });

  it('shows "Pago" as soon as the sandbox pay endpoint pays the BR Code', async () => {
    const charge = await newestCharge(host);
    await payInSandbox(host, charge.brCode);
    await page.getByText(/pago/i).first().waitFor({ timeout: 5_000 });
    expect(await textOf(page.getByRole('status').filter({ hasText: /pago/i }).first())).toMatch(/pago/i);
    await shot('03-pago');
    await expectAccessible(page, 'pago');
  });

  it('makes the payment receipt as a PDF', async () => {
    await page
      .getByRole('button', { name: /Comprovante/ })
      .first()
      .click();
    const pdf = await saveReceipt('comprovante-pix');
    expect(pdf.length).toBeGreaterThan(1_000);
    await shot('04-comprovante');
    await expectAccessible(page, 'comprovante');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  });

  it('refunds part of the sale from the history, with a confirmation step', async () => {
    await page.keyboard.press('F2');
    const row = page.getByRole('button', { name: /R\$\s12,34/ }).first();
    await row.waitFor();
    await row.click();
    await shot('05-historico');
    await expectAccessible(page, 'histórico');

    await page.getByRole('button', { name: /Devolver/ }).click();
    const refundAmount = page.getByLabel('Valor da devolução');
    await refundAmount.waitFor();
    expect(normalizeSpaces(await refundAmount.inputValue())).toBe('R$ 12,34');
    await refundAmount.focus();
    await page.keyboard.type('234');
    expect(normalizeSpaces(await refundAmount.inputValue())).toBe('R$ 2,34');
    await page.getByLabel('Motivo').fill('Produto trocado');
    await shot('06-devolucao');
    await expectAccessible(page, 'devolução');
    await page.getByLabel('Motivo').press('Enter');

    const confirm = page.getByRole('button', { name: /Confirmar devolução/ });
    await confirm.waitFor();
    expect(await textOf(confirm)).toContain('R$ 2,34');
    await shot('07-confirmar-devolucao');
    await expectAccessible(page, 'confirmar devolução');
    await confirm.click();

    await page.getByText(/Devolução de R\$\s2,34 enviada/).waitFor();
    const refundReceipt = page.getByRole('button', { name: /Comprovante da devolução de R\$\s2,34/ });
    await refundReceipt.waitFor();
    expect(normalizeSpaces(await page.locator('main').textContent())).toContain('R$ 10,00');
    await shot('08-devolvida');
    await expectAccessible(page, 'devolvida');

    const charge = await newestCharge(host);
    const refunds = await fetch(`${host.origin}/api/v1/charge/${charge.correlationID}/refund`, {
      headers: { authorization: host.appId },
    });
    const body = (await refunds.json()) as { refunds: { value: number; comment?: string }[] };
    expect(body.refunds).toMatchObject([{ value: 234, comment: 'Produto trocado' }]);

    await refundReceipt.click();
    await saveReceipt('comprovante-devolucao');
    await shot('09-comprovante-devolucao');
    await page.keyboard.press('Escape');
  });

  it('cancels an unpaid sale with Esc, Esc', async () => {
    // F1 after a paid sale is a new sale: an empty amount, focused, not the old "Pago".
    await page.keyboard.press('F1');
    const amount = page.getByLabel('Valor', { exact: true });
    await amount.waitFor();
    expect(normalizeSpaces(await amount.inputValue())).toBe('R$ 0,00');
    expect(
      await page.evaluate(
        () =>
          (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id,
      ),
    ).toBe('sale-amount');
    await page.keyboard.type('500');
    await page.keyboard.press('Enter');
    await page.getByRole('img', { name: /QR Code Pix/ }).waitFor();
    const charge = await newestCharge(host);
    expect(charge.value).toBe(500);
    await page.keyboard.press('Escape');
    await page.getByText(/Esc de novo/).waitFor();
    // Armed at once in solid red with white text (no pale in-between frame that looks disabled).
    const armed = page.getByRole('button', { name: /Confirmar cancelamento/ });
    const armedColors = await armed.evaluate((button) => {
      const { getComputedStyle } = globalThis as unknown as {
        getComputedStyle: (element: unknown) => { backgroundColor: string; color: string };
      };
      const style = getComputedStyle(button);
      return [style.backgroundColor, style.color];
    });
    expect(armedColors).toEqual(['rgb(185, 28, 28)', 'rgb(255, 255, 255)']);
    await shot('10-cancelar');
    await page.keyboard.press('Escape');
    await page.getByLabel('Valor', { exact: true }).waitFor();
    const gone = await fetch(`${host.origin}/api/v1/charge/${charge.correlationID}`, {
      headers: { authorization: host.appId },
    });
    // A deleted charge is unknown to the service: 400 "Charge not found" (the spec lists no 404 for charges).
    expect(gone.status).toBe(400);
    expect(await gone.json()).toEqual({ error: 'Charge not found' });
    await shot('11-cancelada');
  });

  it('after "Pago", typing the next amount starts the next sale at once', async () => {
    const amount = page.getByLabel('Valor', { exact: true });
    await chargeOnScreen(page, '700');
    await payOnScreen(page, host);
    await page.keyboard.type('1234');
    await amount.waitFor();
    expect(normalizeSpaces(await amount.inputValue())).toBe('R$ 12,34');
    expect(await textOf(page.locator('main'))).toContain('Última venda: R$ 7,00, recebida');
    await shot('11b-proxima-venda');
    await expectAccessible(page, 'próxima venda');
    await page.keyboard.press('Escape');
    expect(normalizeSpaces(await amount.inputValue())).toBe('R$ 0,00');
  });

  it("takes the shop's name and Pix key from the settings into the next QR code", async () => {
    await page.keyboard.press('F9');
    await page.getByLabel('Nome da loja').fill('Padaria Pão Dourado');
    await page.getByLabel('Chave Pix').fill('(11) 98765-4321');
    await page.keyboard.press('Control+s');
    await page.getByText('Configurações salvas.').waitFor();
    // Stored in the form DICT knows, and shown back that way.
    expect(await page.getByLabel('Chave Pix').inputValue()).toBe('+5511987654321');
    expect(await textOf(page.locator('header').first())).toContain('Padaria Pão Dourado');

    await page.keyboard.press('F1');
    const amount = page.getByLabel('Valor', { exact: true });
    await chargeOnScreen(page, '250');
    // Tag 59 of the BR Code: the name in the ASCII a payer's bank app shows.
    expect(await page.getByLabel('Pix Copia e Cola').inputValue()).toContain('5919Padaria Pao Dourado');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await amount.waitFor();
  });

  it('refuses a Pix key that is none, saying why, and keeps the saved one', async () => {
    await page.keyboard.press('F9');
    const key = page.getByLabel('Chave Pix');
    await key.fill('chave errada');
    const problemsBefore = pageProblems.length;
    await page.keyboard.press('Control+s');
    await page.getByRole('alert').filter({ hasText: 'Chave Pix inválida' }).waitFor();
    // The refusal is the bridge's 400, which Chromium also logs: expected here, and only here.
    // Both reports arrive on their own schedule; wait for the two before taking them out.
    await expect.poll(() => pageProblems.length - problemsBefore).toBe(2);
    const refusal = pageProblems.splice(problemsBefore);
    expect(refusal.every((problem) => /saveSettings|status of 400/.test(problem))).toBe(true);
    await page.reload();
    await page.getByLabel('Valor', { exact: true }).waitFor();
    await page.keyboard.press('F9');
    expect(await page.getByLabel('Chave Pix').inputValue()).toBe('+5511987654321');
  });

  it('shows the settings, switches to English live and keeps it after a reload', async () => {
    await page.keyboard.press('F9');
    const language = page.getByLabel('Idioma');
    await language.waitFor();
    await shot('12-configuracoes');
    await expectAccessible(page, 'configurações');
    // A remote mode asks for the AppID and says where it will be kept (the browser host: a 0600 file).
    await page.getByRole('radio', { name: /Sandbox remoto/ }).check();
    await page.getByText('Guardado num arquivo local que só este usuário do computador pode ler.').waitFor();
    await shot('12b-configuracoes-remoto');
    await expectAccessible(page, 'configurações, modo remoto');
    await page.getByRole('radio', { name: /Sandbox embutido/ }).check();
    await language.selectOption('en');
    await page.getByLabel('Language').waitFor();
    await page.keyboard.press('F1');
    await page.getByLabel('Amount', { exact: true }).waitFor();
    await shot('13-english');
    await expectAccessible(page, 'english');
    // Saved through the bridge: a reload (token kept in sessionStorage) comes back in English.
    await page.reload();
    await page.getByLabel('Amount', { exact: true }).waitFor();
    const settings = await fetch(`${host.origin}/__balcao/invoke/getSettings`, {
      method: 'POST',
      headers: { origin: host.origin },
    });
    expect(settings.status).toBe(401);
  });

  it('raised no console error, CSP violation or uncaught exception along the way', () => {
    expect(pageProblems).toEqual([]);
  });
});
