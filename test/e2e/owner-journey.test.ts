// The shop owner's day, end to end through the real browser host and Debian Chromium (issue 13):
// open the register with a float note, sell as two operators (one signs out, the other signs in),
// refund with the manager's PIN after wrong ones (and see the lockout after too many), close the
// register, save its report and read it back with pdftotext, then save it again from the closed
// sessions on the Caixa tab. Screenshots at 1024×768, 1366×768 and 1920×1080 of the Caixa tab with
// the closed sessions and of the PIN dialog, PNGs of the report PDFs, all in
// test-artifacts/e2e/owner/; no text wider than its box there; axe-core on those screens.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisterState } from '#shared/counter/counter-api';
import { createBridgeClient } from '../support/bridge-client';
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

const ARTIFACTS = join(ROOT, 'test-artifacts/e2e/owner');
const VIEWPORT = { width: 1366, height: 768 };
const MANAGER = { name: 'Marta Souza', pin: '1357' };
const CASHIER = { name: 'João Lima', pin: '2468' };
// A second manager, only to be locked out by wrong PINs without locking the one who approves.
const OTHER_MANAGER = { name: 'Carla Dias', pin: '8642' };
const TILL = 'Caixa da frente';
const FLOAT_NOTE = 'Troco inicial R$ 150,00';

let counter: Counter;
let page: Page;
let sessionId: string;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  counter = await startCounter();
  // The operators come from Configurações › Operadores (register-journey.test.ts does it on screen); here they are a given.
  const bridge = createBridgeClient({
    origin: counter.host.origin,
    token: new URL(counter.host.url).searchParams.get('token') ?? '',
  });
  const idOf = (state: RegisterState, name: string) => state.operators.find((operator) => operator.name === name)!.id;
  const first = await bridge.call('createOperator', { name: MANAGER.name, role: 'MANAGER', pin: MANAGER.pin });
  const manager = { operatorId: idOf(first, MANAGER.name), pin: MANAGER.pin };
  await bridge.call('createOperator', { name: CASHIER.name, role: 'CASHIER', pin: CASHIER.pin, manager });
  await bridge.call('createOperator', { name: OTHER_MANAGER.name, role: 'MANAGER', pin: OTHER_MANAGER.pin, manager });
  page = await counter.newPage(VIEWPORT);
});

afterAll(async () => {
  await counter?.stop();
});

async function textOf(locator: Locator): Promise<string> {
  return normalizeSpaces(await locator.innerText());
}

function pinDialog(): Locator {
  return page.getByTestId('manager-pin');
}

function typePin(manager: string, pin: string): Promise<void> {
  return typeManagerPin(page, manager, pin);
}

function signIn(name: string, pin: string): Promise<void> {
  return signInOnScreen(page, name === MANAGER.name ? `${name} (Gerente)` : name, pin);
}

/** Elements of the Caixa screens and the PIN dialog whose text is wider than their box, and the screen itself scrolling sideways. */
async function overflowingTexts(): Promise<string[]> {
  return page.evaluate(() => {
    type Box = {
      scrollWidth: number;
      clientWidth: number;
      textContent: string | null;
      className: string;
      tagName: string;
    };
    const { document } = globalThis as unknown as { document: { querySelectorAll(selector: string): ArrayLike<Box> } };
    const texts = Array.from(
      document.querySelectorAll(
        '.register-screen h1, .register-screen h2, .register-screen p, .register-screen label, .register-screen button, ' +
          '.register-screen th, .register-screen td, .register-screen dt, .register-screen dd, ' +
          '.pin-dialog button, .pin-dialog label, .pin-dialog p, .status-register',
      ),
    );
    const screens = Array.from(document.querySelectorAll('.register-screen, .register-close, .pin-dialog'));
    return [...texts, ...screens]
      .filter((node) => node.scrollWidth > node.clientWidth + 1)
      .map((node) => `${node.tagName}.${node.className}: ${(node.textContent ?? '').slice(0, 80)}`);
  });
}

/** The screen as it is at each counter viewport, checked for overflow; then back to the working size. */
async function shotsAtEveryViewport(name: string, inView?: Locator): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(150);
    // The Caixa screen scrolls inside itself: bring what the shot is of into view.
    await inView?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, `${name}-${viewport.width}x${viewport.height}.png`) });
    expect(await overflowingTexts(), `text overflowing its box in ${name} at ${viewport.width}`).toEqual([]);
  }
  await page.setViewportSize(VIEWPORT);
}

