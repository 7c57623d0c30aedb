// Invoices (notas fiscais de serviço) through the simulated NFe.io integration, issue 37: the
// integration's settings (create/upsert, get, PUT tax fields, PATCH activation), its A1
// certificate (checked with its passphrase, never echoed), the test invoice that makes it
// CONFIGURED and active; invoices created for a value and customer or for a charge, PROCESSING
// then CONFIRMED on the clock, listed, cancelled only once confirmed, and their PDF and XML (well
// formed, saying they are sandbox documents). Bad input, idempotent retries, tenancy, and the
// answers against the published schemas under --strict and the derived ones by default.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '#lib/clock';
import type { SandboxService } from '#service/index';
import { loadPublishedDocument } from '#service/http/published-contract';
import { useConformanceServers, type FullReply } from '#test/support/conformance-servers';
import { describeContract, type Harness } from '#test/support/harness';

/** An A1-like PKCS#12 (EC key, AES-256), passphrase "senha-teste". */
const PFX =
  'MIIEPAIBAzCCA/IGCSqGSIb3DQEHAaCCA+MEggPfMIID2zCCApIGCSqGSIb3DQEHBqCCAoMwggJ/AgEAMIICeAYJKoZIhvcNAQcBMFcGCSqGSIb3DQEFDTBKMCkGCSqGSIb3DQEFDDAcBAhnQRhdd+I9jwICCAAwDAYIKoZIhvcNAgkFADAdBglghkgBZQMEASoEECqi2dOg6L16+htS1nkRW3CAggIQATs117yK0qqiHUfmJNButbvAn+8mpIl4w0g9OGHn5wTLBEa1lz1FD2pzfmfWEhAkemywvCDIgQp1sNxcBmTLIr2BQhAkYQH0ip7T2NBtmV4bSJtg6oY6SgCy/Y1w6iX2zSSTRsn0gkUWaHJY7bVu5PuPGGueiLpxQc6TJ/aCK0MzhXkFzhZNCQnNQqpq8GWYxsAQqZn6vyurim8V+0tX8oPuGX5YE2VQj16XDO5osF3Id0DXVAkvoji4yLqsqmAfwwTg6TQsL6xSRY6BlSKduFYWDltNjVUGR0G4R3oD0AyDfGBD0AONZND7SAMZJ33qutfsXVU3Qtq7rOfZpnFDgNyZFQDogvNRBJrbRYWdQQz971sMrT0mj/ZgHk7FM1WCAXN5CSv7Ny5ety9Q3gcErMr8EJwcR0gvuKlTAR9q6xSEkPFoqWWiUQPK0d1qp44f0BruyQ4jU0I+COC/g6quyI4OrJhJPLB6G+X6CRihFA5/e8ynNANuyTbMM2PNqpY7sMLDCDVHz+VGmzmBcEgbKhD1TpEGAJcBMcGkAIXE69sT7une3n16HSvEb0rhkzu32QrxZVxP2txk2bLU2XvijB1UwQjYp1pTgmnxhabr08Gr4syqTBYbozgH9uApHrXDZ231Pw+8TigmPkTaO8qEZ5NkkBvPkjvO9ZxmMLVh7ulY5v86wcxRYz2YKA1iJ4IRMIIBQQYJKoZIhvcNAQcBoIIBMgSCAS4wggEqMIIBJgYLKoZIhvcNAQwKAQKgge8wgewwVwYJKoZIhvcNAQUNMEowKQYJKoZIhvcNAQUMMBwECCTvidmtEhoHAgIIADAMBggqhkiG9w0CCQUAMB0GCWCGSAFlAwQBKgQQEGzarkdlx1s2TMKXG8kbRASBkJachQwHtqgIfr+KP3PcG/RV3Srw2CxJkXLGoXOXNcYDTvMkuy4bdgBc2oB01DthX8ajC/h2E1OqEMkkE2keco7hyYfRgBnNALRF8v1PVkeTXo5Lx63pxrB2+9B2AW/6u+5kCDnjmLCAdgyuhtNdrOhD9uZPMJtOqgJk5GddOvA6eDzxANy9ZIDNT9iY3hzlnzElMCMGCSqGSIb3DQEJFTEWBBTQKdO+Z+BldIj8nRrJN8CEQFwqEDBBMDEwDQYJYIZIAWUDBAIBBQAEIGjaibSe5T32iQKyuFTJMi948b0UGvbBjh2QH+MvNPPABAgKIJHlhvFISAICCAA=';
/** The same with the legacy ciphers (RC2-40/3DES) real Brazilian A1 files often use. */
const LEGACY_PFX =
  'MIIDqgIBAzCCA3AGCSqGSIb3DQEHAaCCA2EEggNdMIIDWTCCAk8GCSqGSIb3DQEHBqCCAkAwggI8AgEAMIICNQYJKoZIhvcNAQcBMBwGCiqGSIb3DQEMAQYwDgQIyFXeiTUe2IECAggAgIICCGEG/uAFafnLSw14qO7TZFuG3QHKf7FMqPQFbzrL9Qs1PJIvL69IGUSdyFGUf/QfN2PLhZaN0eSQGth31dHdLDEcHxSDAf4YzC1Ca4HTvXqpFy4jhLiX6LXEDPiTz5kcvS7haHcjmHyWge+LWab6tx9ySn8BOwMDVcHLhV1eaPN/oa6YPGSJ2dynqG9IWiynUyw78uHXy9iC1onnKONHugEVT7YAQzLYhuRrdN00diKSh/AQ9XzLTdx8vkbzFMnNmjSP8o2lXsbdmW91o5OrVKOaXHnfmkmcBftSSH9eqyd7VdPPuJcyNRaOwgURquUG1vN+859NjU4Mkt5mM6CxltyxJH1Nf5xUI3KcfChgPp9fBvTBRz86/xvS8bcSvlDcOSbLZzG5CBdTjldqL5Q8pbK2eeusTmEuVybCPFr8omXetNyOrfnWu2BKCKMJGfDI3L/foaIIN7EQspZc4aZrpnBwF4mt9nxlWP4ugSatJPk094tUP6W6C7uYD4RJHqB/j37w1R3lRd+6ydYKbau0COP3axsCW4UjivsSeGi2ItYDn72V+LJLgEpxkei5sZfLbMU0NYMzEQhYc/bmInzV423vPUIZJGecJMHeAQMw+V2Ud6tA9HbVpqxCMa24XYQkdkVNJEhbjY4VkmSyw6MPYWwvBAvY2/btwWpl8ueEN4ugn4skiB8OoPgwggECBgkqhkiG9w0BBwGggfQEgfEwge4wgesGCyqGSIb3DQEMCgECoIG0MIGxMBwGCiqGSIb3DQEMAQMwDgQIVwNubo8XdTACAggABIGQ7zwbyzePo+fts/2qmC5BMC345a5A60b+hhzZNVVMl4cxexkzOpCQBnOF2Pqm9S+dmSI7/27maDMnXcYjEEygk1+fPQcz91k+O9oQ2YlR1KqvDCZIkB/paQNmLmkjIgcqLnzq3+20QTGLX7BRdYUrbCH06+Jv54YeVzt4VowNBQriz0Zo2sgDee77h19MKvD6MSUwIwYJKoZIhvcNAQkVMRYEFNAp075n4GV0iPydGsk3wIRAXCoQMDEwITAJBgUrDgMCGgUABBTwoDPBjT8w7GBXqV2asFzb8yPBQAQIP51UD+TdAIECAggA';
