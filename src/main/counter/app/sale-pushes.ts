// The `sale-updated` pushes, and the one rule that bends them: a create answers once. The sale a
// createSale makes reaches the window that asked as that call's answer, and every other window of
// the counter (a second tab's history) as one push of that same answer; the news the create
// caused on its way (PENDING, then ACTIVE) is not pushed at all. Every change after the answer is
// pushed to every window, the one that asked included: "paid" always reaches the cashier.
//
// Why the answer and not a push, for the window that asked: the answer always arrives (a push
// stream can drop and reconnect without replay, and the screen would wait on "criando…"
// forever), and it is what the tests and tools already read. The store keeps the create's own
// news back and builds the answer once, in the same synchronous step that ends the hold and
// hands it here (sync/sale-commands.ts): nothing is lost, and no older snapshot follows a newer
// one. The screen still holds on to news of a sale it does not know yet, since a push and an
// answer travel apart (the browser host's SSE and fetch): see sale-store.ts.
import type { Sale } from '#shared/counter/counter-api';
import { allBut, EVERY_WINDOW, type Audience, type CallOrigin } from '../ports/call-origin';

export class SalePushes {
  constructor(private readonly push: (sale: Sale, audience: Audience) => void) {}

  /** The store says a sale changed: every window hears it. */
  changed(sale: Sale): void {
    this.push(sale, EVERY_WINDOW);
  }

  /** How a create from `origin` tells its answer to the others: every window but the one that asked. */
  answerFor(origin: CallOrigin | undefined): (sale: Sale) => void {
    const audience = allBut(origin);
    return (sale) => this.push(sale, audience);
  }
}
