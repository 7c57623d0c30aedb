import { useTranslation } from 'react-i18next';
import type { Sale } from '../../../../shared/pos-api';
import { saleDisplayStatus } from '../../lib/sale-status';

export function StatusChip({ sale }: { sale: Sale }) {
  const { t } = useTranslation();
  const status = saleDisplayStatus(sale);
  return <span className={`chip chip--${status.toLowerCase().replace('_', '-')}`}>{t(`status.${status}`)}</span>;
}
