// The register end to end, through the real browser host and Debian Chromium: the first manager
// and a cashier from Configurações › Operadores, sign-in (a wrong PIN first), opening the register,
// a sale by each operator, a refund with the manager's PIN (a wrong one first, then Esc, then the
// right one), the closing summary, and the end-of-day report saved as PDF and read back with
// pdftotext. Screenshots of the closing summary and the PIN dialog at the three counter
// viewports go to test-artifacts/e2e/register/; axe-core scans every new screen.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Charge } from '#shared/service/resources';
import type { BrowserHostProcess } from './browser-host-process';
import {
  chargeOnScreen,
  expectAccessible,
  normalizeSpaces,
  payOnScreen,
  startCounter,
  type Counter,
  typeManagerPin,
  signInOnScreen,
} from './counter-journey';
import { ROOT } from './renderer-build';
import { VIEWPORTS } from './viewports';

const ARTIFACTS = join(ROOT, 'test-artifacts/e2e/register');
const VIEWPORT = { width: 1366, height: 768 };
const MANAGER = { name: 'Marta Souza', pin: '1357' };
const CASHIER = { name: 'João Lima', pin: '2468' };

let counter: Counter;
let host: BrowserHostProcess;
let page: Page;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  counter = await startCounter();
  host = counter.host;
  page = await counter.newPage(VIEWPORT);
});

afterAll(async () => {
  await counter?.stop();
});

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

/** The same screen at 1024×768, 1366×768 and 1920×1080, then back to the working size. */
async function shotsAtEveryViewport(name: string): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(150);
    await shot(`${name}-${viewport.width}x${viewport.height}`);
    expect(await overflowingTexts(), `text overflowing its box in ${name} at ${viewport.width}`).toEqual([]);
  }
  await page.setViewportSize(VIEWPORT);
}

/** Elements of the register's screens and the PIN dialog whose text is wider than their box. */
async function overflowingTexts(): Promise<string[]> {
  return page.evaluate(() => {
    const { document } = globalThis as unknown as {
      document: {
        querySelectorAll(
          selector: string,
        ): ArrayLike<{ scrollWidth: number; clientWidth: number; textContent: string | null; className: string }>;
      };
    };
    const nodes = Array.from(
      document.querySelectorAll(
        '.register-close dt, .register-close dd, .operator-totals th, .operator-totals td, .pin-dialog button, .pin-dialog label, .pin-dialog p, .register-close button, .status-register',
      ),
    );
    return nodes
      .filter((node) => node.scrollWidth > node.clientWidth + 1)
      .map((node) => `${node.className}: ${node.textContent ?? ''}`);
  });
}

/** The text as shown (innerText: cells and items apart), spaces normalized. */
async function textOf(locator: Locator): Promise<string> {
  return normalizeSpaces(await locator.innerText());
}

/** The city the main process keeps, asked through the page's own bridge (its token and origin). */
async function savedCity(): Promise<string> {
  return page.evaluate(async () => {
    const scope = globalThis as unknown as {
      sessionStorage: { getItem(key: string): string };
      fetch(url: string, init: object): Promise<{ json(): Promise<{ merchantCity: string }> }>;
    };
    const response = await scope.fetch('/__balcao/invoke/getSettings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-balcao-token': scope.sessionStorage.getItem('balcao.token') },
      body: '',
    });
    return (await response.json()).merchantCity;
  });
}

function pinDialog(): Locator {
  return page.getByTestId('manager-pin');
}

/** Types the manager's PIN into the open PIN dialog and presses Enter. */
function approve(pin: string, manager = MANAGER.name): Promise<void> {
  return typeManagerPin(page, manager, pin);
}

/** Signs in from the sign-in form; managers are listed as "Nome (Gerente)". */
function signIn(name: string, pin: string): Promise<void> {
  return signInOnScreen(page, name === MANAGER.name ? `${name} (Gerente)` : name, pin);
}

