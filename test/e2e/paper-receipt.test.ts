// Receipts on paper end to end (issue 35): the real browser host, Debian Chromium at the counter,
// the sandbox paying, and the virtual printer (test/support/virtual-printer.ts) on a real socket.
// A sale paid from the sandbox leaves exactly one receipt on the printer, whose text and QR carry
// that sale's value and end-to-end id; so does one paid while the paper is out with the counter
// killed (SIGKILL) before the paper is back, and one whose printing the kill cut midway.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CounterApi, Sale } from '#shared/counter/counter-api';
import { sheetText, type PrintedBlock } from '../support/escpos-decoder';
import { reserveRestartablePort } from '../support/restartable-port';
import { savePaperPng } from '../support/virtual-paper-png';
import { startVirtualPrinter, type VirtualPrinter } from '../support/virtual-printer';
import { startBrowserHost, type BrowserHostProcess } from './browser-host-process';
import { launchChromium } from './chromium';
import { chargeOnScreen, newestCharge, payInSandbox, invokeOnPage, typeManagerPin } from './counter-journey';
import { ROOT } from './renderer-build';

/** The virtual printer's paper as PNG strips, for a person to look at. */
const ARTIFACTS = join(ROOT, 'test-artifacts/e2e/paper');

let dataDir: string;
let host: BrowserHostProcess;
const hostPort = reserveRestartablePort();
let browser: Browser;
let page: Page;
let printer: VirtualPrinter;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  printer = await startVirtualPrinter();
  dataDir = mkdtempSync(join(tmpdir(), 'balcao-paper-'));
  host = await startBrowserHost({ dataDir, port: hostPort.port });
  browser = await launchChromium();
  const context = await browser.newContext({
    viewport: { width: 1366, height: 768 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  page = await context.newPage();
  await page.goto(host.url);
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  await printer?.close();
  hostPort.release();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** One of the main process's methods, through the page's own bridge. */
const invoke = <M extends keyof CounterApi>(method: M, payload: unknown = {}) => invokeOnPage(page, method, payload);

/** Sale receipts on the printer: sheets that end with their cut (the test slip aside). */
const receipts = (): PrintedBlock[][] =>
  printer
    .sheets()
    .filter((sheet) => sheet.at(-1)?.kind === 'cut' && sheetText(sheet).includes('Comprovante de Pix recebido'));

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Charges on screen, pays from the sandbox as the payer's bank would, and waits for "Pago" and the payment's end-to-end id. */
async function sellAndPay(digits: string): Promise<Sale> {
  await page.getByLabel('Valor', { exact: true }).waitFor();
  await chargeOnScreen(page, digits);
  const charge = await newestCharge(host);
  await payInSandbox(host, charge.brCode);
  await page.getByRole('heading', { name: 'Pago' }).waitFor({ timeout: 10_000 });
  let sale: Sale | undefined;
  await eventually(async () => {
    sale = await invoke('getSale', { correlationID: charge.correlationID });
    return Boolean(sale.endToEndId);
  });
  await page.keyboard.press('Enter');
  return sale!;
}

/** The receipt of this sale: its value in the text, its end-to-end id in the text and in the QR. */
function expectReceiptOf(sheet: PrintedBlock[], sale: Sale, amount: string): void {
  const text = sheetText(sheet).replace(/\u00a0/g, ' ');
  expect(text).toContain(amount);
  expect(text.replace(/\n/g, '')).toContain(sale.endToEndId);
  expect(text).toContain(`[QR BALCAO PIX E2E=${sale.endToEndId} VALOR=${(sale.value / 100).toFixed(2)}]`);
}

/** Restarts the host on the same data folder and port (SIGKILL first: no shutdown code runs). */
async function killAndRestart(): Promise<void> {
  await page.goto('about:blank');
  await host.kill();
  host = await startBrowserHost({ dataDir, port: hostPort.port });
  await page.goto(host.url);
}

describe('a receipt on paper, printed by itself', () => {
  it('is set up in Configurações: the printer’s address and model, a test slip printed and answered, saved', async () => {
    // The counter is up (its keys answer) before F9 goes to Configurações.
    await page.getByLabel('Valor', { exact: true }).waitFor();
    await page.keyboard.press('F9');
    const address = page.getByLabel('Endereço da impressora');
    await address.fill('impressora sem porta:');
    await page.getByRole('button', { name: 'Testar impressora' }).click();
    await page.getByText('Endereço inválido').waitFor();
    await address.fill(printer.address);
    await page.getByLabel('Modelo').selectOption('epson');
    await page.getByRole('button', { name: 'Testar impressora' }).click();
    await page.getByTestId('paper-test-result').filter({ hasText: 'Teste impresso' }).waitFor();
    const slip = sheetText(printer.sheets()[0]!);
    expect(slip).toContain('Teste de impressora');
    expect(slip).toContain('ÁÀÂÃ ÉÊ Í ÓÔÕ Ú Ç áàâã éê í óôõ ú ü ç');
    expect(slip).toContain('[QR BALCAO TESTE DE IMPRESSORA]');
    expect(printer.sheets()[0]!.at(-1)).toEqual({ kind: 'cut' });
    await page
      .getByTestId('settings-paper-printer')
      .screenshot({ path: join(ARTIFACTS, 'configuracoes-impressora.png') });
    await page.keyboard.press('Control+s');
    await page.getByText('Configurações salvas').waitFor();
    expect((await invoke('getSettings')).paperPrinter).toEqual({
      address: printer.address,
      profile: 'epson',
      columns: 48,
      printWhenPaid: true,
      printWhenRefunded: true,
      printWhenClosed: true,
      printWhenCharged: false,
      drawerOnPaid: false,
      copies: 1,
    });
    await savePaperPng(printer.sheets(), join(ARTIFACTS, '00-teste-de-impressora.png'));
    await page.keyboard.press('F1');
  });

  it('prints exactly one receipt when a sale is paid from the sandbox, with its value and end-to-end id', async () => {
    const sale = await sellAndPay('1234');
    await eventually(() => receipts().length === 1);
    expectReceiptOf(receipts()[0]!, sale, 'R$ 12,34');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receipts()).toHaveLength(1);
    await savePaperPng(receipts(), join(ARTIFACTS, '01-comprovante-pago.png'));
  });

  it('prints it once when the counter is killed while it waits for paper, and started again', async () => {
    printer.setPaper('out');
    const sale = await sellAndPay('2500');
    await eventually(async () => (await invoke('getStatus')).paper?.problem === 'paper-out');
    // The cashier sees why, in the status bar, and sells on.
    const paperStatus = page.getByRole('status', { name: 'Impressora' });
    await paperStatus.filter({ hasText: 'Impressora sem papel · 1 recibo aguardando' }).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'impressora-sem-papel.png') });
    await page.getByLabel('Valor', { exact: true }).waitFor();
    await killAndRestart();
    printer.setPaper('ok');
    await eventually(() => receipts().length === 2);
    expectReceiptOf(receipts()[1]!, sale, 'R$ 25,00');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receipts()).toHaveLength(2);
  });

  it('prints it whole, once, when the kill cuts its printing midway', async () => {
    printer.setFault({ kind: 'slow', bytesPerSecond: 200 });
    const printedBefore = printer.blocks().length;
    const connectionsBefore = printer.connections();
    const sale = await sellAndPay('3990');
    // The job is on its way, a few hundred bytes in: the kill lands mid-body.
    await eventually(() => printer.connections() > connectionsBefore && printer.blocks().length > printedBefore + 2);
    await killAndRestart();
    printer.setFault({ kind: 'none' });
    await eventually(() => receipts().length === 3);
    const last = receipts()[2]!;
    expectReceiptOf(last, sale, 'R$ 39,90');
    // Printed again whole, and not as a copy: the first never reached its cut.
    expect(sheetText(last)).not.toContain('2ª via');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receipts()).toHaveLength(3);
    // The whole roll: the first two receipts, the copy the kill cut short (no cut of its own), and its whole reprint.
    await savePaperPng(printer.sheets(), join(ARTIFACTS, '02-rolo-com-reinicios.png'));
  });

  it('prints a receipt again from its dialog as "2ª via", once', async () => {
    const before = receipts().length;
    await page.keyboard.press('F2');
    await page
      .getByRole('button', { name: /R\$\s12,34/ })
      .first()
      .click();
    await page
      .getByRole('button', { name: /Comprovante/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /Imprimir/ }).click();
    await dialog.getByText('Enviado para a impressora.').waitFor();
    await eventually(() => receipts().length === before + 1);
    const copy = sheetText(receipts().at(-1)!).replace(/\u00a0/g, ' ');
    expect(copy).toContain('2ª via');
    expect(copy).toContain('R$ 12,34');
    await page.screenshot({ path: join(ARTIFACTS, 'segunda-via.png') });
    await page.keyboard.press('Escape');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receipts()).toHaveLength(before + 1);
  });

  it('opens the cash drawer from Caixa with G and the manager’s PIN, through the printer', async () => {
    // A manager, signed in, with the register open: the Caixa screen's selling step.
    const { operators } = await invoke('createOperator', { name: 'Marta Souza', role: 'MANAGER', pin: '4321' });
    await invoke('signIn', { operatorId: operators[0]!.id, pin: '4321' });
    await invoke('openRegister', { tillName: 'Caixa da frente' });
    await page.reload();
    await page.getByLabel('Valor', { exact: true }).waitFor();
    const pulses = () => printer.blocks().filter((block) => block.kind === 'pulse').length;
    const before = pulses();
    await page.keyboard.press('F7');
    const drawer = page.getByTestId('cash-drawer');
    await drawer.waitFor();
    // The status bar lists G among the keys of the screen.
    await page.getByRole('group', { name: 'Atalhos' }).getByText('Abrir gaveta').waitFor();
    await page.keyboard.press('g');
    await typeManagerPin(page, 'Marta Souza', '4321');
    await drawer.getByText('Gaveta aberta.').waitFor();
    expect(pulses()).toBe(before + 1);
    await page.screenshot({ path: join(ARTIFACTS, 'gaveta-aberta.png') });
  });
});
