// The live sale screen: "Conectando…" while the service has not answered (PENDING), then a
// huge QR while the sale waits for its Pix, then a big green "Pago", or "Expirada", "Cancelada",
// "Recusada". A sale made offline (OFFLINE) shows its QR the same way, under a plain banner: it
// is "aguardando confirmação" (never "Pago") until the service confirms its Pix; F6 records that
// the customer showed the bank's receipt, and F1 moves on. The status follows the main process's pushes; the countdown asks once more at
// expiry. The connecting and the waiting screens share one layout, so the QR arriving only
// swaps the placeholder for the image.
// Over 300 lines because the sale's states (connecting, waiting, paid, expired, cancelled) share
// one layout; each state's panel is a small component in this file.
import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sale } from '#shared/counter/counter-api';
import { useHotkeys } from '../../app/hotkeys';
import { CheckIcon, ClockIcon, CrossIcon, ErrorIcon } from '../../app/Icons';
import { ErrorMessage } from '../../app/ErrorMessage';
import { BackspaceKbd, Kbd } from '../../app/Kbd';
import { readServiceError } from '../../lib/service-error';
import { isOffline } from '../../lib/connection-status';
import { formatCountdown, isRunningOut, secondsUntil } from '../../lib/countdown';
import { formatTime } from '../../lib/date-time';
import { canMarkShowedReceipt, SHOWED_RECEIPT_KEY, WAITING_KEYS, waitingKeyAction } from '../../lib/live-sale';
import { formatBRL } from '#shared/lib/money';
import type { WaitingStatus } from '#shared/counter/waiting-sale';
import { DIGIT_KEYS, outcomeKey, typeAheadKey, type OutcomeStatus } from '../../lib/next-sale';
import { countdownLine } from '../../lib/offline-sale';
import { syncMarks } from '../../lib/sale-status';
import { useNow } from '../../app/use-now';
import { useShrinkToFit } from '../../app/use-shrink-to-fit';
import { useReceipt } from '../receipts/receipt-store';
import { SaleNumberLine } from '../register/SaleNumberLine';
import { isSandboxMode, useSettings } from '../settings/settings-store';
import { useStatus } from '../status-bar/status-store';
import { copyText } from '../../app/clipboard';
import { playPaidChime } from './payment-chime';
import { useSale } from './sale-store';

/** How long the first Esc stays armed before a second one is needed again. */
const CANCEL_ARM_MS = 3000;
/**
 * While connecting, ask the main process again now and then: its push brings the QR, this only
 * covers a push lost on the way (the browser host's event stream reconnecting, say).
 */
const PENDING_RECHECK_MS = 4000;

export function LiveSale() {
  const live = useSale((state) => state.live)!;
  const { sale } = live;
  const previousStatus = useRef(sale.status);

  // An OFFLINE sale's confirmation is chimed by the store (sale-store applyUpdate), on screen or not.
  useEffect(() => {
    if (previousStatus.current === 'ACTIVE' && sale.status === 'COMPLETED') playPaidChime();
    previousStatus.current = sale.status;
  }, [sale.status]);

  if (sale.status === 'COMPLETED') return <PaidPanel sale={sale} />;
  if (sale.status === 'EXPIRED') return <ExpiredPanel sale={sale} />;
  if (sale.status === 'CANCELLED') return <CancelledPanel sale={sale} />;
  if (sale.status === 'REJECTED') return <RejectedPanel sale={sale} />;
  return <WaitingPanel sale={sale} status={sale.status} qrSrc={live.qrSrc} />;
}

