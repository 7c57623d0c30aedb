// The counter as the shop's Pix terminal (issue 36), played end to end: the real browser host
// with its PDV API, Debian Chromium at the counter, and a PDV that is plain fetch. The owner makes
// an integration in Configurações and reads its token off the screen; the PDV charges an order
// while the cashier is typing the next amount; the cashier's screen shows the order's QR (the
// same BR Code the API answered) and its value; the sandbox pays it; the PDV's long poll hears
// PAID with the fiscal note's Pix fields; and the amount the cashier was typing is still there.
// A sale landing while the owner types elsewhere waits behind a notice; a revoked integration's
// token is refused. The receipt that prints by itself on the shop's printer (the virtual one)
// names the PDV's order.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CounterApi } from '#shared/counter/counter-api';
import { invokeOnPage, payInSandbox, startCounter, typeManagerPin, type Counter } from './counter-journey';
import { ROOT } from './renderer-build';
import { sheetText } from '../support/escpos-decoder';
import { startVirtualPrinter, type VirtualPrinter } from '../support/virtual-printer';

const ARTIFACTS = join(ROOT, 'test-artifacts/e2e/pdv-integration');
const MANAGER = { name: 'Marta Souza', pin: '4321' };

let counter: Counter;
let printer: VirtualPrinter;
let page: Page;
let pdvOrigin: string;
/** The integration's token, as the owner read it off the screen. */
let token: string;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  counter = await startCounter();
  expect(counter.host.pdvOrigin, counter.host.stdout().join('\n')).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  pdvOrigin = counter.host.pdvOrigin!;
  page = await counter.newPage({ width: 1024, height: 768 });
  await page.goto(counter.host.url);
  await page.getByLabel('Valor', { exact: true }).waitFor();
  // A manager at the counter with the register open: a PDV's sale is made by the signed-in operator.
  const { operators } = await invoke('createOperator', { name: MANAGER.name, role: 'MANAGER', pin: MANAGER.pin });
  await invoke('signIn', { operatorId: operators[0]!.id, pin: MANAGER.pin });
  await invoke('openRegister', { tillName: 'Caixa 1' });
  // The shop's receipt printer: paid sales print by themselves.
  printer = await startVirtualPrinter();
  await invoke('saveSettings', {
    paperPrinter: {
      address: printer.address,
      profile: 'epson',
      columns: 48,
      printWhenPaid: true,
      printWhenRefunded: false,
      printWhenClosed: false,
      printWhenCharged: false,
      drawerOnPaid: false,
      copies: 1,
    },
    manager: { operatorId: operators[0]!.id, pin: MANAGER.pin },
  });
  await page.reload();
  await page.getByLabel('Valor', { exact: true }).waitFor();
});

afterAll(async () => {
  await counter?.stop();
  await printer?.close();
});

const invoke = <M extends keyof CounterApi>(method: M, payload: unknown = {}) => invokeOnPage(page, method, payload);

/** The PDV: plain HTTP to the counter's PDV API with its token. */
async function pdv(method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${pdvOrigin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as any };
}

/** The QR on the cashier's screen, read back as a phone would (drawn on a canvas, decoded by jsQR). */
async function qrOnScreen(): Promise<string | null> {
  const size = 480;
  const pixels = await page.getByRole('img', { name: /QR Code Pix/ }).evaluate(async (element, side) => {
    // The page's own DOM, typed here by what is used (the test's types have no DOM).
    interface Context2d {
      fillStyle: string;
      fillRect(x: number, y: number, w: number, h: number): void;
      drawImage(image: unknown, x: number, y: number, w: number, h: number): void;
      getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
    }
    const scope = globalThis as unknown as {
      document: { createElement(tag: 'canvas'): { width: number; height: number; getContext(kind: '2d'): Context2d } };
      btoa(text: string): string;
    };
    await (element as unknown as { decode(): Promise<void> }).decode();
    const canvas = scope.document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const context = canvas.getContext('2d');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, side, side);
    context.drawImage(element, 0, 0, side, side);
    const bytes = context.getImageData(0, 0, side, side).data;
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, Math.min(i + 0x8000, bytes.length)));
    return scope.btoa(binary);
  }, size);
  return jsQR(new Uint8ClampedArray(Buffer.from(pixels, 'base64')), size, size)?.data ?? null;
}

