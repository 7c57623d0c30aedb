import { useEffect } from 'react';
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
  const register = useRegister((state) => state.register);
  const gate = registerGate(register);
  // The sale on screen before a restart comes back to someone at the counter only: once the
  // register is set up, after the operator's sign-in (the main process says nothing before).
  const someoneAtCounter = register !== null && (!register.setUp || register.current !== undefined);
  useEffect(() => {
    if (someoneAtCounter) void useSale.getState().restoreSaleOnScreen();
  }, [someoneAtCounter]);
  if (showingLive) return <LiveSale />;
  return gate === 'sell' ? <SaleEntry /> : <SaleGate gate={gate} />;
}