/** Saves a PDF the page downloads on `click`, as a file and its PNG pages; returns pdftotext's text. */
async function savedPdf(name: string, click: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const file = join(ARTIFACTS, `${name}.pdf`);
  writeFileSync(file, pdf);
  expect(spawnSync('pdftoppm', ['-png', '-r', '80', file, join(ARTIFACTS, name)]).status).toBe(0);
  return spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).stdout.replace(/\u00a0/g, ' ');
}

/** What the closing report of this day must say, whichever way it was saved. */
function expectDayReport(text: string): void {
  expect(text).toContain('Fechamento de caixa');
  expect(text).toContain(TILL);
  expect(text).toContain(`Abertura: ${FLOAT_NOTE}`);
  expect(text).toContain(`por ${MANAGER.name}`);
  expect(text).toMatch(/Vendas pagas \(2\)\s+R\$ 40,00/);
  expect(text).toMatch(/Devoluções \(1\)\s+[−-] R\$ 15,00/);
  expect(text).toMatch(/Líquido\s+R\$ 25,00/);
  expect(text).toMatch(new RegExp(`${CASHIER.name}\\s+\\(1 venda\\)\\s+R\\$ 15,00`));
  expect(text).toMatch(new RegExp(`${MANAGER.name}\\s+\\(1 venda, devoluções R\\$ 15,00\\)\\s+R\\$ 25,00`));
  expect(text).toMatch(new RegExp(`Venda 0001\\s+\\d{2}:\\d{2}\\s+${CASHIER.name}\\s+Pago\\s+R\\$ 15,00`));
  expect(text).toMatch(new RegExp(`Venda 0002\\s+\\d{2}:\\d{2}\\s+${MANAGER.name}\\s+Pago\\s+R\\$ 25,00`));
  // The refund of sale 0001: given by the manager signed in then, approved by the same manager.
  expect(text).toMatch(new RegExp(`Venda 0001\\s+\\d{2}:\\d{2}\\s+${MANAGER.name}\\s+${MANAGER.name}\\s+R\\$ 15,00`));
  expect(text).toContain('MODO TREINO');
}