const PASSPHRASE = 'senha-teste';

const CPF = '52998224725';
const ADDRESS = { country: 'BR', zipcode: '01310-100', street: 'Avenida Paulista', number: '1000', state: 'sp' };
const CUSTOMER = {
  taxID: CPF,
  name: 'Maria Tomadora',
  email: 'maria@example.com',
  phone: '11987654321',
  address: ADDRESS,
};
const BILLING = '2026-11-22T12:00:00Z';

const TAX = { cityServiceCode: '2690', municipalSubscription: '123456', taxRegime: 'SimplesNacional' };

/** Invoices need the company INVOICE feature (the document's 403 "You need feature Invoice"): both companies get it. */
function enableInvoices(h: Harness, features: string[] = ['INVOICE']): void {
  for (const appId of [h.appId, h.other.appId]) {
    h.engine.db
      .prepare('UPDATE companies SET features = ? WHERE id = ?')
      .run(JSON.stringify(features), h.engine.tenancy.resolveTenant(appId)!.company.id);
  }
  h.engine.tenancy.invalidate();
}

/** Creates the integration, uploads the certificate, issues the test invoice and lets NFe.io confirm it. */
async function configure(h: Harness, appId = h.appId) {
  const as = { appId };
  expect((await h.client.request('upsertInvoiceIntegration', { body: TAX }, as)).status).toBe(201);
  expect(
    (await h.client.request('uploadInvoiceCertificate', { body: { pcks12: PFX, passphrase: PASSPHRASE } }, as)).status,
  ).toBe(200);
  expect((await h.client.request('issueInvoiceIntegrationTest', {}, as)).status).toBe(200);
  h.clock.advance(2_000);
  const got = await h.client.request('getInvoiceIntegration', {}, as);
  expect(got).toMatchObject({ status: 200, body: { integration: { status: 'CONFIGURED', isActive: true } } });
}

const invoiceBody = (correlationID: string, extra: Record<string, unknown> = {}) => ({
  correlationID,
  billingDate: BILLING,
  value: 15_000,
  description: 'Consultoria em TI',
  customer: CUSTOMER,
  ...extra,
});

