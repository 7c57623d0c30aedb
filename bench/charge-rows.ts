// Charge rows for baselines and seeding: copies of a row the engine really wrote, with fresh
// unique ids, so the bare inserts and the seeded tables hold exactly what the API would store.

import type { Statement } from 'better-sqlite3';
import type { ChargeRow } from '#service/engine/charges/charge-repo';
import type { Engine } from '#service/engine/engine';
import { newLocationId, newObjectId, newTransactionId } from '#service/engine/ids';
import type { Db } from '#lib/store/database';

export const CHARGE_BODY = { value: 1234, comment: 'Pão de queijo e café' } as const;

/** Creates one charge through the engine and reads back the row it stored. */
export async function realChargeRow(engine: Engine, appId: string, correlationID: string): Promise<ChargeRow> {
  const { charge } = await engine.call(appId, 'createCharge', { body: { ...CHARGE_BODY, correlationID } });
  const row = engine.db
    .prepare<[string], ChargeRow>('SELECT * FROM charges WHERE correlation_id = ?')
    .get(charge.correlationID);
  if (!row) throw new Error('the created charge was not stored');
  return row;
}

/** INSERT of every column the table has (read from the schema, so it never drifts from it). */
export function prepareChargeInsert(db: Db): Statement<[ChargeRow]> {
  const columns = db.prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)').all('charges');
  if (columns.length === 0) throw new Error('table charges not found');
  const names = columns.map((c) => c.name);
  return db.prepare<[ChargeRow]>(
    `INSERT INTO charges (${names.join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')})`,
  );
}

/**
 * The template with every unique column fresh. The payment link stays the template's: a link
 * exists only with its public id (payment_links, made with the link's first charge), and one
 * link holding many charges is what a counter's fixed link looks like anyway.
 */
export function copyChargeRow(
  template: ChargeRow,
  correlationId: string,
  overrides: Partial<ChargeRow> = {},
): ChargeRow {
  const transactionId = newTransactionId();
  return {
    ...template,
    id: newObjectId(),
    correlation_id: correlationId,
    transaction_id: transactionId,
    identifier: transactionId.slice(0, 25),
    location_id: newLocationId(),
    ...overrides,
  };
}