const amountEntry = () => page.getByLabel('Valor', { exact: true });

describe('a PDV charging through the counter', () => {
  it('gets its integration from the owner in Configurações, its token shown once on screen', async () => {
    await page.keyboard.press('F9');
    const card = page.getByTestId('settings-integrations');
    await card.scrollIntoViewIfNeeded();
    await expect.poll(() => card.getByTestId('integrations-address').textContent()).toBe(pdvOrigin);
    await card.getByLabel('Nome da nova integração').fill('PDV da loja');
    await card.getByLabel('Nome da nova integração').press('Enter');
    await typeManagerPin(page, MANAGER.name, MANAGER.pin);
    const shown = card.getByTestId('integration-token');
    await shown.waitFor();
    token = await shown.inputValue();
    expect(token.length).toBeGreaterThan(20);
    await card.getByText('não será mostrado de novo').waitFor();
    await card.getByTestId('integration-row').filter({ hasText: 'PDV da loja' }).getByText('Ativa').waitFor();
    await card.screenshot({ path: join(ARTIFACTS, 'integracoes-token.png') });
    // "Já copiei": the token is gone from the screen for good.
    await card.getByRole('button', { name: 'Já copiei' }).click();
    await shown.waitFor({ state: 'detached' });
    expect(await card.textContent()).not.toContain(token);
    await page.keyboard.press('F1');
    await amountEntry().waitFor();
  });

  it('shows the PDV’s sale on the cashier’s screen mid-typing, the PDV hears PAID with the fiscal fields, and the typed amount is still there', async () => {
    // The cashier has begun the next amount: 1, 2, 3 (R$ 1,23, on the way to R$ 12,34).
    await amountEntry().focus();
    await page.keyboard.type('123');
    await expect.poll(() => amountEntry().inputValue()).toMatch(/R\$\s1,23/);

    const created = await pdv('POST', '/pdv/v1/sales', {
      orderId: 'PED-1001',
      value: 4590,
      description: 'Pedido 1001',
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json).toMatchObject({ orderId: 'PED-1001', status: 'WAITING', value: 4590 });

    // The cashier's screen shows it as if typed: its QR, its value, its copy-and-paste code.
    await page.getByRole('img', { name: /QR Code Pix/ }).waitFor();
    await expect.poll(() => page.locator('#live-amount').textContent()).toMatch(/R\$\s45,90/);
    expect(await page.getByLabel('Pix Copia e Cola').inputValue()).toBe(created.json.brCode);
    expect(await qrOnScreen()).toBe(created.json.brCode);
    // What the cashier had typed waits as the next amount, in sight.
    await expect.poll(() => page.getByTestId('next-amount').textContent()).toMatch(/R\$\s1,23/);
    await page.screenshot({ path: join(ARTIFACTS, 'venda-do-pdv-1024x768.png') });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.getByRole('img', { name: /QR Code Pix/ }).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'venda-do-pdv-1920x1080.png') });
    await page.setViewportSize({ width: 1024, height: 768 });

    // The PDV follows it by long poll while the customer pays.
    const poll = pdv('GET', `/pdv/v1/sales/PED-1001?wait=20&since=${created.json.version}`);
    await payInSandbox(counter.host, created.json.brCode);
    let sale = (await poll).json;
    // A change before the payment is read (COMPLETED without its end-to-end id) still waits: follow on.
    for (let round = 0; sale.status !== 'PAID' && round < 5; round++)
      sale = (await pdv('GET', `/pdv/v1/sales/PED-1001?wait=20&since=${sale.version}`)).json;
    expect(sale.status).toBe('PAID');
    expect(sale.endToEndId).toMatch(/^E/);
    expect(sale.fiscal.detPag).toMatchObject({
      tPag: '17',
      vPag: '45.90',
      card: expect.objectContaining({ cAut: sale.endToEndId }),
    });

    // The receipt printed by itself names the PDV's order, beside the payment's end-to-end id.
    await printer.cutsReached(1, 15_000);
    const receipt = sheetText(printer.sheets()[0]!).replace(/\u00a0/g, ' ');
    expect(receipt).toMatch(/Pedido do PDV\s+PED-1001/);
    expect(receipt.replace(/\n/g, '')).toContain(sale.endToEndId);

    // "Pago" on screen; Enter starts the next sale with what the cashier had typed.
    await page.getByRole('heading', { name: 'Pago' }).waitFor();
    await page.keyboard.press('Enter');
    await amountEntry().waitFor();
    await expect.poll(() => amountEntry().inputValue()).toMatch(/R\$\s1,23/);
    await amountEntry().focus();
    await page.keyboard.press('4');
    await expect.poll(() => amountEntry().inputValue()).toMatch(/R\$\s12,34/);
    await page.keyboard.press('Escape');
  });

  it('does not take the screen from the owner typing elsewhere: a notice says the sale waits, F1 goes to it', async () => {
    await page.keyboard.press('F9');
    const name = page.getByTestId('settings-integrations').getByLabel('Nome da nova integração');
    await name.fill('ERP do escritório');
    const created = await pdv('POST', '/pdv/v1/sales', { orderId: 'PED-1002', value: 1500 });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const notice = page.getByTestId('pdv-sale-notice');
    await notice.filter({ hasText: /Venda do PDV de R\$\s15,00 aguardando/ }).waitFor();
    // Still in Configurações, with what was typed.
    expect(await name.inputValue()).toBe('ERP do escritório');
    await page.screenshot({ path: join(ARTIFACTS, 'aviso-venda-do-pdv.png') });
    await page.keyboard.press('F1');
    await page.getByRole('img', { name: /QR Code Pix/ }).waitFor();
    expect(await page.getByLabel('Pix Copia e Cola').inputValue()).toBe(created.json.brCode);
    await notice.waitFor({ state: 'detached' });
    // The PDV gives up on it (the customer left): the cashier's screen says so.
    expect((await pdv('POST', '/pdv/v1/sales/PED-1002/cancel')).json.status).toBe('CANCELLED');
    await page.getByRole('heading', { name: 'Cancelada' }).waitFor();
    await page.keyboard.press('Enter');
    await amountEntry().waitFor();
  });

  it('refuses the PDV once the owner revoked its integration in Configurações', async () => {
    await page.keyboard.press('F9');
    const card = page.getByTestId('settings-integrations');
    await card.getByRole('button', { name: 'Revogar PDV da loja' }).click();
    const confirm = page.getByTestId('integration-revoke');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: /Revogar/ }).click();
    await confirm.waitFor({ state: 'detached' });
    await typeManagerPin(page, MANAGER.name, MANAGER.pin);
    await card
      .getByTestId('integration-row')
      .filter({ hasText: 'PDV da loja' })
      .getByText('Revogada', { exact: true })
      .waitFor();
    await card.screenshot({ path: join(ARTIFACTS, 'integracoes-revogada.png') });
    const refused = await pdv('GET', '/pdv/v1/sales/PED-1001');
    expect(refused).toMatchObject({ status: 401, json: { code: 'TOKEN_REFUSED' } });
    expect((await pdv('POST', '/pdv/v1/sales', { orderId: 'PED-1003', value: 100 })).status).toBe(401);
    expect(counter.problems).toEqual([]);
  });
});