function WaitingPanel({ sale, status, qrSrc }: { sale: Sale; status: WaitingStatus; qrSrc: string | null }) {
  const { t, i18n } = useTranslation();
  const cancelArmed = useSale((state) => state.cancelArmed);
  const busy = useSale((state) => state.busy);
  const error = useSale((state) => state.error);
  const { armCancel, disarmCancel, cancel, simulatePayment, refresh, markCustomerShowedReceipt } = useSale.getState();
  const sandbox = useSettings((state) => isSandboxMode(state.settings));
  const offline = useStatus((state) => isOffline(state.status));
  const codeRef = useRef<HTMLTextAreaElement>(null);
  const [copyResult, setCopyResult] = useState<'copied' | 'copyFailed' | null>(null);
  const pending = status === 'PENDING' || !qrSrc || !sale.brCode;
  const offlineSale = status === 'OFFLINE';
  const canMark = canMarkShowedReceipt(sale);
  const showedAt = offlineSale ? sale.offline?.customerShowedReceiptAt : undefined;

  useEffect(() => {
    if (!cancelArmed) return;
    const timer = setTimeout(disarmCancel, CANCEL_ARM_MS);
    return () => clearTimeout(timer);
  }, [cancelArmed, disarmCancel]);

  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void refresh(), PENDING_RECHECK_MS);
    return () => clearInterval(timer);
  }, [pending, refresh]);

  const requestCancel = () => (cancelArmed ? void cancel() : armCancel());
  const copy = async () => {
    if (!sale.brCode) return;
    setCopyResult((await copyText(sale.brCode, codeRef.current)) ? 'copied' : 'copyFailed');
  };

  const onKey = (event: KeyboardEvent) => {
    switch (waitingKeyAction({ status, brCode: sale.brCode, offline: sale.offline }, event.key, { sandbox })) {
      case 'cancel':
        return requestCancel();
      case 'copy':
        return void copy();
      case 'simulate':
        return void simulatePayment();
      case 'showed-receipt':
        return void markCustomerShowedReceipt();
      case 'type-ahead':
        return typeAhead(event);
    }
  };
  useHotkeys(Object.fromEntries(WAITING_KEYS.map((key) => [key, onKey])));

  const amount = formatBRL(sale.value);
  const amountRef = useRef<HTMLParagraphElement>(null);
  useShrinkToFit(amountRef, amount);
  const marks = syncMarks(sale);
  return (
    <section className="live" aria-labelledby="live-amount" data-status={status}>
      <div className="qr-frame">
        {pending ? <QrPending /> : <QrImage src={qrSrc} alt={t('live.qrAlt', { amount })} />}
      </div>
      <div className="live-side">
        <h1 className="live-kicker">{t('live.title')}</h1>
        <SaleNumberLine sale={sale} />
        {offlineSale && (
          // Always there while the sale is OFFLINE: what the customer's payment waits for.
          <p className="banner banner--warn live-offline-sale" role="status" data-testid="offline-sale-banner">
            {t('live.offlineSale')}
          </p>
        )}
        <p id="live-amount" ref={amountRef} className="live-amount">
          {amount}
        </p>
        {sale.comment && <p className="live-comment">{t('live.comment', { comment: sale.comment })}</p>}

        <div
          className={`live-status${pending ? ' live-status--pending' : ''}${offlineSale ? ' live-status--offline' : ''}`}
          role="status"
        >
          <span className={pending ? 'spinner spinner--small' : 'pulse'} aria-hidden="true" />
          <span>
            {pending ? t('live.connecting') : offlineSale ? t('live.awaitingConfirmation') : t('live.waiting')}
          </span>
        </div>
        {pending ? <PendingLine /> : <Countdown expiresDate={sale.expiresDate} status={status} />}
        <NextAmount />
        {/* One slot for the hint, an error, the armed cancel or the lost link, so nothing below jumps. */}
        {error ? (
          <ErrorMessage message={error} className="live-message" />
        ) : cancelArmed ? (
          <p className="live-message banner banner--warn" role="alert">
            {t('live.cancelArmed')}
          </p>
        ) : marks.rejected ? (
          <p className="live-message banner banner--error">{t('live.refused', { reason: marks.rejected })}</p>
        ) : showedAt ? (
          <p
            className="live-message live-showed banner banner--info"
            role="status"
            data-testid="customer-showed-receipt"
          >
            {t('live.customerShowedReceiptAt', { time: formatTime(showedAt, i18n.language) })}
          </p>
        ) : canMark ? (
          // In the hint's place, so the screen is no taller than an ACTIVE sale's at 1024×768.
          <div className="live-message">
            <button
              type="button"
              className="button button--primary live-showed-button"
              onClick={() => void markCustomerShowedReceipt()}
              disabled={busy !== null}
              aria-keyshortcuts={SHOWED_RECEIPT_KEY}
              data-testid="customer-showed-receipt-button"
            >
              {busy === 'marking' ? t('live.markingShowedReceipt') : t('live.customerShowedReceipt')}{' '}
              <Kbd>{SHOWED_RECEIPT_KEY}</Kbd>
            </button>
          </div>
        ) : offlineSale ? (
          <p className="live-message live-scan">{t('live.offlineScan')}</p>
        ) : offline ? (
          // F1 (the "Nova venda" tab) now starts another sale: this one stays in the history.
          <p className="live-message live-offline banner banner--warn" data-testid="live-offline">
            {pending ? t('live.offlinePending') : t('live.offlineActive')}
          </p>
        ) : (
          <p className="live-message live-scan">{pending ? t('live.pendingHint') : t('live.scan')}</p>
        )}

        <div className="field copy-paste">
          <label htmlFor="live-brcode">{t('live.copyPaste')}</label>
          <textarea
            id="live-brcode"
            ref={codeRef}
            className="brcode"
            readOnly
            rows={3}
            value={sale.brCode ?? ''}
            placeholder={pending ? t('live.codePending') : undefined}
          />
          <div className="copy-row">
            <button type="button" className="button button--secondary" onClick={() => void copy()} disabled={pending}>
              {t('live.copy')} <Kbd>C</Kbd>
            </button>
            <span className="copy-result" role="status">
              {copyResult ? t(`live.${copyResult}`) : ''}
            </span>
          </div>
        </div>

        <div className="live-actions">
          <button
            type="button"
            className={`button ${cancelArmed ? 'button--danger' : 'button--secondary'}`}
            onClick={requestCancel}
            disabled={busy !== null}
          >
            {busy === 'cancelling' ? t('live.cancelling') : cancelArmed ? t('live.confirmCancel') : t('live.cancel')}{' '}
            <Kbd>Esc</Kbd>
          </button>
          {sandbox && !offlineSale && (
            <button
              type="button"
              className="button button--training"
              onClick={() => void simulatePayment()}
              disabled={busy !== null || pending}
            >
              {busy === 'simulating' ? t('live.simulating') : t('live.simulate')} <Kbd>F8</Kbd>
            </button>
          )}
        </div>
        {sandbox && <p className="sandbox-note">{t('live.sandboxBadge')}</p>}
      </div>
    </section>
  );
}

