// Which sale the cashier has on screen, kept in counter.db's sync_state so it comes back after a
// restart (a crash, a power cut, the app closed by mistake while a customer was scanning). Written
// by SaleCommands.createSale in the same transaction as the sale itself, so there is no moment when
// the sale exists but the counter would not know it was on screen.
import type { Db } from '#lib/store/database';

const KEY = 'sale_on_screen';

export class SaleOnScreenRecord {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      get: db.prepare<[string], { value: string }>('SELECT value FROM sync_state WHERE key = ?'),
      set: db.prepare<[string, string]>(
        'INSERT INTO sync_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      ),
      clear: db.prepare<[string]>('DELETE FROM sync_state WHERE key = ?'),
    };
  }

  /** The correlationID of the sale on screen, if any. */
  get(): string | undefined {
    return this.statements.get.get(KEY)?.value;
  }

  set(correlationID: string): void {
    this.statements.set.run(KEY, correlationID);
  }

  clear(): void {
    this.statements.clear.run(KEY);
  }
}
