import { useSale } from './sale-store';
import { LiveSale } from './LiveSale';
import { SaleEntry } from './SaleEntry';
import './sale.css';

export function SaleScreen() {
  const showingLive = useSale((state) => state.phase === 'live' && state.live !== null);
  return showingLive ? <LiveSale /> : <SaleEntry />;
}
