// The cashier (and now and then the owner) at the browser host, keyboard first, at full speed:
// every step waits for the screen's real state, never a fixed time. The day bench (bench/day.ts)
// drives a day with these and times three of them in the page: Enter → QR, F8 → "Pago", F2 →
// history.
import type { Page } from 'playwright-core';
import { formatBRL } from '#shared/lib/money';
import { AFTER_PAINT, ARM_QR_PROBE, armHistoryProbe, READ_BRCODE } from './ui-latency';

/** A probe that has not resolved in this long is a stuck screen: the bench stops and says which. */
const PROBE_TIMEOUT_MS = 30_000;

export interface Operator {
  name: string;
  pin: string;
}

/** F8 ("Pix de treino") → the "Pago" heading painted, timed from F8's keydown. */
const ARM_PAGO_PROBE = `(() => {
  ${AFTER_PAINT}
  const paid = () => [...document.querySelectorAll('h1, h2')].some((el) => (el.textContent || '').trim() === 'Pago');
  window.__balcaoPagoProbe = new Promise((resolve) => {
    window.addEventListener('keydown', async function onF8(event) {
      if (event.key !== 'F8') return;
      window.removeEventListener('keydown', onF8, true);
      const start = event.timeStamp;
      await waitFor(paid);
      resolve((await afterPaint()) - start);
    }, true);
  });
})()`;

async function probe(page: Page, name: string, what: string): Promise<number> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing after ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
  });
  try {
    return (await Promise.race([page.evaluate(`window.${name}`), stuck])) as number;
  } finally {
    clearTimeout(timer);
  }
}

export const spaces = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

const amountField = (page: Page) => page.getByLabel('Valor', { exact: true });

/**
 * Types the amount and presses Enter, from the new-sale entry or from the last sale's "Pago"
 * (digits there start the next sale at once). Resolves with Enter → QR painted (ms) once the QR
 * is on screen; `offline` waits for the counter's own offline QR instead.
 */
export async function charge(page: Page, cents: number, options: { offline?: boolean } = {}): Promise<number> {
  await page.keyboard.type(String(cents));
  const typed = spaces(await amountField(page).inputValue());
  if (typed !== spaces(formatBRL(cents))) throw new Error(`typed ${cents}, the amount reads ${typed}`);
  if (options.offline) {
    await page.keyboard.press('Enter');
    await page.getByTestId('offline-sale-banner').waitFor();
    return Number.NaN;
  }
  await page.evaluate(ARM_QR_PROBE);
  await page.keyboard.press('Enter');
  return probe(page, '__balcaoQrProbe', `Enter → QR of ${formatBRL(cents)}`);
}

/** F8, the training payment: resolves with F8 → "Pago" painted (ms). */
export async function payWithF8(page: Page): Promise<number> {
  await page.evaluate(ARM_PAGO_PROBE);
  await page.keyboard.press('F8');
  return probe(page, '__balcaoPagoProbe', 'F8 → Pago');
}

/** The copy-and-paste code of the QR on screen. */
export async function brCodeOnScreen(page: Page): Promise<string> {
  const code = await page.evaluate<string | null>(READ_BRCODE);
  if (!code) throw new Error('no copy-and-paste code on the QR screen');
  return code;
}

/** Esc, Esc: the sale on screen is cancelled and the entry is back. */
export async function cancelWithEsc(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /Confirmar cancelamento/ }).waitFor();
  await page.keyboard.press('Escape');
  await amountField(page).waitFor();
}

/**
 * C on "Pago" once the screen offers it (the payment's id may land a moment after "Pago"): the
 * receipt dialog, its PDF made (Salvar PDF enabled), then Esc.
 */
