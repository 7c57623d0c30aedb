// The KYC onboarding page in Chromium, as a merchant meets it: a partner starts the onboarding on
// a served sandbox (`npm run serve`, its own process and database) with a redirectUrl on a local
// receiver; the merchant opens linkOnboarding, reads its company's data in pt-BR, corrects a name,
// leaves a required one empty and is told so, then sends; the page shows "Cadastro enviado", counts
// down and, five seconds later (spec, Limits, "KYC redirect"), the browser is at the receiver. The
// sandbox's review then approves it, or rejects the one whose representative has the
// sandbox-rejected CPF. axe-core scans each screen; screenshots at 1024×768, 1366×768 and
// 1920×1080 go to test-artifacts/e2e/ for a person to look at.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { registryCompany } from '#service/engine/kyc/sandbox-company-registry';
import { openServiceDatabase } from '#service/engine/migrations';
import { startRemote, type RemoteProcess } from '../support/remote-process';
import { seriousAxeViolations } from './axe';
import { launchChromium } from './chromium';
import { ROOT } from './renderer-build';
import { VIEWPORTS } from './viewports';

const ARTIFACTS = join(ROOT, 'test-artifacts/e2e');
const CNPJ = '11222333000181';
/** The sandbox's review delay (src/main/service/engine/kyc/kyc-review.ts, KYC_REVIEW_MS), with a margin. */
const REVIEW_WAIT_MS = 3_500;

