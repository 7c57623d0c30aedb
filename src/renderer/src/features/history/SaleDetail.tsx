// One sale in full: what was charged, who paid, its refunds, how far the service has heard of it
// (commands queued, a refusal in the service's words), and the actions on it (Devolver,
// Comprovante, each refund's Comprovante). A sale made offline also says where its confirmation
// stands (by txid, by value, by the owner, or waiting), when the customer showed the bank's
// receipt, and its txid and Pix key.
// Over 300 lines because an offline sale's confirmation, the refunds and the actions are all
// parts of one sale's page, read together.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sale } from '#shared/counter/counter-api';
import { useReadableError } from '../../app/ErrorMessage';
import { useHotkeys } from '../../app/hotkeys';
import { CheckIcon, ClockIcon } from '../../app/Icons';
import { Kbd } from '../../app/Kbd';
import { formatMoment, formatTime } from '../../lib/date-time';
import { formatBRL } from '#shared/lib/money';
import { offlineStanding } from '../../lib/offline-sale';
import { canRefund, refundOutcome, refundReceiptId, syncMarks, syncNote } from '../../lib/sale-status';
import { refundableCents } from '#shared/counter/refund-rule';
import { useReceipt } from '../receipts/receipt-store';
import { RefundPanel } from '../refund/RefundPanel';
import { useHistory } from './history-store';
import { QueuedMark, StatusChip } from './StatusChip';
import { saleNumberText } from '#shared/counter/sale-number';
import { canShowAgain } from '../../lib/sale-coming-back';
import { WaitingSaleActions } from './WaitingSaleActions';

type Done = { tone: 'sent' | 'queued' | 'rejected'; text: string };