describe('the owner’s day at the counter', () => {
  it('opens the register with a float note as the cashier', async () => {
    await page.goto(counter.host.url);
    await signIn(CASHIER.name, CASHIER.pin);
    const open = page.getByTestId('open-register');
    await open.waitFor();
    await open.getByLabel('Nome do caixa').fill(TILL);
    await open.getByLabel('Observação de abertura (opcional)').fill(FLOAT_NOTE);
    await open.getByLabel('Observação de abertura (opcional)').press('Enter');
    await page.getByLabel('Valor', { exact: true }).waitFor();
    expect(await textOf(page.getByTestId('status-register'))).toMatch(
      new RegExp(`^Caixa aberto desde \\d{2}:\\d{2} · ${CASHIER.name}$`),
    );
  });

  it('sells as the cashier, then as the manager after the cashier signs out', async () => {
    await chargeOnScreen(page, '1500');
    await payOnScreen(page, counter.host);
    expect(await textOf(page.getByTestId('sale-number'))).toBe(`Venda 0001 · ${CASHIER.name}`);

    await page.keyboard.press('F7');
    await page.getByTestId('sign-out').click();
    await page.keyboard.press('F1');
    await signIn(MANAGER.name, MANAGER.pin);
    await chargeOnScreen(page, '2500');
    await payOnScreen(page, counter.host);
    expect(await textOf(page.getByTestId('sale-number'))).toBe(`Venda 0002 · ${MANAGER.name}`);
  });

  it('refunds with the manager’s PIN: wrong PINs are refused, too many lock that manager, another manager approves', async () => {
    await page.keyboard.press('F2');
    await page
      .getByRole('button', { name: /R\$\s15,00/ })
      .first()
      .click();
    await page.getByRole('button', { name: /Devolver/ }).click();
    await page.getByLabel('Motivo').fill('Produto com defeito');
    await page.getByLabel('Motivo').press('Enter');
    await page.getByRole('button', { name: /Confirmar devolução/ }).click();

    const refusal = pinDialog().getByRole('alert');
    await typePin(OTHER_MANAGER.name, '0000');
    await refusal.filter({ hasText: `PIN incorreto para ${OTHER_MANAGER.name}` }).waitFor();
    for (let attempt = 2; attempt <= 5; attempt++) await typePin(OTHER_MANAGER.name, '0000');
    await refusal
      .filter({ hasText: `Muitas tentativas erradas: ${OTHER_MANAGER.name} está bloqueado por 30 segundos.` })
      .waitFor();
    // Locked: even the right PIN is not checked now.
    await typePin(OTHER_MANAGER.name, OTHER_MANAGER.pin);
    await refusal
      .filter({ hasText: /Muitas tentativas erradas de PIN: Carla Dias está bloqueado por \d+ segundos\./ })
      .waitFor();
    await shotsAtEveryViewport('01-pin-gerente-bloqueado');
    await expectAccessible(page, 'PIN do gerente com bloqueio');

    await typePin(MANAGER.name, '9999');
    await refusal.filter({ hasText: `PIN incorreto para ${MANAGER.name}` }).waitFor();
    await typePin(MANAGER.name, MANAGER.pin);
    await page.getByText(/Devolução de R\$\s15,00 (enviada|aguardando envio)/).waitFor({ timeout: 10_000 });
    await pinDialog().waitFor({ state: 'detached' });
  });

  it('closes the register with the manager’s PIN, and saves the report (80 mm and A4) that names both operators', async () => {
    await page.keyboard.press('F7');
    const close = page.getByTestId('close-register');
    await close.waitFor();
    // No closed session yet: the list says so.
    expect(await textOf(page.getByTestId('past-sessions'))).toContain('Nenhum caixa fechado ainda.');
    const summary = close.getByTestId('session-summary');
    await expect.poll(async () => textOf(summary.locator('[data-row="queued"] dd')), { timeout: 10_000 }).toBe('0');
    await close.getByRole('button', { name: 'Atualizar' }).click();
    await expect.poll(async () => close.getByTestId('close-warnings').count()).toBe(0);
    await close.getByRole('button', { name: /Fechar caixa/ }).click();
    await typePin(MANAGER.name, MANAGER.pin);
    const closed = page.getByTestId('register-closed');
    await closed.waitFor();
    sessionId =
      (await page.getByTestId('past-sessions').locator('tbody tr').first().getAttribute('data-session')) ?? '';
    expect(sessionId).not.toBe('');

    const report = page.getByTestId('report-actions');
    for (const [layout, name] of [
      ['Bobina 80 mm', 'relatorio-80mm'],
      ['Folha A4', 'relatorio-a4'],
    ] as const) {
      await report.getByLabel(layout).check();
      const save = report.getByRole('button', { name: /Salvar PDF/ });
      await expect.poll(() => save.isEnabled(), { timeout: 10_000 }).toBe(true);
      expect(await report.getByRole('button', { name: /Imprimir/ }).count()).toBe(0);
      expectDayReport(await savedPdf(name, () => save.click()));
    }
  });

  it('lists the closed session on the Caixa tab and saves its report again from there, by keyboard', async () => {
    await page.getByRole('button', { name: 'Concluir' }).click();
    await page.getByTestId('open-register').waitFor();
    const past = page.getByTestId('past-sessions');
    const row = past.locator(`tr[data-session="${sessionId}"]`);
    await row.waitFor();
    const cells = await row.locator('th, td').allInnerTexts();
    expect(cells.slice(0, 5).map(normalizeSpaces)).toEqual([
      TILL,
      expect.stringMatching(new RegExp(`^\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2} · ${CASHIER.name}$`)),
      expect.stringMatching(new RegExp(`^\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2} · ${MANAGER.name}$`)),
      '2',
      'R$ 25,00',
    ]);
    // The browser host cannot print: "Salvar PDF" is the only action there.
    expect(await past.getByRole('button', { name: /Imprimir/ }).count()).toBe(0);
    await shotsAtEveryViewport('02-caixa-com-fechados', past);
    await expectAccessible(page, 'caixa com caixas fechados');

    await past.getByLabel('Folha A4').check();
    const save = row.getByRole('button', { name: new RegExp(`^Salvar PDF do ${TILL} fechado em`) });
    await save.focus();
    expectDayReport(await savedPdf('relatorio-reimpresso-a4', () => page.keyboard.press('Enter')));
    expect(await textOf(past.getByRole('status'))).toMatch(
      /^PDF salvo: fechamento-caixa-da-frente-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}-a4\.pdf$/,
    );
    expect(counter.problems.filter((problem) => problem.startsWith('pageerror'))).toEqual([]);
  });
});
