import type { Migration } from '#lib/store/migrate';
import { registerSchema } from './003-register';

// The register's part of counter.db: operators, register sessions, and who sold, refunded or
// cancelled on the sync path's sales and refunds. counter.db has one version sequence for all its
// owners (composed in src/main/counter/sync/migrations/index.ts), so a register migration takes the next
// free number of that sequence, and a shipped one keeps its number, name and text for good.
export const registerMigrations: readonly Migration[] = [{ version: 3, name: 'register', sql: registerSchema }];
