// "Conferir pagamentos offline": the offline sales the counter would not match on a guess (see
// lib/offline-sale), any day, oldest first. Each says its sale (when, how much, its txid), why it
// waits in plain words, the Pix in question, and offers only the decisions that fit it; every
// decision asks once more (Enter confirms, Esc goes back) before it is sent. ↑↓ move between
// sales, Tab between a sale's buttons.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfflineDecision, Sale } from '#shared/counter/counter-api';
import { useHotkeys } from '../../app/hotkeys';
import { CheckIcon } from '../../app/Icons';
import { Kbd } from '../../app/Kbd';
import { errorMessage, counterApi } from '../../app/counter-api';
import { formatDate, formatTime } from '../../lib/date-time';
import { formatBRL } from '#shared/lib/money';
import { reviewDecisions } from '../../lib/offline-sale';
import { useHistory } from './history-store';

/** Focus the first control of the review item `step` places away from the focused one (or the first). */
function moveReviewFocus(list: HTMLElement | null, step: 1 | -1 | 0) {
  if (!list) return;
  const items = [...list.querySelectorAll<HTMLElement>('.review-item')];
  if (items.length === 0) return;
  const current = items.findIndex((item) => item.contains(document.activeElement));
  const index = current === -1 || step === 0 ? 0 : Math.min(Math.max(current + step, 0), items.length - 1);
  const item = items[index]!;
  (item.querySelector<HTMLElement>('button:not(:disabled)') ?? item).focus();
}

