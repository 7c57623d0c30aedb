// "Venda 0042 · Marta": the sale's number in its session and who made it, on the live sale
// screen; nothing for a sale made before the register was set up.
import { useTranslation } from 'react-i18next';
import type { Sale } from '#shared/counter/counter-api';
import { saleNumberText } from '#shared/counter/sale-number';
import './register.css';

export function SaleNumberLine({ sale }: { sale: Sale }) {
  const { t } = useTranslation();
  const number = saleNumberText(sale.number);
  if (!number && !sale.operatorName) return null;
  const parts = [number && t('register.saleNumber', { number }), sale.operatorName].filter(Boolean);
  return (
    <p className="sale-number" data-testid="sale-number">
      {parts.join(' · ')}
    </p>
  );
}
