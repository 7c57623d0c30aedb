import { randomBytes } from 'node:crypto';
import type { Sweeper } from '../context';
import { invoiceIntegrationRepo } from './invoice-integration-repo';
import { invoiceRepo } from './invoice-repo';

/**
 * How long the sandbox's NFe.io takes to answer: a test invoice is confirmed (the integration
 * turns CONFIGURED and active), and an invoice is issued by the city hall (PROCESSING →
 * CONFIRMED), this long after it was sent.
 */
export const INVOICE_PROCESSING_MS = 2_000;

/** An NFS-e verification code: 8 characters, as city halls print them. */
function verificationCode(): string {
  return randomBytes(4).toString('hex').toUpperCase();
}

/**
 * The sandbox's NFe.io answering on the clock. The OpenAPI file names no webhook event for
 * invoices, so these transitions emit none: clients see them by reading the integration or the
 * invoice list.
 */
export const invoiceSweeper: Sweeper = {
  nextDeadline(db) {
    const validation = invoiceIntegrationRepo(db).earliestValidation();
    const issue = invoiceRepo(db).earliestIssue();
    if (validation === null) return issue;
    if (issue === null) return validation;
    return validation < issue ? validation : issue;
  },
  run(db, now) {
    const at = now.toISOString();
    const integrations = invoiceIntegrationRepo(db);
    for (const integration of integrations.dueForValidation(at)) integrations.confirm(integration.id, at);
    const invoices = invoiceRepo(db);
    for (const invoice of invoices.dueForIssue(at)) {
      // The number is taken only by the invoice that turns CONFIRMED here: confirm() checks PROCESSING.
      if (invoice.status !== 'PROCESSING') continue;
      invoices.confirm(invoice.id, integrations.takeNumber(invoice.integration_id, at), verificationCode(), at);
    }
  },
};