let dir: string;
let remote: RemoteProcess;
let receiver: Server;
let receiverUrl: string;
const received: string[] = [];
let browser: Browser;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  // The served sandbox's company, made beforehand with the features KYC onboarding needs.
  dir = mkdtempSync(join(tmpdir(), 'balcao-kyc-'));
  const dbPath = join(dir, 'remote.db');
  const db = openServiceDatabase(dbPath);
  const company = createSandboxCompany(db, new Date(), { features: ['BAAS', 'KYC_ONBOARDING'] });
  db.close();
  remote = await startRemote({ dbPath, appId: company.appId });
  // The partner's site the merchant is sent back to.
  receiver = createServer((request, response) => {
    received.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html lang="pt-BR"><title>Parceiro</title><h1>Obrigado!</h1></html>');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  await remote?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function onboard(body: object): Promise<{ linkOnboarding: string; redirectUrl: string | null }> {
  const response = await fetch(`${remote.url}/api/v1/kyc/onboarding`, {
    method: 'POST',
    headers: { authorization: remote.appId, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { linkOnboarding: string; redirectUrl: string | null };
  expect(response.status, JSON.stringify(json)).toBe(201);
  return json;
}

async function registerStatus(correlationID: string): Promise<string> {
  const response = await fetch(`${remote.url}/api/v1/account-register/${encodeURIComponent(correlationID)}`, {
    headers: { authorization: remote.appId },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { status: string }).status;
}

async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect(await seriousAxeViolations(page), screen).toEqual([]);
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.screenshot({
      path: join(ARTIFACTS, `${name}-${viewport.width}x${viewport.height}.png`),
      fullPage: true,
    });
  }
}

const spaces = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('the KYC onboarding page', () => {
  it('shows the company in pt-BR, refuses an empty name, sends, counts down and redirects after 5 s', async () => {
    const { linkOnboarding } = await onboard({
      taxID: '11.222.333/0001-81',
      correlationID: 'loja-centro',
      redirectUrl: `${receiverUrl}/kyc-concluido?loja=centro`,
      representatives: [{ taxID: '529.982.247-25' }, { taxID: '111.444.777-35', name: 'Beatriz Andrade' }],
    });
    expect(linkOnboarding.startsWith(`${remote.url}/kyc/onboarding/`)).toBe(true);
    const page = await browser.newPage({ locale: 'pt-BR' });
    try {
      const opened = await page.goto(linkOnboarding);
      expect(opened?.status()).toBe(200);
      const known = registryCompany(CNPJ)!;
      await expect(page.title()).resolves.toBe('Abertura de conta — confirme os dados da empresa');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Abertura de conta');
      expect(await page.locator('dl.fixed dt').textContent()).toBe('CNPJ');
      expect(await page.locator('dl.fixed dd').textContent()).toBe('11.222.333/0001-81');
      expect(await page.getByLabel('Razão social').inputValue()).toBe(known.officialName);
      expect(await page.getByLabel('Nome fantasia').inputValue()).toBe(known.tradeName);
      expect(await page.getByLabel('Nome do representante 2').inputValue()).toBe('Beatriz Andrade');
      expect(await page.getByText('CPF ***.982.247-**').count()).toBe(1);
      await expectAccessible(page, 'form');
      await shoot(page, 'kyc-formulario');

      // The merchant corrects the trade name, empties a representative's name and sends: refused.
      await page.getByLabel('Nome fantasia').fill('Padaria do Centro');
      await page.getByLabel('Nome do representante 1').fill('');
      // The browser's own check would stop the form first; the server's answer is the one tested.
      await page.locator('form').evaluate((form) => form.setAttribute('novalidate', ''));
      await page.getByRole('button', { name: 'Enviar' }).click();
      await page.waitForLoadState();
      const alert = page.getByRole('alert');
      expect(spaces(await alert.textContent())).toContain('Representante 1: Informe o nome do representante.');
      expect(await page.getByLabel('Nome fantasia').inputValue()).toBe('Padaria do Centro');
      expect(await page.getByLabel('Nome do representante 1').getAttribute('aria-invalid')).toBe('true');
      expect(await registerStatus('loja-centro')).toBe('PENDING');
      await expectAccessible(page, 'form with errors');
      await shoot(page, 'kyc-formulario-erro');
      await page.setViewportSize(VIEWPORTS[1]);

      await page.getByLabel('Nome do representante 1').fill('Carlos Eduardo Lima');
      await page.getByRole('button', { name: 'Enviar' }).click();
      await page.getByRole('status').getByText('Cadastro enviado').waitFor();
      const shownAt = Date.now();
      expect(page.url()).toBe(linkOnboarding);
      expect(spaces(await page.locator('.redirect').textContent())).toMatch(
        /^Você será redirecionado em [45] segundos\.$/,
      );
      expect(await page.getByRole('link', { name: 'Continuar agora' }).getAttribute('href')).toBe(
        `${receiverUrl}/kyc-concluido?loja=centro`,
      );
      expect(spaces(await page.locator('dl.summary').textContent())).toContain('Padaria do Centro');
      expect(spaces(await page.locator('dl.summary').textContent())).toContain(
        'Carlos Eduardo Lima (CPF ***.982.247-**)',
      );
      await expectAccessible(page, 'submitted');
      await page.screenshot({ path: join(ARTIFACTS, 'kyc-enviado-1366x768.png') });
      expect(await registerStatus('loja-centro')).toBe('SUBMITTED');
      // The countdown moves on screen.
      await page
        .locator('#contagem')
        .filter({ hasText: /^[0-3] segundos?$/ })
        .waitFor({ timeout: 4_000 });

      await page.waitForURL(`${receiverUrl}/kyc-concluido?loja=centro`, { timeout: 10_000 });
      const after = Date.now() - shownAt;
      expect(after).toBeGreaterThanOrEqual(4_000);
      expect(after).toBeLessThan(8_000);
      expect(received).toContain('/kyc-concluido?loja=centro');
      expect(await page.getByRole('heading', { name: 'Obrigado!' }).count()).toBe(1);

      // The sandbox's review approves it; the link now shows the decision (and redirects again).
      await new Promise((resolve) => setTimeout(resolve, REVIEW_WAIT_MS));
      expect(await registerStatus('loja-centro')).toBe('APPROVED');
    } finally {
      await page.close();
    }
  });

  it('shows every terminal state at each size (enviado, aprovado, recusado) and a pt-BR page for an unknown link', async () => {
    // An alphanumeric CNPJ the sandbox's registry does not know: the merchant types the names.
    const rejected = await onboard({
      taxID: '12.ABC.345/01DE-35',
      redirectUrl: `${receiverUrl}/kyc-recusado`,
      representatives: [{ taxID: '000.000.001-91' }],
    });
    const page = await browser.newPage({ locale: 'pt-BR' });
    try {
      await page.goto(rejected.linkOnboarding);
      expect(await page.getByLabel('Razão social').inputValue()).toBe('');
      await shoot(page, 'kyc-formulario-sem-dados');
      await page.getByLabel('Razão social').fill('Empório Novo Tempo LTDA');
      await page.getByLabel('Nome do representante 1').fill('Joana Prado');
      await page.getByRole('button', { name: 'Enviar' }).click();
      await page.getByRole('status').getByText('Cadastro enviado').waitFor();
      // Each viewport on a fresh load, well inside its five seconds.
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.goto(rejected.linkOnboarding);
        await page.screenshot({
          path: join(ARTIFACTS, `kyc-enviado-${viewport.width}x${viewport.height}.png`),
          fullPage: true,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, REVIEW_WAIT_MS));
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.goto(rejected.linkOnboarding);
        await page.getByRole('status').getByText('Cadastro recusado').waitFor();
        await page.screenshot({
          path: join(ARTIFACTS, `kyc-recusado-${viewport.width}x${viewport.height}.png`),
          fullPage: true,
        });
      }
      // The page as it counts down, checked where its redirect gets a 204 (a navigation that
      // never leaves), so the redirect cannot take the page away during the check however long
      // that takes on a busy machine.
      const held = await browser.newPage({ locale: 'pt-BR' });
      await held.route(`${receiverUrl}/kyc-recusado`, (route) => route.fulfill({ status: 204 }));
      await held.goto(rejected.linkOnboarding);
      await held.getByRole('status').getByText('Cadastro recusado').waitFor();
      await expectAccessible(held, 'rejected');
      expect(held.url()).toBe(rejected.linkOnboarding);
      await held.close();
      // The merchant may stay: the countdown stops and the link remains. A page opened afresh, and
      // "Ficar" pressed before anything else: the pages above may well have redirected by now (5 s,
      // and a screenshot on a busy machine can take longer), and so may a page checked first.
      await page.goto(rejected.linkOnboarding);
      const redirectsBefore = received.filter((url) => url === '/kyc-recusado').length;
      await page.getByRole('button', { name: 'Ficar nesta página' }).click();
      expect(spaces(await page.locator('#aviso').textContent())).toBe(
        'Redirecionamento cancelado. Use o link abaixo quando quiser continuar.',
      );
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(page.url()).toBe(rejected.linkOnboarding);
      expect(received.filter((url) => url === '/kyc-recusado')).toHaveLength(redirectsBefore);
      await expectAccessible(page, 'rejected, staying');

      // The first test's register, approved by now.
      const approved = await onboard({ taxID: CNPJ, correlationID: 'loja-aprovada' });
      await page.goto(approved.linkOnboarding);
      await page.getByRole('button', { name: 'Enviar' }).click();
      await page.getByRole('status').getByText('Cadastro enviado').waitFor();
      // No redirectUrl: nothing to count down, and the page says it may be closed.
      expect(await page.locator('#contagem').count()).toBe(0);
      expect(await page.getByText('Você já pode fechar esta página.').count()).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, REVIEW_WAIT_MS));
      await page.goto(approved.linkOnboarding);
      await page.getByRole('status').getByText('Cadastro aprovado').waitFor();
      await expectAccessible(page, 'approved');
      await shoot(page, 'kyc-aprovado');

      const missing = await page.goto(`${remote.url}/kyc/onboarding/${'A'.repeat(43)}`);
      expect(missing?.status()).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Link não encontrado');
      await expectAccessible(page, 'not found');
      await shoot(page, 'kyc-link-nao-encontrado');
    } finally {
      await page.close();
    }
  });
});
