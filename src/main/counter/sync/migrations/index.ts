import type { Migration } from '#lib/store/migrate';
import { integrationMigrations } from '../../integration/migrations';
import { printingMigrations } from '../../printing/migrations';
import { registerMigrations } from '../../register/migrations';
import { counterSchema } from './001-counter';
import { offlineSalesSchema } from './002-offline-sales';
import { offlinePoolSchema } from './004-offline-pool';

// Append only, like the service's: a shipped migration is never edited.
const syncMigrations: readonly Migration[] = [
  { version: 1, name: 'counter', sql: counterSchema },
  { version: 2, name: 'offline-sales', sql: offlineSalesSchema },
  { version: 4, name: 'offline-pool', sql: offlinePoolSchema },
];

/**
 * counter.db's migrations, from its owners: the sync path's (above), the register's
 * (src/main/counter/register/migrations), printing's (src/main/counter/printing/migrations) and the PDV integration's (src/main/counter/integration/migrations). The file records how far it got in one number (PRAGMA
 * user_version, src/main/lib/store/migrate.ts), so the owners share one sequence: the list runs in
 * version order, and a version claimed twice fails here, at load, before any database is opened.
 */
export const counterMigrations: readonly Migration[] = inVersionOrder([
  ...syncMigrations,
  ...registerMigrations,
  ...printingMigrations,
  ...integrationMigrations,
]);

/** The owners' migrations as one list in version order; a version claimed twice throws. */
export function inVersionOrder(migrations: readonly Migration[]): readonly Migration[] {
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  ordered.forEach((migration, index) => {
    const previous = ordered[index - 1];
    if (previous && previous.version === migration.version)
      throw new Error(
        `counter.db migration ${migration.version} is claimed twice: ${previous.name}, ${migration.name}`,
      );
  });
  return ordered;
}
