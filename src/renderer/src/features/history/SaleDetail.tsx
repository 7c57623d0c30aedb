// One sale in full: what was charged, who paid, its refunds, and the actions on it
// (Devolver, Comprovante, each refund's Comprovante).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sale } from '../../../../shared/pos-api';
import { useHotkeys } from '../../app/hotkeys';
import { Kbd } from '../../app/Kbd';
import { formatTime } from '../../lib/date-time';
import { formatBRL } from '../../lib/money';
import { canRefund } from '../../lib/sale-status';
import { useReceipt } from '../receipts/receipt-store';
import { RefundPanel } from '../refund/RefundPanel';
import { useHistory } from './history-store';
import { StatusChip } from './StatusChip';

export function SaleDetail({ sale }: { sale: Sale }) {
  const { t, i18n } = useTranslation();
  const openReceipt = useReceipt((state) => state.open);
  const upsert = useHistory((state) => state.upsert);
  const load = useHistory((state) => state.load);
  const refunding = useHistory((state) => state.refunding);
  const setRefunding = useHistory((state) => state.setRefunding);
  const [done, setDone] = useState<string | null>(null);
  const locale = i18n.language;
  const refundable = canRefund(sale);

  const showPaymentReceipt = () => sale.endToEndId && openReceipt({ kind: 'pix-in', endToEndId: sale.endToEndId, value: sale.value });
  const startRefund = () => {
    if (!refundable) return;
    setDone(null);
    setRefunding(true);
  };

  useHotkeys({ d: startRefund, c: () => showPaymentReceipt() }, { enabled: !refunding });

  return (
    <article className="detail" aria-labelledby="detail-title">
      <header className="detail-head">
        <h2 id="detail-title" className="detail-title">
          {t('detail.title', { amount: formatBRL(sale.value) })}
        </h2>
        <StatusChip sale={sale} />
      </header>

      {refunding ? (
        <p className="detail-summary">
          {t('detail.summary', { time: formatTime(sale.paidAt, locale), refundable: formatBRL(sale.refundable) })}
        </p>
      ) : (
        <dl className="detail-facts">
          <Fact label={t('detail.createdAt')} value={formatTime(sale.createdAt, locale)} />
          {sale.paidAt && <Fact label={t('detail.paidAt')} value={formatTime(sale.paidAt, locale)} />}
          {sale.status === 'COMPLETED' && <Fact label={t('detail.refundable')} value={formatBRL(sale.refundable)} />}
          {sale.payerName && <Fact label={t('detail.payer')} value={sale.payerName} wide />}
          {sale.comment && <Fact label={t('detail.comment')} value={sale.comment} wide />}
          {sale.customer && <Fact label={t('detail.customer')} value={[sale.customer.name, sale.customer.taxID, sale.customer.email, sale.customer.phone].filter(Boolean).join(' · ')} wide />}
        </dl>
      )}

      {done && (
        <p className="banner banner--success" role="status">
          {done}
        </p>
      )}

      {refunding ? (
        <RefundPanel
          sale={sale}
          onClose={() => setRefunding(false)}
          onRefunded={(updated, value) => {
            upsert(updated);
            void load();
            setRefunding(false);
            setDone(t('refund.done', { amount: formatBRL(value) }));
          }}
        />
      ) : (
        (refundable || sale.endToEndId) && (
          <div className="panel-actions">
            {refundable && (
              <button type="button" className="button button--primary" onClick={startRefund}>
                {t('detail.refund')} <Kbd>D</Kbd>
              </button>
            )}
            {sale.endToEndId && (
              <button type="button" className="button button--secondary" onClick={showPaymentReceipt}>
                {t('detail.receipt')} <Kbd>C</Kbd>
              </button>
            )}
          </div>
        )
      )}

      {!refunding && sale.refunds.length > 0 && (
        <section className="refund-list" aria-labelledby="refunds-title">
          <h3 id="refunds-title" className="panel-title">
            {t('detail.refunds')}
          </h3>
          <ul>
            {sale.refunds.map((refund) => (
              <li key={refund.correlationID} className="refund-row">
                <span className="refund-row-amount">{formatBRL(refund.value)}</span>
                <span className={`chip chip--refund-${refund.status.toLowerCase().replace('_', '-')}`}>{t(`refundStatus.${refund.status}`)}</span>
                <span className="refund-row-time">{formatTime(refund.time, locale)}</span>
                {refund.comment && <span className="refund-row-reason">{refund.comment}</span>}
                <button
                  type="button"
                  className="button button--small button--secondary"
                  aria-label={t('detail.refundReceiptFor', { amount: formatBRL(refund.value) })}
                  onClick={() => openReceipt({ kind: 'pix-refund', endToEndId: refund.endToEndId, value: refund.value })}
                >
                  {t('detail.receipt')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {/* Support identifiers last: they matter when calling the bank, not at the counter. */}
      {!refunding && (
        <dl className="detail-ids">
          <Fact label={t('detail.correlationID')} value={sale.correlationID} mono wide />
          {sale.endToEndId && <Fact label={t('detail.endToEndId')} value={sale.endToEndId} mono wide />}
        </dl>
      )}
    </article>
  );
}

function Fact({ label, value, mono, wide }: { label: string; value: string; mono?: boolean; wide?: boolean }) {
  return (
    <div className={`fact${wide ? ' fact--wide' : ''}`}>
      <dt>{label}</dt>
      <dd className={mono ? 'mono' : undefined}>{value}</dd>
    </div>
  );
}
