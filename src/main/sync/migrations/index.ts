import type { Migration } from '../../store/migrations';
import { counterSchema } from './001-counter';
import { offlineSalesSchema } from './002-offline-sales';
import { registerSchema } from './003-register';
import { offlinePoolSchema } from './004-offline-pool';

// Append only, like the service's: a shipped migration is never edited.
export const counterMigrations: readonly Migration[] = [
  { version: 1, name: 'counter', sql: counterSchema },
  { version: 2, name: 'offline-sales', sql: offlineSalesSchema },
  { version: 3, name: 'register', sql: registerSchema },
  { version: 4, name: 'offline-pool', sql: offlinePoolSchema },
];