function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'invoice-pdf-'));
  try {
    const file = join(dir, 'invoice.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Parses the XML with Python's minidom (a real XML parser): throws when it is not well formed. */
function parseXml(bytes: Uint8Array): void {
  const dir = mkdtempSync(join(tmpdir(), 'invoice-xml-'));
  try {
    const file = join(dir, 'invoice.xml');
    writeFileSync(file, bytes);
    execFileSync('python3', ['-c', 'import xml.dom.minidom,sys; xml.dom.minidom.parse(sys.argv[1])', file]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const INVOICE_TABLES = ['invoices', 'invoice_integrations', 'customers'] as const;

describeContract('invoice integration', (h) => {
  beforeEach(() => enableInvoices(h()));

  it('every invoice operation needs the company INVOICE feature: 403, nothing written', async () => {
    enableInvoices(h(), []);
    const before = h().counts('invoice_integrations', 'invoices');
    for (const [op, request] of [
      ['upsertInvoiceIntegration', { body: TAX }],
      ['getInvoiceIntegration', {}],
      ['createInvoice', { body: invoiceBody('sem-recurso') }],
      ['listInvoices', {}],
      ['getInvoicePdf', { params: { correlationID: 'sem-recurso' } }],
    ] as const) {
      expect(await h().client.request(op, request), op).toEqual({
        status: 403,
        body: { error: 'You need feature INVOICE to access this endpoint' },
      });
    }
    expect(h().counts('invoice_integrations', 'invoices')).toEqual(before);
  });

  it('runs CONFIGURING → certificate → test (VALIDATING) → CONFIGURED and active, with the tax fields kept', async () => {
    expect(await h().client.request('getInvoiceIntegration')).toEqual({
      status: 404,
      body: { error: 'Integration not found' },
    });
    const created = await h().client.request('upsertInvoiceIntegration', { body: TAX });
    expect(created).toEqual({
      status: 201,
      body: {
        integration: {
          id: expect.stringMatching(/^[0-9a-f]{24}$/),
          type: 'NFEIO',
          status: 'CONFIGURING',
          isActive: false,
          metadata: {
            nfeio: {
              nfeioCompanyId: expect.stringMatching(/^[0-9a-f]{32}$/),
              cityServiceCode: '2690',
              municipalSubscription: '123456',
              taxRegime: 'SimplesNacional',
            },
          },
        },
      },
    });
    const { integration } = (created as any).body;

    // Upsert: a second POST updates the same integration; "" clears a field.
    const updated = await h().ok('upsertInvoiceIntegration', {
      body: { specialTax: 'Nenhum', taxRegime: '', isPortalNacional: true },
    });
    expect(updated.integration).toEqual({
      ...integration,
      metadata: {
        nfeio: {
          nfeioCompanyId: integration.metadata.nfeio.nfeioCompanyId,
          cityServiceCode: '2690',
          municipalSubscription: '123456',
          specialTax: 'Nenhum',
          isPortalNacional: true,
        },
      },
    });
    expect(h().counts('invoice_integrations').invoice_integrations).toBe(1);

    // Not configured yet: activation is refused and nothing changes.
    const notConfigured = 'It is not possible to active an Integration not configured. Configure first, then active it';
    expect(await h().client.request('setInvoiceIntegrationActive', { body: { isActive: true } })).toEqual({
      status: 400,
      body: { error: notConfigured },
    });
    expect(await h().client.request('upsertInvoiceIntegration', { body: { isActive: true, rpsNumber: '7' } })).toEqual({
      status: 400,
      body: { error: notConfigured },
    });
    expect((await h().ok('getInvoiceIntegration')).integration).toEqual(updated.integration);

    // The test invoice needs the certificate.
    expect(await h().client.request('issueInvoiceIntegrationTest')).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('certificate') },
    });
    const upload = await h().client.request('uploadInvoiceCertificate', {
      body: { pcks12: PFX, passphrase: PASSPHRASE },
    });
    expect(upload).toEqual({ status: 200, body: { integration: { status: 'CONFIGURING' } } });
    const row = h().engine.db.prepare('SELECT * FROM invoice_integrations').get() as Record<string, unknown>;
    // Only the fingerprint is kept: neither the certificate nor its passphrase.
    expect(row.certificate_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(PASSPHRASE);
    expect(JSON.stringify(row)).not.toContain(PFX.slice(0, 40));

    const test = await h().client.request('issueInvoiceIntegrationTest');
    expect(test).toEqual({
      status: 200,
      body: { invoice: { id: expect.stringMatching(/^[0-9a-f]{24}$/) }, integration: { id: integration.id } },
    });
    expect((await h().ok('getInvoiceIntegration')).integration).toMatchObject({
      status: 'VALIDATING',
      isActive: false,
    });
    // Asked again while validating: the same test invoice, not a second.
    expect(await h().client.request('issueInvoiceIntegrationTest')).toEqual(test);

    h().clock.advance(1_999);
    expect((await h().ok('getInvoiceIntegration')).integration.status).toBe('VALIDATING');
    h().clock.advance(1);
    expect((await h().ok('getInvoiceIntegration')).integration).toMatchObject({ status: 'CONFIGURED', isActive: true });
    expect(await h().client.request('issueInvoiceIntegrationTest')).toEqual({
      status: 400,
      body: { error: 'Configured integration cannot issue test invoices anymore' },
    });

    // Deactivate, activate again; PUT changes the tax fields (legalNature too) and keeps the rest.
    expect(await h().client.request('setInvoiceIntegrationActive', { body: { isActive: false } })).toMatchObject({
      status: 200,
      body: { integration: { id: integration.id, type: 'NFEIO', status: 'CONFIGURED', isActive: false } },
    });
    expect((await h().ok('setInvoiceIntegrationActive', { body: { isActive: true } })).integration.isActive).toBe(true);
    const put = await h().client.request('updateInvoiceIntegrationTax', {
      body: { legalNature: 'SociedadeEmpresariaLimitada', cityServiceCode: '0107' },
    });
    expect(put).toMatchObject({
      status: 200,
      body: {
        integration: {
          status: 'CONFIGURED',
          isActive: true,
          metadata: {
            nfeio: { cityServiceCode: '0107', legalNature: 'SociedadeEmpresariaLimitada', specialTax: 'Nenhum' },
          },
        },
      },
    });
    expect((await h().ok('getInvoiceIntegration')).integration).toEqual((put as any).body.integration);
  });

  it('checks the certificate with its passphrase unless test is true, and refuses bad input writing nothing', async () => {
    const upload = (body: unknown, appId = h().appId) =>
      h().client.request('uploadInvoiceCertificate', { body: body as never }, { appId });
    // No integration yet: the OpenAPI file's 404.
    expect(await upload({ pcks12: PFX, passphrase: PASSPHRASE })).toEqual({
      status: 404,
      body: { error: 'You need to configure the invoice integration' },
    });
    await h().ok('upsertInvoiceIntegration');
    const before = h().engine.db.prepare('SELECT * FROM invoice_integrations').get();
    const invalid = 'Error uploading certificate, check if the password or the certificate is correct';
    expect(await upload({ pcks12: PFX, passphrase: 'errada' })).toEqual({ status: 400, body: { error: invalid } });
    expect(await upload({ pcks12: Buffer.from('not a certificate').toString('base64'), passphrase: 'x' })).toEqual({
      status: 400,
      body: { error: invalid },
    });
    for (const [body, message] of [
      [{ passphrase: PASSPHRASE }, 'pcks12 is required'],
      [{ pcks12: 'não é base64!', passphrase: PASSPHRASE }, 'pcks12 must be a base64-encoded string'],
      [{ pcks12: 12345, passphrase: PASSPHRASE }, 'pcks12 must be a base64-encoded string'],
      [{ pcks12: PFX }, 'passphrase is required'],
      [{ pcks12: PFX, passphrase: PASSPHRASE, test: 'yes' }, 'test must be true or false'],
    ] as const) {
      expect(await upload(body)).toEqual({ status: 400, body: { error: expect.stringContaining(message) } });
    }
    expect(h().engine.db.prepare('SELECT * FROM invoice_integrations').get()).toEqual(before);

    // A legacy-cipher file opens (its MAC proves the passphrase); base64 wrapped in lines is read.
    const wrapped = LEGACY_PFX.replace(/(.{76})/g, '$1\n');
    expect(await upload({ pcks12: wrapped, passphrase: PASSPHRASE })).toEqual({
      status: 200,
      body: { integration: { status: 'CONFIGURING' } },
    });
    expect(await upload({ pcks12: LEGACY_PFX, passphrase: 'errada' })).toEqual({
      status: 400,
      body: { error: invalid },
    });
    // test: true skips the check, as the OpenAPI file says.
    expect(await upload({ pcks12: 'AAAA', passphrase: '', test: true })).toEqual({
      status: 200,
      body: { integration: { status: 'CONFIGURING' } },
    });
  });

  it('refuses bad settings input with 400 and writes nothing; PUT and PATCH need an integration (404)', async () => {
    expect(await h().client.request('updateInvoiceIntegrationTax', { body: TAX })).toEqual({
      status: 404,
      body: { error: 'Integration not found' },
    });
    expect(await h().client.request('setInvoiceIntegrationActive', { body: { isActive: false } })).toEqual({
      status: 404,
      body: { error: 'Integration not found' },
    });
    expect(await h().client.request('issueInvoiceIntegrationTest')).toEqual({
      status: 404,
      body: { error: 'NFE integration not found' },
    });
    for (const [op, body] of [
      ['upsertInvoiceIntegration', { cityServiceCode: 2690 }],
      ['upsertInvoiceIntegration', { isActive: 'true' }],
      ['upsertInvoiceIntegration', { rpsNumber: 'abc' }],
      ['upsertInvoiceIntegration', { municipalSubscription: 'x'.repeat(61) }],
      ['upsertInvoiceIntegration', [1, 2]],
    ] as const) {
      expect((await h().client.request(op, { body })).status).toBe(400);
    }
    expect(h().counts(...INVOICE_TABLES)).toEqual({ invoices: 0, invoice_integrations: 0, customers: 0 });
    await h().ok('upsertInvoiceIntegration');
    expect((await h().client.request('setInvoiceIntegrationActive', { body: {} })).status).toBe(400);
    expect(
      (await h().client.request('updateInvoiceIntegrationTax', { body: { isPortalNacional: 'sim' } })).status,
    ).toBe(400);
  });

  it("never shows, changes or tests another company's integration", async () => {
    await configure(h());
    const other = { appId: h().other.appId };
    expect(await h().client.request('getInvoiceIntegration', {}, other)).toEqual({
      status: 404,
      body: { error: 'Integration not found' },
    });
    expect((await h().client.request('setInvoiceIntegrationActive', { body: { isActive: false } }, other)).status).toBe(
      404,
    );
    expect((await h().client.request('updateInvoiceIntegrationTax', { body: TAX }, other)).status).toBe(404);
    // The other company's POST makes its own integration, not a change of this one.
    const theirs = await h().client.request('upsertInvoiceIntegration', { body: { cityServiceCode: '9999' } }, other);
    expect(theirs).toMatchObject({ status: 201, body: { integration: { status: 'CONFIGURING', isActive: false } } });
    const mine = (await h().ok('getInvoiceIntegration')).integration;
    expect(mine.id).not.toBe((theirs as any).body.integration.id);
    expect(mine).toMatchObject({
      status: 'CONFIGURED',
      isActive: true,
      metadata: { nfeio: { cityServiceCode: '2690' } },
    });
  });
});

describeContract('invoices', (h) => {
  beforeEach(() => enableInvoices(h()));

  it('creates for a value and customer: PROCESSING, then CONFIRMED on the clock; a retry makes no second', async () => {
    // No integration: refused with the file's message, nothing written (no customer either).
    expect(await h().client.request('createInvoice', { body: invoiceBody('nf-1') })).toEqual({
      status: 400,
      body: { error: 'You need to configure the invoice integration' },
    });
    expect(h().counts(...INVOICE_TABLES)).toEqual({ invoices: 0, invoice_integrations: 0, customers: 0 });
    await configure(h());

    const created = await h().client.request('createInvoice', { body: invoiceBody('nf-1') });
    expect(created).toEqual({
      status: 201,
      body: {
        invoice: {
          id: expect.stringMatching(/^[0-9a-f]{24}$/),
          value: 15_000,
          date: '2026-11-22T15:00:02.000Z',
          billingDate: '2026-11-22T12:00:00.000Z',
          status: 'PROCESSING',
          statusRaw: null,
          correlationID: 'nf-1',
          customer: { correlationID: expect.any(String), name: 'Maria Tomadora' },
        },
      },
    });
    const { invoice } = (created as any).body;
    // The inline customer became a customer of the company.
    const customer = await h().ok('getCustomer', { params: { id: CPF } });
    expect(customer.customer).toMatchObject({ name: 'Maria Tomadora', correlationID: invoice.customer.correlationID });

    const counts = h().counts(...INVOICE_TABLES);
    expect(await h().client.request('createInvoice', { body: invoiceBody('nf-1') })).toEqual(created);
    expect(h().counts(...INVOICE_TABLES)).toEqual(counts);
    expect(await h().client.request('createInvoice', { body: invoiceBody('nf-1', { value: 15_001 }) })).toEqual({
      status: 400,
      body: { error: 'An invoice with correlationID nf-1 already exists with different data' },
    });

    h().clock.advance(2_000);
    const listed = await h().ok('listInvoices');
    expect(listed).toEqual({
      invoices: [{ ...invoice, status: 'CONFIRMED' }],
      pageInfo: { skip: 0, limit: 100, totalCount: 1, hasPreviousPage: false, hasNextPage: false },
    });
    const row = h().engine.db.prepare('SELECT number, verification_code FROM invoices').get() as any;
    expect(row).toEqual({ number: 1, verification_code: expect.stringMatching(/^[0-9A-F]{8}$/) });
    // The retry after confirmation answers the invoice as it is now.
    expect(await h().client.request('createInvoice', { body: invoiceBody('nf-1') })).toEqual({
      status: 201,
      body: { invoice: { ...invoice, status: 'CONFIRMED' } },
    });
  });

  it('creates for a charge: its value and customer, the charge as it is now; one valid invoice per charge', async () => {
    await configure(h());
    const { charge } = await h().ok('createCharge', {
      body: {
        correlationID: 'venda-1',
        value: 4_990,
        customer: { name: 'Cliente da Venda', taxID: '11222333000181', email: 'compras@example.com', address: ADDRESS },
      },
    });
    const created = await h().client.request('createInvoice', {
      body: { correlationID: 'nf-venda-1', billingDate: BILLING, charge: 'venda-1' },
    });
    expect(created).toMatchObject({
      status: 201,
      body: {
        invoice: {
          value: 4_990,
          customer: { correlationID: charge.customer.correlationID, name: 'Cliente da Venda' },
          charge: { correlationID: 'venda-1', value: 4_990, status: 'ACTIVE', date: charge.createdAt },
        },
      },
    });
    expect((created as any).body.invoice.charge.paidAt).toBeUndefined();
    await h().ok('sandboxPay', { query: { transactionID: charge.transactionID } });
    const [listed] = (await h().ok('listInvoices')).invoices;
    expect(listed.charge).toEqual({
      correlationID: 'venda-1',
      value: 4_990,
      status: 'COMPLETED',
      paidAt: expect.any(String),
      date: charge.createdAt,
    });
    // The charge named by its globalID is the same charge: it already has a valid invoice.
    expect(
      await h().client.request('createInvoice', {
        body: { correlationID: 'nf-venda-1b', billingDate: BILLING, charge: charge.globalID },
      }),
    ).toEqual({ status: 400, body: { error: 'The charge already has an invoice (correlationID nf-venda-1)' } });

    // Once cancelled, the charge can be invoiced again.
    h().clock.advance(2_000);
    await h().ok('cancelInvoice', { params: { correlationID: 'nf-venda-1' } });
    expect(
      (
        await h().client.request('createInvoice', {
          body: { correlationID: 'nf-venda-1b', billingDate: BILLING, charge: 'venda-1' },
        })
      ).status,
    ).toBe(201);

    // A charge whose customer has no address cannot name a tomador.
    await h().ok('createCharge', {
      body: { correlationID: 'venda-2', value: 100, customer: { name: 'Sem Endereço', taxID: '39053344705' } },
    });
    expect(
      await h().client.request('createInvoice', {
        body: { correlationID: 'nf-2', billingDate: BILLING, charge: 'venda-2' },
      }),
    ).toEqual({ status: 400, body: { error: 'Customer address is invalid' } });
    // A charge without a customer has no tomador unless one is named.
    await h().ok('createCharge', { body: { correlationID: 'venda-3', value: 100 } });
    expect(
      await h().client.request('createInvoice', {
        body: { correlationID: 'nf-3', billingDate: BILLING, charge: 'venda-3' },
      }),
    ).toEqual({ status: 400, body: { error: 'Customer not found' } });
    expect(
      await h().client.request('createInvoice', {
        body: { correlationID: 'nf-3', billingDate: BILLING, charge: 'venda-3', customerId: CPF },
      }),
    ).toEqual({ status: 400, body: { error: 'Customer not found' } });
    await h().ok('createInvoice', { body: invoiceBody('nf-cliente') });
    expect(
      await h().client.request('createInvoice', {
        body: { correlationID: 'nf-3', billingDate: BILLING, charge: 'venda-3', customerId: CPF },
      }),
    ).toMatchObject({ status: 201, body: { invoice: { value: 100, customer: { name: 'Maria Tomadora' } } } });
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    await configure(h());
    const before = h().counts(...INVOICE_TABLES);
    const { customer: _customer, ...withoutCustomer } = invoiceBody('x');
    const cases: [unknown, string][] = [
      [{ ...invoiceBody('x'), charge: 'venda' }, 'not both'],
      [{ correlationID: 'x', billingDate: BILLING }, 'either charge'],
      [withoutCustomer, 'customer or customerId is required'],
      [{ ...invoiceBody('x'), customerId: CPF }, 'either customer or customerId'],
      [{ ...invoiceBody('x'), billingDate: undefined }, 'billingDate'],
      [{ ...invoiceBody('x'), billingDate: '2026-11-22' }, 'RFC 3339'],
      [{ ...invoiceBody('x'), correlationID: '' }, 'correlationID is required'],
      [{ ...invoiceBody('x'), value: 0 }, 'value must be at least 1 cent'],
      [{ ...invoiceBody('x'), value: 10.5 }, 'value must be an integer number of cents'],
      [{ ...invoiceBody('x'), value: 'dez' }, 'value must be a number of cents'],
      [{ ...invoiceBody('x'), customer: { ...CUSTOMER, taxID: '123' } }, 'taxID is not a valid CPF or CNPJ'],
      [{ ...invoiceBody('x'), customer: { ...CUSTOMER, email: 'no-at' } }, 'email'],
      [{ ...invoiceBody('x'), customer: { ...CUSTOMER, address: undefined } }, 'address'],
      [{ ...invoiceBody('x'), customer: { ...CUSTOMER, address: { ...ADDRESS, zipcode: '123' } } }, 'CEP'],
      [{ ...invoiceBody('x'), customer: { ...CUSTOMER, address: { ...ADDRESS, state: 'São Paulo' } } }, 'UF'],
      [{ ...invoiceBody('x'), customer: { ...CUSTOMER, address: { ...ADDRESS, street: ' ' } } }, 'street is required'],
      [{ ...invoiceBody('x'), description: 'x'.repeat(2001) }, 'description is too long'],
      [[invoiceBody('x')], 'JSON object'],
    ];
    for (const [body, message] of cases) {
      const reply = await h().client.request('createInvoice', { body: body as never });
      expect(reply, JSON.stringify(body).slice(0, 120)).toEqual({
        status: 400,
        body: { error: expect.stringContaining(message) },
      });
    }
    // Names that do not exist.
    expect(
      await h().client.request('createInvoice', { body: { correlationID: 'x', billingDate: BILLING, charge: 'nope' } }),
    ).toEqual({ status: 400, body: { error: 'Charge not found' } });
    expect(
      await h().client.request('createInvoice', {
        body: { correlationID: 'x', billingDate: BILLING, value: 100, customerId: 'nope' },
      }),
    ).toEqual({ status: 400, body: { error: 'Customer not found' } });
    // A known customer without an address cannot be the tomador.
    await h().ok('createCustomer', { body: { name: 'Sem Endereço', taxID: '39053344705', correlationID: 'sem-end' } });
    const withCustomer = h().counts(...INVOICE_TABLES);
    expect(
      await h().client.request('createInvoice', {
        body: { correlationID: 'x', billingDate: BILLING, value: 100, customerId: 'sem-end' },
      }),
    ).toEqual({ status: 400, body: { error: 'Customer address is invalid' } });
    expect(h().counts(...INVOICE_TABLES)).toEqual(withCustomer);
    expect(withCustomer).toEqual({ ...before, customers: before.customers + 1 });

    // An inactive integration issues nothing; its invoices stay listed.
    await h().ok('createInvoice', { body: invoiceBody('antes') });
    await h().ok('setInvoiceIntegrationActive', { body: { isActive: false } });
    expect(await h().client.request('createInvoice', { body: invoiceBody('depois') })).toEqual({
      status: 400,
      body: { error: 'You need to configure the invoice integration' },
    });
    expect((await h().ok('listInvoices')).invoices.map((i: any) => i.correlationID)).toEqual(['antes']);
  });

  it('lists newest first, by page, between days or instants; refuses bad filters', async () => {
    expect(await h().client.request('listInvoices')).toEqual({
      status: 400,
      body: { error: 'You need to configure the invoice integration' },
    });
    await configure(h());
    for (const [i, day] of ['2026-11-22', '2026-11-23', '2026-11-24'].entries()) {
      // 18:00 in São Paulo: 21:00 UTC, the same calendar day there.
      h().clock.set(`${day}T21:00:00.000Z`);
      await h().ok('createInvoice', { body: invoiceBody(`nf-${i}`) });
    }
    const ids = (query: Record<string, string>) =>
      h()
        .ok('listInvoices', { query })
        .then((body) => body.invoices.map((i: any) => i.correlationID));
    expect(await ids({})).toEqual(['nf-2', 'nf-1', 'nf-0']);
    const page = await h().ok('listInvoices', { query: { limit: '2' } });
    expect(page.pageInfo).toEqual({ skip: 0, limit: 2, totalCount: 3, hasPreviousPage: false, hasNextPage: true });
    expect(await ids({ skip: '2', limit: '2' })).toEqual(['nf-0']);
    expect(await ids({ start: '2026-11-23' })).toEqual(['nf-2', 'nf-1']);
    expect(await ids({ end: '2026-11-23' })).toEqual(['nf-1', 'nf-0']);
    expect(await ids({ start: '2026-11-23', end: '2026-11-23' })).toEqual(['nf-1']);
    expect(await ids({ start: '2026-11-23T21:00:00Z', end: '2026-11-24T17:59:59-03:00' })).toEqual(['nf-1']);
    for (const query of [{ limit: '0' }, { limit: '101' }, { skip: '-1' }, { start: '2026-02-30' }, { end: 'ontem' }]) {
      expect((await h().client.request('listInvoices', { query })).status, JSON.stringify(query)).toBe(400);
    }
  });

  it('cancels only a CONFIRMED invoice; its PDF and XML are well formed and say they are sandbox documents', async () => {
    await configure(h());
    await h().ok('createInvoice', { body: invoiceBody('nf-1') });
    const notConfirmed = { status: 400, body: { error: 'Cannot cancel a not confirmed invoice' } };
    expect(await h().client.request('cancelInvoice', { params: { correlationID: 'nf-1' } })).toEqual(notConfirmed);
    // No documents before the city hall issued it (never the file's 500).
    expect((await h().client.request('getInvoicePdf', { params: { correlationID: 'nf-1' } })).status).toBe(404);
    expect((await h().client.request('getInvoiceXml', { params: { correlationID: 'nf-1' } })).status).toBe(404);
    h().clock.advance(2_000);

    const pdf = await h().client.request('getInvoicePdf', { params: { correlationID: 'nf-1' } });
    expect(pdf).toMatchObject({ status: 200, contentType: 'application/pdf' });
    const text = pdfText((pdf as any).bytes);
    expect(text).toContain('DOCUMENTO DE SANDBOX - SEM VALOR FISCAL');
    expect(text).toContain('Maria Tomadora');
    expect(text).toContain('529.982.247-25');
    expect(text).toMatch(/R\$\s*150,00/);
    expect(text).toContain('EMITIDA');

    const xml = await h().client.request('getInvoiceXml', { params: { correlationID: 'nf-1' } });
    expect(xml).toMatchObject({ status: 200, contentType: expect.stringContaining('application/xml') });
    const bytes = (xml as any).bytes as Uint8Array;
    parseXml(bytes);
    const source = new TextDecoder().decode(bytes);
    expect(source).toContain('<AvisoSandbox>DOCUMENTO DE SANDBOX - SEM VALOR FISCAL</AvisoSandbox>');
    expect(source).toContain('<Ambiente>SANDBOX</Ambiente>');
    expect(source).toContain('<Numero>1</Numero>');
    expect(source).toContain('<ValorServicos>150.00</ValorServicos>');
    expect(source).toContain(`<Cpf>${CPF}</Cpf>`);
    expect(source).not.toContain('NfseCancelamento');

    expect(await h().client.request('cancelInvoice', { params: { correlationID: 'nf-1' } })).toEqual({
      status: 200,
      body: { success: true },
    });
    expect((await h().ok('listInvoices')).invoices[0].status).toBe('CANCELED');
    expect(await h().client.request('cancelInvoice', { params: { correlationID: 'nf-1' } })).toEqual(notConfirmed);
    expect(
      pdfText(((await h().client.request('getInvoicePdf', { params: { correlationID: 'nf-1' } })) as any).bytes),
    ).toContain('CANCELADA');
    const canceledXml = (await h().client.request('getInvoiceXml', { params: { correlationID: 'nf-1' } })) as any;
    parseXml(canceledXml.bytes);
    expect(new TextDecoder().decode(canceledXml.bytes)).toContain('<NfseCancelamento>');

    // A path id that is only blanks, or too long, is bad input.
    for (const op of ['cancelInvoice', 'getInvoicePdf', 'getInvoiceXml'] as const) {
      for (const correlationID of [' ', 'x'.repeat(256)]) {
        expect(await h().client.request(op, { params: { correlationID } }), op).toMatchObject({
          status: 400,
          body: { error: expect.stringContaining('correlationID') },
        });
      }
    }
    expect(await h().client.request('cancelInvoice', { params: { correlationID: 'nope' } })).toEqual({
      status: 404,
      body: { error: 'Invoice not found' },
    });
    expect(await h().client.request('getInvoicePdf', { params: { correlationID: 'nope' } })).toEqual({
      status: 404,
      body: { error: 'Invoice not found' },
    });
  });

  it('keeps XML-special and non-Latin text of the request well formed in the documents', async () => {
    await configure(h());
    await h().ok('createInvoice', {
      body: invoiceBody('nf-<&>"\'', {
        description: 'Serviço <b>&</b> "aspas" \u0001 ✓ 漢字 --> fim',
        customer: { ...CUSTOMER, name: 'Ana & <Filhos> ✓' },
      }),
    });
    h().clock.advance(2_000);
    const xml = (await h().client.request('getInvoiceXml', { params: { correlationID: 'nf-<&>"\'' } })) as any;
    expect(xml.status).toBe(200);
    parseXml(xml.bytes);
    expect(new TextDecoder().decode(xml.bytes)).toContain('<RazaoSocial>Ana &amp; &lt;Filhos&gt; ✓</RazaoSocial>');
    const pdf = (await h().client.request('getInvoicePdf', { params: { correlationID: 'nf-<&>"\'' } })) as any;
    expect(pdf.status).toBe(200);
    expect(pdfText(pdf.bytes)).toContain('Ana & <Filhos>');
  });

  it('an invoice whose correlationID is "integration" or "test" is still reached by its paths', async () => {
    await configure(h());
    for (const id of ['integration', 'test']) await h().ok('createInvoice', { body: invoiceBody(id) });
    h().clock.advance(2_000);
    for (const id of ['integration', 'test']) {
      expect(await h().client.request('getInvoicePdf', { params: { correlationID: id } })).toMatchObject({
        status: 200,
      });
      expect(await h().client.request('cancelInvoice', { params: { correlationID: id } })).toEqual({
        status: 200,
        body: { success: true },
      });
    }
    expect((await h().ok('getInvoiceIntegration')).integration.status).toBe('CONFIGURED');
  });

  it("never sees, cancels or downloads another company's invoice; the same correlationID is each company's own", async () => {
    await configure(h());
    await configure(h(), h().other.appId);
    const other = { appId: h().other.appId };
    const mine = (await h().ok('createInvoice', { body: invoiceBody('nf-1') })).invoice;
    h().clock.advance(2_000);
    for (const op of ['cancelInvoice', 'getInvoicePdf', 'getInvoiceXml'] as const) {
      for (const id of ['nf-1', mine.id]) {
        expect(await h().client.request(op, { params: { correlationID: id } }, other), `${op} ${id}`).toEqual({
          status: 404,
          body: { error: 'Invoice not found' },
        });
      }
    }
    expect(await h().client.request('listInvoices', {}, other)).toMatchObject({ status: 200, body: { invoices: [] } });
    // Their invoice for our charge: the charge is not theirs.
    await h().ok('createCharge', { body: { correlationID: 'venda-1', value: 500 } });
    expect(
      await h().client.request(
        'createInvoice',
        { body: { correlationID: 'nf-x', billingDate: BILLING, charge: 'venda-1' } },
        other,
      ),
    ).toEqual({ status: 400, body: { error: 'Charge not found' } });
    // Our customer is not theirs either.
    expect(
      await h().client.request(
        'createInvoice',
        { body: { correlationID: 'nf-x', billingDate: BILLING, value: 100, customerId: CPF } },
        other,
      ),
    ).toEqual({ status: 400, body: { error: 'Customer not found' } });
    // The same correlationID in the other company is its own invoice.
    const theirs = await h().client.request('createInvoice', { body: invoiceBody('nf-1', { value: 777 }) }, other);
    expect(theirs).toMatchObject({ status: 201, body: { invoice: { value: 777, status: 'PROCESSING' } } });
    expect((theirs as any).body.invoice.id).not.toBe(mine.id);
    expect((await h().ok('listInvoices')).invoices).toEqual([{ ...mine, status: 'CONFIRMED' }]);
    // A cancel by them of their own leaves ours confirmed.
    h().clock.advance(2_000);
    expect((await h().client.request('cancelInvoice', { params: { correlationID: 'nf-1' } }, other)).status).toBe(200);
    expect((await h().ok('listInvoices')).invoices[0].status).toBe('CONFIRMED');
  });
});

type JsonSchema = Record<string, any>;
type Reply = FullReply & { method: string; path: string };

function jsonSchemaOf(document: JsonSchema, method: string, path: string, status: number): JsonSchema | undefined {
  return document.paths?.[path]?.[method.toLowerCase()]?.responses?.[String(status)]?.content?.['application/json']
    ?.schema;
}

/**
 * The published document, where the file gives the two GETs examples but no schema: their
 * answers are held to the schemas it gives the same objects elsewhere (the created invoice, the
 * created integration).
 */
function publishedWithFallbacks(): JsonSchema {
  const published = structuredClone<JsonSchema>(loadPublishedDocument());
  const createdInvoice = jsonSchemaOf(published, 'POST', '/api/v1/invoice', 201)!;
  const fallbacks: [string, JsonSchema][] = [
    [
      '/api/v1/invoice',
      {
        type: 'object',
        required: ['invoices'],
        properties: { invoices: { type: 'array', items: createdInvoice.properties.invoice } },
      },
    ],
    ['/api/v1/invoice/integration', jsonSchemaOf(published, 'POST', '/api/v1/invoice/integration', 201)!],
  ];
  for (const [path, schema] of fallbacks) {
    const response = published.paths[path].get.responses['200'];
    if (jsonSchemaOf(published, 'GET', path, 200)) continue;
    response.content = { ...response.content, 'application/json': { schema } };
  }
  return published;
}

describe('invoice answers against the published schemas (--strict) and the derived ones (default)', () => {
  const clock = new ManualClock('2026-11-22T15:00:00.000Z');
  const servers = useConformanceServers({
    clock,
    company: { features: ['INVOICE'] },
    published: publishedWithFallbacks(),
    listen: true,
  });
  async function call(service: SandboxService, method: string, url: string, body?: unknown): Promise<Reply> {
    return { method, path: url.split('?')[0]!, ...(await servers.inject(service, method, url, body)) };
  }

  /** Every invoice operation, the documented path of each answer beside it. */
  async function journey(service: SandboxService): Promise<Reply[]> {
    const replies: Reply[] = [];
    const at = async (path: string, method: string, url: string, body?: unknown) => {
      const reply = await call(service, method, url, body);
      replies.push({ ...reply, path });
      return reply;
    };
    const INTEGRATION = '/api/v1/invoice/integration';
    await at(INTEGRATION, 'GET', INTEGRATION);
    await at(INTEGRATION, 'POST', INTEGRATION, TAX);
    await at(INTEGRATION, 'PUT', INTEGRATION, { legalNature: 'EmpresaIndividual' });
    await at(INTEGRATION, 'PATCH', INTEGRATION, { isActive: true });
    await at(`${INTEGRATION}/certificate`, 'POST', `${INTEGRATION}/certificate`, { pcks12: PFX, passphrase: 'errada' });
    await at(`${INTEGRATION}/certificate`, 'POST', `${INTEGRATION}/certificate`, {
      pcks12: PFX,
      passphrase: PASSPHRASE,
    });
    await at(`${INTEGRATION}/test`, 'POST', `${INTEGRATION}/test`);
    clock.advance(2_000);
    await at(`${INTEGRATION}/test`, 'POST', `${INTEGRATION}/test`);
    await at(INTEGRATION, 'GET', INTEGRATION);
    await at(INTEGRATION, 'PATCH', INTEGRATION, { isActive: false });
    await at(INTEGRATION, 'PATCH', INTEGRATION, { isActive: true });

    await at('/api/v1/invoice', 'POST', '/api/v1/invoice', invoiceBody('nf-1'));
    await at('/api/v1/invoice', 'POST', '/api/v1/invoice', { correlationID: 'x' });
    await call(service, 'POST', '/api/v1/charge', {
      correlationID: 'venda-1',
      value: 990,
      customer: { ...CUSTOMER, correlationID: 'c1' },
    });
    await at('/api/v1/invoice', 'POST', '/api/v1/invoice', {
      correlationID: 'nf-2',
      billingDate: BILLING,
      charge: 'venda-1',
    });
    await at('/api/v1/invoice', 'GET', '/api/v1/invoice?limit=10&start=2026-11-01');
    await at('/api/v1/invoice', 'GET', '/api/v1/invoice?limit=0');
    await at('/api/v1/invoice/{correlationID}/cancel', 'POST', '/api/v1/invoice/nf-1/cancel');
    clock.advance(2_000);
    await at('/api/v1/invoice/{correlationID}/cancel', 'POST', '/api/v1/invoice/nf-1/cancel');
    await at('/api/v1/invoice/{correlationID}/cancel', 'POST', '/api/v1/invoice/nope/cancel');
    await at('/api/v1/invoice/{correlationID}/pdf', 'GET', '/api/v1/invoice/nope/pdf');
    await at('/api/v1/invoice/{correlationID}/xml', 'GET', '/api/v1/invoice/nope/xml');
    await at('/api/v1/invoice', 'GET', '/api/v1/invoice');
    expect(replies.map((r) => `${r.method} ${r.status}`)).toEqual([
      'GET 404',
      'POST 201',
      'PUT 200',
      'PATCH 400',
      'POST 400',
      'POST 200',
      'POST 200',
      'POST 400',
      'GET 200',
      'PATCH 200',
      'PATCH 200',
      'POST 201',
      'POST 400',
      'POST 201',
      'GET 200',
      'GET 400',
      'POST 400',
      'POST 200',
      'POST 404',
      'GET 404',
      'GET 404',
      'GET 200',
    ]);
    // The documents, with the content types and Content-Disposition the file shows.
    for (const [kind, type] of [
      ['pdf', 'application/pdf'],
      ['xml', 'application/xml'],
    ] as const) {
      const reply = await call(service, 'GET', `/api/v1/invoice/nf-2/${kind}`);
      expect(reply.status).toBe(200);
      expect(String(reply.headers['content-type'])).toContain(type);
      expect(reply.headers['content-disposition']).toBe(`inline; filename="invoice.${kind}"`);
      if (kind === 'xml') parseXml(reply.body);
      else expect(pdfText(reply.body)).toContain('DOCUMENTO DE SANDBOX - SEM VALOR FISCAL');
    }
    return replies;
  }

  it('every answer validates against the published document under --strict', async () => {
    const replies = await journey(servers.strict);
    let checked = 0;
    for (const reply of replies) {
      const verdict = servers.conforms('strict', reply.method, reply.path, reply.status, reply.body, reply.contentType);
      if (verdict.kind === 'no-schema' || verdict.kind === 'undocumented-status') {
        // 401s and the like are bare descriptions; every success here has a schema.
        expect(reply.status, `${reply.method} ${reply.path}`).toBeGreaterThanOrEqual(400);
        continue;
      }
      expect(verdict, `${reply.method} ${reply.path} ${reply.status} ${JSON.stringify(reply.body)}`).toEqual({
        kind: 'valid',
      });
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(18);
    // Shaped to the published schema: the created invoice has no correlationID there, the list's example does.
    const created = replies.find((r) => r.method === 'POST' && r.path === '/api/v1/invoice' && r.status === 201)!;
    expect(created.body.invoice).not.toHaveProperty('correlationID');
    const patched = replies.find((r) => r.method === 'PATCH' && r.status === 200)!;
    expect(Object.keys(patched.body.integration).sort()).toEqual(['id', 'isActive', 'status', 'type']);
  });

  it('every answer validates against the derived document (GET /openapi.json) by default', async () => {
    const derived = servers.derived as JsonSchema;
    // The constraints the server enforces are in the derived document.
    const create = derived.paths['/api/v1/invoice'].post.requestBody.content['application/json'].schema;
    expect(create.required).toEqual(expect.arrayContaining(['correlationID', 'billingDate']));
    expect(create.oneOf).toHaveLength(2);
    expect(create.properties.value).toMatchObject({ type: 'integer', minimum: 1 });
    expect(create.properties.customer.properties.address.properties.state.pattern).toBeDefined();
    const list = derived.paths['/api/v1/invoice'].get.parameters as { name: string; schema: JsonSchema }[];
    expect(list.map((p) => p.name).sort()).toEqual(['end', 'limit', 'skip', 'start']);
    const certificate =
      derived.paths['/api/v1/invoice/integration/certificate'].post.requestBody.content['application/json'].schema;
    expect(certificate.required.sort()).toEqual(['passphrase', 'pcks12']);
    expect(certificate.properties.pcks12.pattern).toBeDefined();
    expect(Object.keys(derived.paths['/api/v1/invoice/{correlationID}/xml'].get.responses['200'].content)).toEqual([
      'application/xml',
    ]);

    let checked = 0;
    for (const reply of await journey(servers.plain)) {
      const verdict = servers.conforms('plain', reply.method, reply.path, reply.status, reply.body, reply.contentType);
      expect(verdict, `${reply.method} ${reply.path} ${reply.status} ${JSON.stringify(reply.body)}`).toEqual({
        kind: 'valid',
      });
      checked++;
    }
    expect(checked).toBe(22);
  });
});