/** Where the QR will be: the same square, a spinner and what is happening, so nothing moves when it arrives. */
function QrPending() {
  const { t } = useTranslation();
  return (
    <div className="qr qr-pending" data-testid="qr-pending">
      <span className="spinner" aria-hidden="true" />
      <p className="qr-pending-title">{t('live.connecting')}</p>
      <p className="qr-pending-hint">{t('live.qrComing')}</p>
    </div>
  );
}

/** In place of the countdown while connecting: the time to pay starts with the QR. */
function PendingLine() {
  const { t } = useTranslation();
  return (
    <p className="countdown countdown--pending">
      <ClockIcon className="countdown-icon" />
      <span>{t('live.expiryPending')}</span>
    </p>
  );
}

/** Memoized: the countdown ticks every second and must not repaint the QR. */
const QrImage = memo(function QrImage({ src, alt }: { src: string; alt: string }) {
  return <img className="qr" src={src} alt={alt} decoding="sync" draggable={false} />;
});

/**
 * The time left to pay. At zero the service decides (asked once); an OFFLINE sale then stays
 * "aguardando confirmação": a Pix it was paid with may still be confirmed, it never reads "Expirada".
 */
function Countdown({ expiresDate, status }: { expiresDate: string; status: WaitingStatus }) {
  const { t } = useTranslation();
  const seconds = secondsUntil(expiresDate, useNow());
  const line = countdownLine(status, seconds);
  const refresh = useSale((state) => state.refresh);

  // At zero the service's expiry sweeper decides; ask it rather than guessing.
  useEffect(() => {
    if (seconds === 0) void refresh();
  }, [seconds, refresh]);

  return (
    <p
      className={`countdown${isRunningOut(seconds) ? ' countdown--hurry' : ''}`}
      role="timer"
      aria-live="off"
      data-countdown={line}
    >
      <ClockIcon className="countdown-icon" />
      {line === 'expiresIn' ? (
        <>
          <span>{t('live.expiresIn')}</span> <strong className="countdown-time">{formatCountdown(seconds)}</strong>
        </>
      ) : (
        <span>{line === 'awaitingConfirmation' ? t('live.offlineWindowOver') : t('live.expiring')}</span>
      )}
    </p>
  );
}

/**
 * Pago / Expirada / Cancelada / Recusada: the sale is over and the next customer is waiting.
 * Enter or Esc opens an empty entry, a digit opens it with that digit typed (see lib/next-sale),
 * C the receipt.
 */
function useOutcomeKeys(status: OutcomeStatus, showReceipt?: () => void) {
  const startNext = useSale((state) => state.startNext);
  const onKey = (event: KeyboardEvent) => {
    // Read at the key, not at render: the amount typed ahead is the cashier's latest.
    const result = outcomeKey(status, event.key, useSale.getState().nextEntry);
    if (result?.action === 'next-sale') startNext(result.entry);
    else if (result?.action === 'receipt') showReceipt?.();
  };
  const keys = [...DIGIT_KEYS, 'Enter', 'Escape', ...(showReceipt ? ['c'] : [])];
  useHotkeys({ ...Object.fromEntries(keys.map((key) => [key, onKey])), Backspace: typeAhead });
  return () => startNext();
}

/** Digits and Backspace build the next amount aside while this sale is still on screen. */
function typeAhead(event: KeyboardEvent) {
  const { nextEntry, setNextEntry } = useSale.getState();
  const next = typeAheadKey(nextEntry, event.key);
  if (next) setNextEntry(next);
}

/** The next amount, typed ahead while this sale is still on screen: seen, so it is trusted. */
function NextAmount() {
  const { t } = useTranslation();
  const pending = useSale((state) => state.nextEntry.cents);
  if (pending === 0) return null;
  return (
    <p className="next-amount" role="status" data-testid="next-amount">
      {t('live.nextAmount', { amount: formatBRL(pending) })} <BackspaceKbd />
    </p>
  );
}