export async function receiptOfPaidSale(page: Page): Promise<void> {
  await page
    .locator('main')
    .getByRole('button', { name: /Comprovante/ })
    .waitFor();
  await page.keyboard.press('c');
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('button', { name: /Salvar PDF/ })
    .and(page.locator(':enabled'))
    .waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

/** F1: a new sale's empty entry. */
export async function newSale(page: Page): Promise<void> {
  await page.keyboard.press('F1');
  await amountField(page).waitFor();
}

/**
 * F2, timed until the fresh list has landed with the day's `count` sales and the newest one's
 * amount on top (when the list is not kept scrolled to a sale the cashier selected before).
 * Leaves the history open.
 */
export async function openHistory(page: Page, count: number, newestCents: number): Promise<number> {
  await page.evaluate(
    armHistoryProbe({
      count: String(count),
      rows: Math.min(count, 5),
      newest: spaces(formatBRL(newestCents)),
      newestOnTop: false,
    }),
  );
  await page.keyboard.press('F2');
  return probe(page, '__balcaoHistoryProbe', `F2 → history of ${count} sales`);
}

/**
 * In the open history: the newest sale (Esc lets go of the selection, ↓ takes the first row), D,
 * the amount (`cents`, or the whole refundable when absent), Tab, the reason, Enter, Enter on the
 * confirmation, the manager's PIN and Enter; resolves once the screen says it was sent or queued.
 */
export async function refundNewest(page: Page, manager: Operator, cents?: number): Promise<void> {
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowDown');
  // A reload that lands between the two keys selects the newest sale itself, and ↓ then moves
  // one further: the cashier sees where the selection is and goes back up.
  const selected = page.locator('.sale-rows > li:has(.sale-row[aria-current="true"])');
  for (let position = Number(await selected.getAttribute('aria-posinset')); position > 1; position--) {
    await page.keyboard.press('ArrowUp');
  }
  await page.locator('.sale-rows > li[aria-posinset="1"] .sale-row[aria-current="true"]').waitFor();
  await page.getByRole('button', { name: /Devolver/ }).waitFor();
  await page.keyboard.press('d');
  await page.getByLabel('Valor da devolução').waitFor();
  if (cents !== undefined) await page.keyboard.type(String(cents));
  await page.keyboard.press('Tab');
  await page.keyboard.type('Troca de produto');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: /Confirmar devolução/ }).waitFor();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('manager-pin');
  await dialog.waitFor();
  await page.keyboard.type(manager.pin);
  await page.keyboard.press('Enter');
  await page.getByText(/Devolução de R\$\s[\d.,]+ (enviada|aguardando envio)/).waitFor();
}

/** The sign-in form (operator chosen from the list, PIN, Enter). */
export async function signIn(page: Page, operator: Operator, listedAs = operator.name): Promise<void> {
  const form = page.getByTestId('sign-in');
  await form.waitFor();
  await form.getByLabel('Operador').selectOption({ label: listedAs });
  await form.getByLabel('PIN', { exact: true }).fill(operator.pin);
  await form.getByLabel('PIN', { exact: true }).press('Enter');
}

/** "Abrir caixa" on the sale screen (its note has the focus): Enter, then the new sale's entry. */
export async function openRegister(page: Page): Promise<void> {
  await page.getByTestId('open-register').waitFor();
  await page.keyboard.press('Enter');
  await amountField(page).waitFor();
}

/**
 * F7, "Fechar caixa" with Enter (its warnings confirmed first, when it has any), the manager's
 * PIN, "Concluir", then F1 and "Abrir caixa" again: the next session, as a shift change does.
 */
export async function closeAndReopenRegister(page: Page, manager: Operator): Promise<void> {
  await page.keyboard.press('F7');
  const close = page.getByTestId('close-register');
  await close.waitFor();
  // Enter waits for the summary (the button is disabled until it has come).
  await close.locator('[data-testid="session-summary"]').waitFor();
  if ((await close.getByTestId('close-warnings').count()) > 0) await close.locator('#close-confirm-pending').check();
  await page.keyboard.press('Enter');
  await page.getByTestId('manager-pin').waitFor();
  await page.keyboard.type(manager.pin);
  await page.keyboard.press('Enter');
  const closed = page.getByTestId('register-closed');
  await closed.waitFor();
  // "Concluir": the closed register's report is done with (otherwise F7 shows it again next time).
  await closed.getByRole('button', { name: 'Concluir' }).click();
  await page.getByTestId('open-register').waitFor();
  await page.keyboard.press('F1');
  await openRegister(page);
}