/** A sale typed on the sale screen, paid through the sandbox; returns its number line ("Venda 0001 · João Lima"). */
async function sell(digits: string): Promise<string> {
  await chargeOnScreen(page, digits);
  const waitingLine = await textOf(page.getByTestId('sale-number'));
  await expectAccessible(page, 'QR com número da venda');
  if (digits === '1500') await shotsAtEveryViewport('05a-qr-com-numero');
  await payOnScreen(page, host);
  expect(await textOf(page.getByTestId('sale-number'))).toBe(waitingLine);
  await expectAccessible(page, 'pago com número da venda');
  return waitingLine;
}

describe('register sessions, operators and the manager PIN in the browser host', () => {
  it('sells as before on a fresh counter, and says how to set the register up', async () => {
    await page.goto(host.url);
    await page.getByLabel('Valor', { exact: true }).waitFor();
    expect(await page.getByTestId('status-register').count()).toBe(0);
    await page.keyboard.press('F7');
    await page.getByTestId('register-not-set-up').waitFor();
    await shot('01-caixa-sem-operadores');
    await expectAccessible(page, 'caixa sem operadores');
  });

  it('creates the first manager, then a cashier with the manager’s PIN, from Configurações › Operadores', async () => {
    await page.keyboard.press('F9');
    const section = page.getByTestId('settings-operators');
    await section.waitFor();
    await section.scrollIntoViewIfNeeded();
    await section.getByLabel('Nome').fill(MANAGER.name);
    await section.getByLabel('PIN (4 a 8 dígitos)').fill(MANAGER.pin);
    await section.getByLabel('Repita o PIN').fill('1358');
    await section.getByRole('button', { name: 'Cadastrar gerente' }).click();
    await section.getByRole('alert').filter({ hasText: 'Os dois PINs não são iguais.' }).waitFor();
    await section.getByLabel('Repita o PIN').fill(MANAGER.pin);
    await section.getByRole('button', { name: 'Cadastrar gerente' }).click();
    await section.getByText(`${MANAGER.name} cadastrado.`).waitFor();

    await section.getByLabel('Nome').fill(CASHIER.name);
    await section.getByLabel('Função').selectOption({ label: 'Caixa' });
    await section.getByLabel('PIN (4 a 8 dígitos)').fill(CASHIER.pin);
    await section.getByLabel('Repita o PIN').fill(CASHIER.pin);
    await section.getByRole('button', { name: 'Cadastrar operador' }).click();
    await approve(MANAGER.pin);
    await section.getByText(`${CASHIER.name} cadastrado.`).waitFor();
    const list = section.locator('.operator-list');
    expect(normalizeSpaces(await list.locator('li').filter({ hasText: MANAGER.name }).innerText())).toBe(
      `${MANAGER.name} Gerente Desativar`,
    );
    expect(normalizeSpaces(await list.locator('li').filter({ hasText: CASHIER.name }).innerText())).toBe(
      `${CASHIER.name} Caixa Desativar`,
    );
    await section.scrollIntoViewIfNeeded();
    await shot('02-operadores');
    await expectAccessible(page, 'operadores');
  });

  it('asks a manager’s PIN to save the settings once the register is set up; Esc saves nothing', async () => {
    const city = page.locator('#settings-merchantCity');
    const before = await city.inputValue();
    await city.fill('Campinas');
    await page.keyboard.press('Control+s');
    await pinDialog().waitFor();
    expect(await textOf(pinDialog())).toContain('Alterar as configurações precisa da aprovação de um gerente.');
    await page.keyboard.press('Escape');
    await pinDialog().waitFor({ state: 'detached' });
    await page.getByRole('alert').filter({ hasText: 'nada foi enviado sem o PIN do gerente' }).waitFor();
    expect(await city.inputValue()).toBe('Campinas');
    expect(await savedCity()).toBe(before);

    await page.keyboard.press('Control+s');
    await approve(MANAGER.pin);
    await page.getByText('Configurações salvas.').waitFor();
    expect(await savedCity()).toBe('Campinas');
  });

  it('asks the cashier to sign in (a wrong PIN is refused), then to open the register', async () => {
    await page.keyboard.press('F1');
    await page.getByTestId('sign-in').waitFor();
    expect(await page.getByLabel('Valor', { exact: true }).count()).toBe(0);
    expect(await textOf(page.getByTestId('status-register'))).toBe('Caixa fechado · nenhum operador');
    await shot('03-entrar');
    await expectAccessible(page, 'entrar no caixa');

    await signIn(CASHIER.name, '0000');
    await page
      .getByTestId('sign-in')
      .getByRole('alert')
      .filter({ hasText: `PIN incorreto para ${CASHIER.name}` })
      .waitFor();
    await signIn(CASHIER.name, CASHIER.pin);

    const open = page.getByTestId('open-register');
    await open.waitFor();
    expect(await textOf(page.getByTestId('status-register'))).toBe(`Caixa fechado · ${CASHIER.name}`);
    await shot('04-abrir-caixa');
    await expectAccessible(page, 'abrir caixa');
    await open.getByLabel('Observação de abertura (opcional)').fill('Troco inicial R$ 100,00');
    await open.getByLabel('Observação de abertura (opcional)').press('Enter');
    await page.getByLabel('Valor', { exact: true }).waitFor();
    expect(await textOf(page.getByTestId('status-register'))).toMatch(
      new RegExp(`^Caixa aberto desde \\d{2}:\\d{2} · ${CASHIER.name}$`),
    );
  });

  it('sells as the cashier, then as the manager, each sale numbered and named', async () => {
    expect(await sell('1500')).toBe(`Venda 0001 · ${CASHIER.name}`);
    await shot('05-venda-caixa');

    // The cashier leaves; the manager signs in to the same open register.
    await page.keyboard.press('F7');
    await page.getByTestId('sign-out').click();
    await page.keyboard.press('F1');
    await signIn(MANAGER.name, MANAGER.pin);
    expect(await sell('2500')).toBe(`Venda 0002 · ${MANAGER.name}`);
    expect(await textOf(page.getByTestId('status-register'))).toMatch(
      new RegExp(`^Caixa aberto desde \\d{2}:\\d{2} · ${MANAGER.name}$`),
    );
  });

  it('refunds with the manager’s PIN: a wrong PIN keeps the dialog, Esc sends nothing, the right PIN refunds', async () => {
    await page.keyboard.press('F2');
    await page
      .getByRole('button', { name: /R\$\s15,00/ })
      .first()
      .click();
    expect(await textOf(page.getByTestId('detail-sale-number'))).toContain('0001');
    expect(await textOf(page.getByTestId('detail-operator'))).toContain(CASHIER.name);
    await page.getByRole('button', { name: /Devolver/ }).click();
    await page.getByLabel('Motivo').fill('Produto com defeito');
    await page.getByLabel('Motivo').press('Enter');
    const confirm = page.getByRole('button', { name: /Confirmar devolução/ });
    await confirm.click();

    await approve('9999');
    const refusal = pinDialog().getByRole('alert');
    await refusal.filter({ hasText: `PIN incorreto para ${MANAGER.name}` }).waitFor();
    expect(await pinDialog().getByLabel('PIN', { exact: true }).inputValue()).toBe('');
    await shotsAtEveryViewport('06-pin-gerente-errado');
    await expectAccessible(page, 'PIN do gerente');

    await page.keyboard.press('Escape');
    await pinDialog().waitFor({ state: 'detached' });
    await confirm.waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    const before = (await (
      await fetch(`${host.origin}/api/v1/charge?limit=5`, { headers: { authorization: host.appId } })
    ).json()) as {
      charges: Charge[];
    };
    expect(before.charges.find((charge) => charge.value === 1500)?.status).toBe('COMPLETED');

    await confirm.click();
    await approve(MANAGER.pin);
    await page.getByText(/Devolução de R\$\s15,00 (enviada|aguardando envio)/).waitFor({ timeout: 10_000 });
    await pinDialog().waitFor({ state: 'detached' });
  });

  it('closes the register with its summary and the manager’s PIN', async () => {
    await page.keyboard.press('F7');
    const close = page.getByTestId('close-register');
    await close.waitFor();
    const summary = close.getByTestId('session-summary');
    await expect.poll(async () => textOf(summary.locator('[data-row="queued"] dd')), { timeout: 10_000 }).toBe('0');
    await close.getByRole('button', { name: 'Atualizar' }).click();
    await expect.poll(async () => close.getByTestId('close-warnings').count()).toBe(0);
    expect(await textOf(summary.locator('[data-row="sales"] dd'))).toBe('2');
    expect(await textOf(summary.locator('[data-row="paid"]'))).toBe('Pagas (2) R$ 40,00');
    expect(await textOf(summary.locator('[data-row="refunds"]'))).toBe('Devoluções (1) − R$ 15,00');
    expect(await textOf(summary.locator('[data-row="net"] dd'))).toBe('R$ 25,00');
    const perOperator = await textOf(summary.locator('.operator-totals tbody'));
    // A refund counts for the operator who gave it (the manager signed in), the sale for its seller.
    expect(perOperator).toContain(`${CASHIER.name} 1 R$ 15,00 R$ 0,00`);
    expect(perOperator).toContain(`${MANAGER.name} 1 R$ 25,00 R$ 15,00`);
    expect(await textOf(summary)).toContain('Abertura: Troco inicial R$ 100,00');
    await shotsAtEveryViewport('07-fechar-caixa');
    await expectAccessible(page, 'fechar caixa');

    await close.getByRole('button', { name: /Fechar caixa/ }).click();
    await approve(MANAGER.pin);
    const closed = page.getByTestId('register-closed');
    await closed.waitFor();
    expect(await textOf(closed)).toContain(`Fechado por ${MANAGER.name}`);
    expect(await textOf(page.getByTestId('status-register'))).toBe(`Caixa fechado · ${MANAGER.name}`);
    await shotsAtEveryViewport('08-caixa-fechado');
    await expectAccessible(page, 'caixa fechado');
  });

  it('saves the end-of-day report as PDF (80 mm and A4), naming both operators and the sale numbers', async () => {
    const report = page.getByTestId('report-actions');
    for (const layout of ['Bobina 80 mm', 'Folha A4'] as const) {
      await report.getByLabel(layout).check();
      const save = report.getByRole('button', { name: /Salvar PDF/ });
      await expect.poll(() => save.isEnabled(), { timeout: 10_000 }).toBe(true);
      // The browser host cannot print: "Salvar PDF" is the main action there, and the only one.
      expect(await report.getByRole('button', { name: /Imprimir/ }).count()).toBe(0);
      const [download] = await Promise.all([page.waitForEvent('download'), save.click()]);
      const pdf = readFileSync(await download.path());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const name = `relatorio-${layout === 'Folha A4' ? 'a4' : '80mm'}`;
      const file = join(ARTIFACTS, `${name}.pdf`);
      writeFileSync(file, pdf);
      spawnSync('pdftoppm', ['-png', '-r', '80', file, join(ARTIFACTS, name)]);
      const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).stdout;
      expect(text).toContain(CASHIER.name);
      expect(text).toContain(MANAGER.name);
      expect(text).toMatch(/0001/);
      expect(text).toMatch(/0002/);
    }
    // Done: the next step is opening a new register.
    await page.getByRole('button', { name: 'Concluir' }).click();
    await page.getByTestId('open-register').waitFor();
    expect(counter.problems.filter((problem) => problem.startsWith('pageerror'))).toEqual([]);
  });
});