function PaidPanel({ sale }: { sale: Sale }) {
  const { t, i18n } = useTranslation();
  const openReceipt = useReceipt((state) => state.open);
  const canReceipt = Boolean(sale.endToEndId);
  const showReceipt = () =>
    sale.endToEndId &&
    openReceipt({ correlationID: sale.correlationID, kind: 'pix-in', endToEndId: sale.endToEndId, value: sale.value });
  const newSale = useOutcomeKeys('COMPLETED', showReceipt);

  return (
    <OutcomePanel
      variant="paid"
      icon={<CheckIcon className="outcome-icon" />}
      title={t('live.paid')}
      sale={sale}
      detail={
        <>
          {sale.payerName ? t('live.paidFrom', { name: sale.payerName }) : null}{' '}
          {sale.paidAt ? t('live.paidAt', { time: formatTime(sale.paidAt, i18n.language) }) : null}
        </>
      }
      onNewSale={newSale}
    >
      {canReceipt && (
        <button type="button" className="button button--secondary button--large" onClick={showReceipt}>
          {t('live.receipt')} <Kbd>C</Kbd>
        </button>
      )}
    </OutcomePanel>
  );
}

function ExpiredPanel({ sale }: { sale: Sale }) {
  const { t } = useTranslation();
  const newSale = useOutcomeKeys('EXPIRED');
  return (
    <OutcomePanel
      variant="expired"
      icon={<ClockIcon className="outcome-icon" />}
      title={t('live.expired')}
      sale={sale}
      detail={t('live.expiredHint')}
      onNewSale={newSale}
    />
  );
}

/** Cancelled while on screen from elsewhere (our own Esc, Esc goes straight to a new entry). */
function CancelledPanel({ sale }: { sale: Sale }) {
  const { t } = useTranslation();
  const newSale = useOutcomeKeys('CANCELLED');
  return (
    <OutcomePanel
      variant="cancelled"
      icon={<CrossIcon className="outcome-icon" />}
      title={t('live.cancelledTitle')}
      sale={sale}
      detail={sale.sync.queued > 0 ? t('live.cancelledQueued') : t('live.cancelledHint')}
      onNewSale={newSale}
    />
  );
}

/** The service refused to create the charge: say why, in its words, and move on. */
function RejectedPanel({ sale }: { sale: Sale }) {
  const { t } = useTranslation();
  const newSale = useOutcomeKeys('REJECTED');
  const reason = syncMarks(sale).rejected;
  const read = reason ? readServiceError(reason) : null;
  return (
    <OutcomePanel
      variant="rejected"
      icon={<ErrorIcon className="outcome-icon" />}
      title={t('live.rejected')}
      sale={sale}
      detail={
        <span className="outcome-reason" data-testid="rejected-reason">
          {read?.kind ? (
            <>
              {t(`serviceError.${read.kind}`)}
              <small className="error-details">
                {t('serviceError.details')} {read.original}
              </small>
            </>
          ) : reason ? (
            t('live.refused', { reason })
          ) : (
            t('live.rejectedHint')
          )}
        </span>
      }
      onNewSale={newSale}
    />
  );
}

interface OutcomePanelProps {
  variant: 'paid' | 'expired' | 'cancelled' | 'rejected';
  icon: ReactNode;
  title: string;
  sale: Sale;
  detail: ReactNode;
  onNewSale: () => void;
  /** Actions shown before "Nova venda". */
  children?: ReactNode;
}

/** The screen of a sale that is over: what happened, the amount, and the way to the next sale. */
function OutcomePanel({ variant, icon, title, sale, detail, onNewSale, children }: OutcomePanelProps) {
  const { t } = useTranslation();
  const amount = formatBRL(sale.value);
  const amountRef = useRef<HTMLParagraphElement>(null);
  useShrinkToFit(amountRef, amount);
  return (
    <section className={`outcome outcome--${variant}`} aria-labelledby="outcome-title">
      <div className="outcome-status" role="status">
        {icon}
        <h1 id="outcome-title" className="outcome-title">
          {title}
        </h1>
      </div>
      <p ref={amountRef} className="outcome-amount">
        {amount}
      </p>
      <p className="outcome-detail">{detail}</p>
      <SaleNumberLine sale={sale} />
      <NextAmount />
      <div className="outcome-actions">
        {children}
        <button type="button" className="button button--primary button--large" onClick={onNewSale} autoFocus>
          {t('live.newSale')} <Kbd>Enter</Kbd>
        </button>
      </div>
      <p className="outcome-next">
        <Kbd>0–9</Kbd> {t('live.typeNext')}
      </p>
    </section>
  );
}
