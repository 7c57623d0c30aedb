// The sale on the cashier's screen, kept across a restart (issue 13, "Unfinished sales"). The
// record is in counter.db (sync/sales/sale-on-screen.ts), and main alone decides what it names:
// createSale writes it with the sale, "Mostrar QR" puts a waiting sale back, a cancel clears it,
// a sale that ended otherwise is dropped when the window asks for it, and the screen only says
// that it moved on from a sale (leaveSaleOnScreen), which clears the record only if it still names
// that sale: a late word can never wipe the next sale's record.
import { comesBackOnScreen } from '#shared/counter/waiting-sale';
import type { Register } from '../register/register';
import type { CounterSync } from '../sync/counter-sync';
import type { HandlerGroup } from '../ports/counter-handler-port';
import { assertShowable } from './cashier-rules';

export interface SaleOnScreenDeps {
  sync: CounterSync;
  register: Register;
}

export function createSaleOnScreenHandlers({ sync, register }: SaleOnScreenDeps): HandlerGroup {
  const { onScreen } = sync;
  // Once the register is set up, a sale is shown to a signed-in operator only: after a restart
  // nobody is (the PIN is asked again), and the screen asks once more after the sign-in.
  const nobodyAtTheCounter = () => register.setUp && !register.state().current;

  return {
    async getSaleOnScreen() {
      if (nobodyAtTheCounter()) return {};
      const sale = onScreen.current();
      if (!sale) return {};
      // Expired, cancelled or refused meanwhile: nothing to come back to.
      if (!comesBackOnScreen(sale.status)) {
        onScreen.leave(sale.correlationID);
        return {};
      }
      return { sale };
    },

    async setSaleOnScreen({ correlationID }) {
      // Clearing is always allowed: it only forgets.
      if (correlationID === null) {
        onScreen.put(null);
        return {};
      }
      register.requireSignedIn();
      // SALE_NOT_FOUND for a sale this counter did not make (or made on another service).
      // Only a sale that can still be paid comes back: its QR (or "Conectando…") is what the customer needs.
      assertShowable(sync.views.getSale(correlationID));
      const shown = onScreen.put(correlationID);
      return shown ? { sale: shown } : {};
    },

    async leaveSaleOnScreen({ correlationID }) {
      return { cleared: onScreen.leave(correlationID) };
    },
  };
}
