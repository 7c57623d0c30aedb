// The `sale-updated` pushes, and the one rule that bends them: a create answers once. The sale a
// createSale makes reaches the screen as that call's answer; the intermediate pushes of the same
// news (PENDING, then ACTIVE) are not sent, only one push of the answer for the other windows;
// every change after the answer is pushed as always.
//
// Why the answer and not a push: the answer always arrives (a push stream can drop and reconnect
// without replay, and the screen would wait on "criando…" forever), and it is what the tests and
// tools already read. Why it is safe: while a create runs, the store's sale pushes are held back
// in order; when it ends, its sale is read afresh and, in the same synchronous step, the held
// pushes of that sale are dropped (each is older than, or as new as, that read) and every other
// one goes out, in the order it came. A change after that step is pushed: "paid" can never be
// lost, nor overtaken by an older snapshot. The screen still holds on to news of a sale it does
// not know yet, since a push and an answer travel apart (the browser host's SSE and fetch):
// see sale-store.ts.
//
// Holding every sale's pushes, not only the new one's, costs the others at most the create's
// wait for the service's first answer (2.5 s offline), and keeps this free of the store's
// internals: no id is known before the create returns.
import type { Sale } from '../../shared/pos-api';

export class SalePushes {
  private creating = 0;
  private held: Sale[] = [];

  constructor(private readonly push: (sale: Sale) => void) {}

  /** The store says a sale changed. */
  changed(sale: Sale): void {
    if (this.creating > 0) this.held.push(sale);
    else this.push(sale);
  }

  /**
   * Runs a create; answers its sale as it stands once the create is done (`current`), with none
   * of the pushes the create caused. A failed create lets every held push go.
   */
  async answerOnce(create: () => Promise<Sale>, current: (correlationID: string) => Sale): Promise<Sale> {
    this.creating += 1;
    let made: Sale;
    try {
      made = await create();
    } catch (error) {
      this.release(null);
      throw error;
    }
    let answer: Sale;
    try {
      answer = current(made.correlationID);
    } catch {
      // Not readable now (the service was switched meanwhile): its pushes go, as news after `made`.
      this.release(null);
      return made;
    }
    this.release(answer);
    return answer;
  }

  /**
   * Lets the held pushes go once no create runs. The answered sale's own pushes are replaced by
   * one push of the answer itself, after the others: the other windows of this counter (a second
   * tab's history) learn of the new sale only so, and the window that made it applies the same
   * snapshot it was answered with, which changes nothing there.
   */
  private release(answered: Sale | null): void {
    if (answered !== null) {
      this.held = this.held.filter((sale) => sale.correlationID !== answered.correlationID);
      this.held.push(answered);
    }
    this.creating -= 1;
    if (this.creating > 0) return;
    const due = this.held;
    this.held = [];
    for (const sale of due) this.push(sale);
  }
}
