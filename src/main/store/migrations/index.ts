import { coreSchema } from './001-core';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

// Append only: a shipped migration is never edited, a new one is added with the next number.
export const migrations: readonly Migration[] = [{ version: 1, name: 'core', sql: coreSchema }];
