import type { Migration } from '#lib/store/migrate';
import { printJobsSchema } from './005-print-jobs';
import { refundSlipsSchema } from './006-refund-slips';
import { registerReportsSchema } from './007-register-reports';
import { chargeQrSlipsSchema } from './008-charge-qr-slips';

// Printing's part of counter.db (print rules and jobs), in counter.db's one version sequence
// (composed in src/main/counter/sync/migrations/index.ts): a printing migration takes the next free
// number, and a shipped one keeps its number, name and text for good.
export const printingMigrations: readonly Migration[] = [
  { version: 5, name: 'print-jobs', sql: printJobsSchema },
  { version: 6, name: 'refund-slips', sql: refundSlipsSchema },
  { version: 7, name: 'register-reports', sql: registerReportsSchema },
  { version: 8, name: 'charge-qr-slips', sql: chargeQrSlipsSchema },
];