export function OfflineReviewPanel() {
  const { t } = useTranslation();
  const review = useHistory((state) => state.review);
  const loading = useHistory((state) => state.reviewLoading);
  const error = useHistory((state) => state.reviewError);
  const confirming = useHistory((state) => state.reviewConfirming);
  const listRef = useRef<HTMLUListElement>(null);
  const [done, setDone] = useState<string | null>(null);
  const focusAfterLoad = useRef(true);

  // Opening the list (and after each decision) puts the focus on the first sale's first decision.
  useEffect(() => {
    if (!review || !focusAfterLoad.current) return;
    focusAfterLoad.current = false;
    moveReviewFocus(listRef.current, 0);
  }, [review]);

  useHotkeys(
    {
      ArrowDown: () => moveReviewFocus(listRef.current, 1),
      ArrowUp: () => moveReviewFocus(listRef.current, -1),
    },
    { enabled: !confirming },
  );

  const resolved = (text: string) => {
    setDone(text);
    focusAfterLoad.current = true;
    void useHistory.getState().loadReview();
  };

  return (
    <section
      className="review"
      id="history-review-panel"
      role="tabpanel"
      aria-labelledby="history-review-tab"
      data-testid="offline-review"
    >
      <p className="review-hint">{t('offlineReview.hint')}</p>
      {done && (
        <p className="detail-done detail-done--sent review-done" role="status" data-testid="review-done">
          <CheckIcon className="detail-done-icon" />
          {done}
        </p>
      )}
      {error && (
        <p className="banner banner--error" role="alert">
          {t('offlineReview.loadFailed', { message: error })}
        </p>
      )}
      {review === null ? (
        <p className="empty">{loading ? t('offlineReview.loading') : ''}</p>
      ) : review.length === 0 ? (
        <p className="empty">{t('offlineReview.empty')}</p>
      ) : (
        <ul
          ref={listRef}
          className="review-list"
          aria-label={t('offlineReview.title')}
          aria-busy={loading}
          data-testid="offline-review-list"
        >
          {review.map((sale) => (
            <ReviewItem key={sale.correlationID} sale={sale} onResolved={resolved} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReviewItem({ sale, onResolved }: { sale: Sale; onResolved(text: string): void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [decision, setDecision] = useState<OfflineDecision | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const setReviewConfirming = useHistory((state) => state.setReviewConfirming);
  const upsert = useHistory((state) => state.upsert);
  const offline = sale.offline;
  const review = offline?.review;
  const decisions = reviewDecisions(sale);
  const amount = formatBRL(sale.value);
  const titleId = `review-${sale.correlationID}-title`;

  useEffect(() => {
    setReviewConfirming(decision !== null);
    return () => setReviewConfirming(false);
  }, [decision, setReviewConfirming]);

  const send = async () => {
    if (!decision || sending) return;
    setSending(true);
    setError(null);
    try {
      const updated = await counterApi().resolveOfflineReview({ correlationID: sale.correlationID, decision });
      upsert(updated);
      setSending(false);
      const chosen = decision;
      setDecision(null);
      onResolved(t(`offlineReview.done.${chosen}`, { amount }));
    } catch (caught) {
      setSending(false);
      setError(errorMessage(caught));
    }
  };

  useHotkeys(
    {
      Escape: () => {
        if (!sending) setDecision(null);
      },
    },
    { enabled: decision !== null },
  );

  return (
    <li
      className="review-item"
      data-correlation-id={sale.correlationID}
      data-reason={review?.reason}
      data-status={sale.status}
    >
      <div className="review-item-head">
        <h3 id={titleId} className="review-item-title">
          {t('offlineReview.saleDay', {
            amount,
            date: formatDate(new Date(sale.createdAt), locale),
            time: formatTime(sale.createdAt, locale),
          })}
        </h3>
        {review && (
          <span className="chip chip--review" data-testid="review-reason">
            {t(`offlineReview.reasons.${review.reason}`)}
          </span>
        )}
        {sale.status === 'CANCELLED' && (
          <span className="chip chip--cancelled">{t('offlineReview.cancelledSale')}</span>
        )}
      </div>

      {offline && (
        <p className="review-txid">
          {t('offlineReview.txid')}: <span className="mono">{offline.txid}</span>
        </p>
      )}
      {offline?.customerShowedReceiptAt && (
        <p className="review-showed">
          {t('offlineReview.showedReceipt', { time: formatTime(offline.customerShowedReceiptAt, locale) })}
        </p>
      )}

      <div className="review-pix">
        <h4 className="review-pix-title">{t('offlineReview.pixTitle')}</h4>
        {review && review.transactions.length > 0 ? (
          <ul className="review-pix-list">
            {review.transactions.map((pix) => (
              <li key={pix.endToEndId} className="review-pix-row" data-end-to-end-id={pix.endToEndId}>
                <strong className="review-pix-amount">
                  {t('offlineReview.pixLine', { amount: formatBRL(pix.value), time: formatTime(pix.time, locale) })}
                </strong>
                {pix.payerName && <span>{t('offlineReview.payer', { name: pix.payerName })}</span>}
                <span className="review-pix-id">
                  <span className="visually-hidden">{t('offlineReview.endToEndId')}: </span>
                  <span className="mono">{pix.endToEndId}</span>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="review-pix-none">{t('offlineReview.noPix')}</p>
        )}
        {review?.otherSales && review.otherSales.length > 0 && (
          <p className="review-others">{t('offlineReview.otherSales', { count: review.otherSales.length })}</p>
        )}
      </div>

      {decision ? (
        <div className="review-confirm" role="group" aria-label={t(`offlineReview.decisions.${decision}`)}>
          <p className="review-confirm-text">{t(`offlineReview.confirmText.${decision}`, { amount })}</p>
          {error && (
            <p className="banner banner--error" role="alert">
              {error}
            </p>
          )}
          <div className="panel-actions">
            <button
              type="button"
              className={`button ${decision === 'unpaid' ? 'button--danger' : 'button--primary'}`}
              onClick={() => void send()}
              disabled={sending}
              autoFocus
              data-testid="review-confirm"
            >
              {sending ? t('offlineReview.sending') : t(`offlineReview.confirmButton.${decision}`)} <Kbd>Enter</Kbd>
            </button>
            <button type="button" className="button button--quiet" onClick={() => setDecision(null)} disabled={sending}>
              {t('offlineReview.back')} <Kbd>Esc</Kbd>
            </button>
          </div>
        </div>
      ) : (
        decisions.length > 0 && (
          <div className="panel-actions review-decisions">
            {decisions.map((choice) => (
              <button
                key={choice}
                type="button"
                className={`button ${choice === 'paid' ? 'button--primary' : 'button--secondary'}`}
                data-decision={choice}
                onClick={() => {
                  setError(null);
                  setDecision(choice);
                }}
              >
                {t(`offlineReview.decisions.${choice}`)}
              </button>
            ))}
          </div>
        )
      )}
    </li>
  );
}
