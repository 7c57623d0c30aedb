import type { Migration } from '#lib/store/migrate';
import { pdvIntegrationsSchema } from './010-pdv-integrations';

// The PDV integration's part of counter.db, in counter.db's one version sequence (composed in
// src/main/counter/sync/migrations/index.ts): a migration here takes the next free number, and a
// shipped one keeps its number, name and text for good.
export const integrationMigrations: readonly Migration[] = [
  { version: 10, name: 'pdv-integrations', sql: pdvIntegrationsSchema },
];