export function SaleDetail({ sale }: { sale: Sale }) {
  const { t, i18n } = useTranslation();
  const openReceipt = useReceipt((state) => state.open);
  const upsert = useHistory((state) => state.upsert);
  const load = useHistory((state) => state.load);
  const refunding = useHistory((state) => state.refunding);
  const setRefunding = useHistory((state) => state.setRefunding);
  const setView = useHistory((state) => state.setView);
  const offline = sale.offline;
  const [done, setDone] = useState<Done | null>(null);
  const locale = i18n.language;
  const today = useHistory((state) => state.today);
  // Times of another day than today carry their date (a past day, or a range, is on screen).
  const when = (iso: string | undefined) => formatMoment(iso, locale, today);
  const refundable = canRefund(sale);
  const refundableValue = refundableCents(sale);
  const marks = syncMarks(sale);
  const readable = useReadableError();
  const refusal = marks.rejected ? readable(marks.rejected) : null;
  const note = syncNote(sale);

  const showPaymentReceipt = () =>
    sale.endToEndId &&
    openReceipt({ correlationID: sale.correlationID, kind: 'pix-in', endToEndId: sale.endToEndId, value: sale.value });
  const startRefund = () => {
    if (!refundable) return;
    setDone(null);
    setRefunding(true);
  };

  const showRefundReceipt = (refund: Sale['refunds'][number]) => {
    const endToEndId = refundReceiptId(refund);
    if (endToEndId)
      openReceipt({ correlationID: sale.correlationID, kind: 'pix-refund', endToEndId, value: refund.value });
  };
  // Each refund's receipt has its own key, 1 to 9 down the list, shown on its button. A refund
  // still queued has no receipt yet (the service has not given it its return id): no button, no key.
  const refundKeys = Object.fromEntries(
    sale.refunds
      .slice(0, 9)
      .flatMap((refund, index) =>
        refundReceiptId(refund) ? [[String(index + 1), () => showRefundReceipt(refund)] as const] : [],
      ),
  );

  useHotkeys({ d: startRefund, c: () => showPaymentReceipt(), ...refundKeys }, { enabled: !refunding });

  return (
    <article className="detail" aria-labelledby="detail-title">
      <header className="detail-head">
        <h2 id="detail-title" className="detail-title">
          {t('detail.title', { amount: formatBRL(sale.value) })}
        </h2>
        <StatusChip sale={sale} />
      </header>

      {refusal && (
        <p className="detail-sync detail-sync--rejected" data-testid="detail-rejected">
          <strong>{t('sync.rejectedLabel')}</strong> {refusal.text}
          {refusal.details !== null && (
            <small className="error-details">
              {t('serviceError.details')} {refusal.details}
            </small>
          )}
        </p>
      )}
      {note && !refunding && (
        <p className="detail-sync detail-sync--queued" data-testid="detail-queued">
          <QueuedMark /> <span>{t(`sync.note.${note}`)}</span>
        </p>
      )}

      {refunding ? (
        <p className="detail-summary">
          {t('detail.summary', { time: formatTime(sale.paidAt, locale), refundable: formatBRL(refundableValue) })}
        </p>
      ) : (
        <dl className="detail-facts">
          {saleNumberText(sale.number) && (
            <Fact label={t('register.detailNumber')} value={saleNumberText(sale.number)!} testId="detail-sale-number" />
          )}
          {sale.operatorName && (
            <Fact label={t('register.detailOperator')} value={sale.operatorName} name testId="detail-operator" />
          )}
          {/* Audit: a cancelled sale stays listed, saying who cancelled it and when. */}
          {sale.cancelledAt && (
            <Fact
              label={t('history.cancellation')}
              value={
                sale.cancelledBy
                  ? t('history.cancelledByAt', { name: sale.cancelledBy, time: when(sale.cancelledAt) })
                  : t('history.cancelledAt', { time: when(sale.cancelledAt) })
              }
              wide
              testId="detail-cancelled"
            />
          )}
          <Fact label={t('detail.createdAt')} value={when(sale.createdAt)} />
          {sale.paidAt && <Fact label={t('detail.paidAt')} value={when(sale.paidAt)} />}
          {sale.status === 'COMPLETED' && <Fact label={t('detail.refundable')} value={formatBRL(refundableValue)} />}
          {sale.payerName && <Fact label={t('detail.payer')} value={sale.payerName} name testId="detail-payer" />}
          {sale.comment && <Fact label={t('detail.comment')} value={sale.comment} wide />}
          {sale.customer && (
            <Fact
              label={t('detail.customer')}
              value={[sale.customer.name, sale.customer.taxID, sale.customer.email, sale.customer.phone]
                .filter(Boolean)
                .join(' · ')}
              wide
            />
          )}
          {offline && (
            <Fact
              label={t('detail.confirmation')}
              value={t(`detail.standing.${offlineStanding(offline)}`)}
              wide
              testId="detail-offline-standing"
            />
          )}
          {offline?.review && !offline.decision && (
            <Fact label={t('detail.reviewReason')} value={t(`offlineReview.reasons.${offline.review.reason}`)} wide />
          )}
          {offline?.customerShowedReceiptAt && (
            <Fact
              label={t('detail.showedReceipt')}
              value={formatTime(offline.customerShowedReceiptAt, locale)}
              testId="detail-showed-receipt"
            />
          )}
        </dl>
      )}

      {refunding ? (
        <RefundPanel
          sale={sale}
          onClose={() => setRefunding(false)}
          onRefunded={(updated, value) => {
            const outcome = refundOutcome(sale, updated);
            const amount = formatBRL(value);
            upsert(updated);
            void load();
            setRefunding(false);
            setDone(
              outcome.kind === 'queued'
                ? { tone: 'queued', text: t('refund.queued', { amount }) }
                : outcome.kind === 'rejected'
                  ? { tone: 'rejected', text: t('refund.refused', { amount, reason: outcome.reason }) }
                  : { tone: 'sent', text: t('refund.done', { amount }) },
            );
          }}
        />
      ) : (
        (refundable || sale.endToEndId || done || (offline?.review && !offline.decision)) && (
          <div className="panel-actions">
            {offline?.review && !offline.decision && (
              <button type="button" className="button button--secondary" onClick={() => setView('review')}>
                {t('detail.openReview')} <Kbd>O</Kbd>
              </button>
            )}
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
            {/* Beside the buttons rather than above them: the refund list keeps the room. */}
            {done && (
              <p
                className={`detail-done detail-done--${done.tone}`}
                role={done.tone === 'rejected' ? 'alert' : 'status'}
              >
                {done.tone === 'sent' ? (
                  <CheckIcon className="detail-done-icon" />
                ) : (
                  <ClockIcon className="detail-done-icon" />
                )}
                {done.text}
              </p>
            )}
          </div>
        )
      )}

      {/* A sale still waiting for its Pix: its QR shown again, or the sale cancelled (issue 13). */}
      {!refunding && canShowAgain(sale) && <WaitingSaleActions sale={sale} />}

      {!refunding && sale.refunds.length > 0 && (
        <section className="refund-list" aria-labelledby="refunds-title">
          <h3 id="refunds-title" className="panel-title">
            {t('detail.refunds')}
          </h3>
          <ul>
            {sale.refunds.map((refund, index) => {
              const hasReceipt = refundReceiptId(refund) !== null;
              return (
                <li key={refund.correlationID} className="refund-row" data-status={refund.status}>
                  <div className="refund-row-lines">
                    {/* Amount, status and time wrap onto a second line rather than meet, whatever
                        the width of the detail and of its words. */}
                    <span className="refund-row-head">
                      <span className="refund-row-amount">{formatBRL(refund.value)}</span>
                      <span className={`chip chip--refund-${refund.status.toLowerCase().replace('_', '-')}`}>
                        {t(`refundStatus.${refund.status}`)}
                      </span>
                      <span className="refund-row-time">{formatTime(refund.time, locale)}</span>
                    </span>
                    {refund.comment && <span className="refund-row-reason">{refund.comment}</span>}
                    {refund.rejectedReason && (
                      <span className="refund-row-rejected">
                        <strong>{t('sync.rejectedLabel')}</strong> {refund.rejectedReason}
                      </span>
                    )}
                  </div>
                  {hasReceipt ? (
                    // Its key cap inside, as on every button; its spoken name says whose receipt
                    // ("Comprovante da devolução de R$ 12,34"), as several rows have one each.
                    <button
                      type="button"
                      className="button button--small button--secondary refund-row-receipt"
                      aria-keyshortcuts={index < 9 ? String(index + 1) : undefined}
                      onClick={() => showRefundReceipt(refund)}
                    >
                      {t('detail.receipt')}
                      <span className="visually-hidden">
                        {' '}
                        {t('detail.refundReceiptOf', { amount: formatBRL(refund.value) })}
                      </span>
                      {index < 9 && (
                        <>
                          {' '}
                          <Kbd>{String(index + 1)}</Kbd>
                        </>
                      )}
                    </button>
                  ) : (
                    refund.status === 'QUEUED' && <span className="refund-row-pending">{t('detail.receiptLater')}</span>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}

      {/* Support identifiers last: they matter when calling the bank, not at the counter. */}
      {!refunding && (
        <dl className="detail-ids">
          <Fact label={t('detail.correlationID')} value={sale.correlationID} mono wide />
          {sale.endToEndId && <Fact label={t('detail.endToEndId')} value={sale.endToEndId} mono wide />}
          {offline && <Fact label={t('detail.txid')} value={offline.txid} mono wide testId="detail-txid" />}
          {offline && <Fact label={t('detail.pixKey')} value={offline.pixKey} mono wide testId="detail-pix-key" />}
        </dl>
      )}
    </article>
  );
}

function Fact({
  label,
  value,
  mono,
  name,
  wide,
  testId,
}: {
  label: string;
  value: string;
  mono?: boolean;
  /** A person's or a company's name: two columns of the facts, wrapped whole when longer. */
  name?: boolean;
  wide?: boolean;
  testId?: string;
}) {
  return (
    <div className={`fact${name ? ' fact--name' : ''}${wide ? ' fact--wide' : ''}`} data-testid={testId}>
      <dt>{label}</dt>
      <dd className={mono ? 'mono' : undefined}>{value}</dd>
    </div>
  );
}
