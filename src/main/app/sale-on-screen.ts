// The sale on the cashier's screen, kept across a restart (issue 13, "Unfinished sales"): the
// window asks for it when it opens, clears it when the cashier moves on to a new sale, and puts a
// waiting sale back from the history ("Mostrar QR"). The record itself is in counter.db
// (sync/sale-on-screen-store.ts), written by createSale with the sale.
import type { PosApi } from '../../shared/pos-api';
import { isWaitingStatus } from '../../shared/waiting-sale';
import type { Register } from '../register/register';
import type { CounterSync } from '../sync/counter-sync';
import { PosError } from './pos-error';

export interface SaleOnScreenDeps {
  sync: CounterSync;
  register: Register;
}

export function createSaleOnScreenHandlers({
  sync,
  register,
}: SaleOnScreenDeps): Pick<PosApi, 'getSaleOnScreen' | 'setSaleOnScreen'> {
  // Once the register is set up, a sale is shown to a signed-in operator only: after a restart
  // nobody is (the PIN is asked again), and the screen asks once more after the sign-in.
  const nobodyAtTheCounter = () => register.setUp && !register.state().current;

  return {
    async getSaleOnScreen() {
      if (nobodyAtTheCounter()) return {};
      const sale = sync.saleOnScreen();
      return sale ? { sale } : {};
    },

    async setSaleOnScreen({ correlationID }) {
      // Clearing is always allowed: it only says the screen moved on.
      if (correlationID === null) {
        sync.putSaleOnScreen(null);
        return {};
      }
      if (nobodyAtTheCounter()) throw new PosError('Nenhum operador no caixa. Entre com seu nome e PIN.', 401);
      // 404 for a sale this counter did not make (or made on another service).
      const sale = sync.getSale(correlationID);
      // Only a sale that can still be paid comes back: its QR (or "Conectando…") is what the customer needs.
      if (!isWaitingStatus(sale.status))
        throw new PosError('Só uma venda aguardando pagamento pode voltar para a tela', 409);
      const shown = sync.putSaleOnScreen(correlationID);
      return shown ? { sale: shown } : {};
    },
  };
}
