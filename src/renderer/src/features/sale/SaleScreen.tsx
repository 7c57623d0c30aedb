import { registerGate } from '../../lib/register-view';
import { useRegister } from '../register/register-store';
import { SaleGate } from '../register/SaleGate';
import { useSale } from './sale-store';
import { LiveSale } from './LiveSale';
import { SaleEntry } from './SaleEntry';
import './sale.css';

export function SaleScreen() {
  const showingLive = useSale((state) => state.phase === 'live' && state.live !== null);
  // Once the register is set up, a new sale waits for an operator and an open register; a sale
  // already on screen stays until it is over.
  const gate = registerGate(useRegister((state) => state.register));
  if (showingLive) return <LiveSale />;
  return gate === 'sell' ? <SaleEntry /> : <SaleGate gate={gate} />;
}
