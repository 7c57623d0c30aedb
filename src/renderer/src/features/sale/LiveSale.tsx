// The QR screen: a huge QR while the sale waits, then a big green "Pago" or "Expirada".
// The status follows the main process's pushes; the countdown asks once more at expiry.
import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sale } from '../../../../shared/pos-api';
import { useHotkeys } from '../../app/hotkeys';
import { CheckIcon, ClockIcon } from '../../app/Icons';
import { Kbd } from '../../app/Kbd';
import { formatCountdown, isRunningOut, secondsUntil } from '../../lib/countdown';
import { formatTime } from '../../lib/date-time';
import { formatBRL } from '../../lib/money';
import { DIGIT_KEYS, outcomeKey, typeAheadKey } from '../../lib/next-sale';
import { useNow } from '../../app/use-now';
import { useReceipt } from '../receipts/receipt-store';
import { isSandboxMode, useSettings } from '../settings/settings-store';
import { copyText } from './clipboard';
import { playPaidChime } from './payment-chime';
import { useSale } from './sale-store';

/** How long the first Esc stays armed before a second one is needed again. */
const CANCEL_ARM_MS = 3000;

export function LiveSale() {
  const live = useSale((state) => state.live)!;
  const { sale } = live;
  const previousStatus = useRef(sale.status);

  useEffect(() => {
    if (previousStatus.current === 'ACTIVE' && sale.status === 'COMPLETED') playPaidChime();
    previousStatus.current = sale.status;
  }, [sale.status]);

  if (sale.status === 'COMPLETED') return <PaidPanel sale={sale} />;
  if (sale.status === 'EXPIRED') return <ExpiredPanel sale={sale} />;
  return <WaitingPanel sale={sale} qrSrc={live.qrSrc} />;
}

function WaitingPanel({ sale, qrSrc }: { sale: Sale; qrSrc: string }) {
  const { t } = useTranslation();
  const cancelArmed = useSale((state) => state.cancelArmed);
  const busy = useSale((state) => state.busy);
  const error = useSale((state) => state.error);
  const { armCancel, disarmCancel, cancel, simulatePayment } = useSale.getState();
  const sandbox = useSettings((state) => isSandboxMode(state.settings));
  const codeRef = useRef<HTMLTextAreaElement>(null);
  const [copyResult, setCopyResult] = useState<'copied' | 'copyFailed' | null>(null);

  useEffect(() => {
    if (!cancelArmed) return;
    const timer = setTimeout(disarmCancel, CANCEL_ARM_MS);
    return () => clearTimeout(timer);
  }, [cancelArmed, disarmCancel]);

  const requestCancel = () => (cancelArmed ? void cancel() : armCancel());
  const copy = async () => setCopyResult((await copyText(sale.brCode, codeRef.current)) ? 'copied' : 'copyFailed');

  useHotkeys({
    Escape: requestCancel,
    c: () => void copy(),
    ...(sandbox ? { F8: () => void simulatePayment() } : {}),
    ...typeAheadBindings(),
  });

  const amount = formatBRL(sale.value);
  return (
    <section className="live" aria-labelledby="live-amount">
      <div className="qr-frame">
        <QrImage src={qrSrc} alt={t('live.qrAlt', { amount })} />
      </div>
      <div className="live-side">
        <h1 className="live-kicker">{t('live.title')}</h1>
        <p id="live-amount" className="live-amount">
          {amount}
        </p>
        {sale.comment && <p className="live-comment">{t('live.comment', { comment: sale.comment })}</p>}

        <div className="live-status" role="status">
          <span className="pulse" aria-hidden="true" />
          <span>{t('live.waiting')}</span>
        </div>
        <Countdown expiresDate={sale.expiresDate} />
        <NextAmount />
        {/* One slot for the hint, an error or the armed cancel, so nothing below jumps. */}
        {error ? (
          <p className="live-message banner banner--error" role="alert">
            {error}
          </p>
        ) : cancelArmed ? (
          <p className="live-message banner banner--warn" role="alert">
            {t('live.cancelArmed')}
          </p>
        ) : (
          <p className="live-message live-scan">{t('live.scan')}</p>
        )}

        <div className="field copy-paste">
          <label htmlFor="live-brcode">{t('live.copyPaste')}</label>
          <textarea id="live-brcode" ref={codeRef} className="brcode" readOnly rows={3} value={sale.brCode} />
          <div className="copy-row">
            <button type="button" className="button button--secondary" onClick={() => void copy()}>
              {t('live.copy')} <Kbd>C</Kbd>
            </button>
            <span className="copy-result" role="status">
              {copyResult ? t(`live.${copyResult}`) : ''}
            </span>
          </div>
        </div>

        <div className="live-actions">
          <button type="button" className={`button ${cancelArmed ? 'button--danger' : 'button--secondary'}`} onClick={requestCancel} disabled={busy !== null}>
            {busy === 'cancelling' ? t('live.cancelling') : cancelArmed ? t('live.confirmCancel') : t('live.cancel')} <Kbd>Esc</Kbd>
          </button>
          {sandbox && (
            <button type="button" className="button button--training" onClick={() => void simulatePayment()} disabled={busy !== null}>
              {busy === 'simulating' ? t('live.simulating') : t('live.simulate')} <Kbd>F8</Kbd>
            </button>
          )}
        </div>
        {sandbox && <p className="sandbox-note">{t('live.sandboxBadge')}</p>}
      </div>
    </section>
  );
}

/** Memoized: the countdown ticks every second and must not repaint the QR. */
const QrImage = memo(function QrImage({ src, alt }: { src: string; alt: string }) {
  return <img className="qr" src={src} alt={alt} decoding="sync" draggable={false} />;
});

function Countdown({ expiresDate }: { expiresDate: string }) {
  const { t } = useTranslation();
  const seconds = secondsUntil(expiresDate, useNow());
  const refresh = useSale((state) => state.refresh);

  // At zero the service's expiry sweeper decides; ask it rather than guessing.
  useEffect(() => {
    if (seconds === 0) void refresh();
  }, [seconds, refresh]);

  return (
    <p className={`countdown${isRunningOut(seconds) ? ' countdown--hurry' : ''}`} role="timer" aria-live="off">
      <ClockIcon className="countdown-icon" />
      {seconds > 0 ? (
        <>
          <span>{t('live.expiresIn')}</span> <strong className="countdown-time">{formatCountdown(seconds)}</strong>
        </>
      ) : (
        <span>{t('live.expiring')}</span>
      )}
    </p>
  );
}

/**
 * Pago / Expirada: the sale is over and the next customer is waiting. Enter or Esc opens an
 * empty entry, a digit opens it with that digit typed (see lib/next-sale), C the receipt.
 */
function useOutcomeKeys(status: Exclude<Sale['status'], 'ACTIVE'>, showReceipt?: () => void) {
  const startNext = useSale((state) => state.startNext);
  const onKey = (event: KeyboardEvent) => {
    // Read at the key, not at render: the amount typed ahead is the cashier's latest.
    const result = outcomeKey(status, event.key, useSale.getState().nextEntry);
    if (result?.action === 'next-sale') startNext(result.entry);
    else if (result?.action === 'receipt') showReceipt?.();
  };
  const keys = [...DIGIT_KEYS, 'Enter', 'Escape', ...(showReceipt ? ['c'] : [])];
  useHotkeys({ ...Object.fromEntries(keys.map((key) => [key, onKey])), Backspace: typeAheadBindings().Backspace });
  return () => startNext();
}

/** Digits and Backspace build the next amount aside while this sale is still on screen. */
function typeAheadBindings(): Record<string, (event: KeyboardEvent) => void> {
  const onKey = (event: KeyboardEvent) => {
    const { nextEntry, setNextEntry } = useSale.getState();
    const next = typeAheadKey(nextEntry, event.key);
    if (next) setNextEntry(next);
  };
  return Object.fromEntries([...DIGIT_KEYS, 'Backspace'].map((key) => [key, onKey]));
}

/** The next amount, typed ahead while this sale is still on screen: seen, so it is trusted. */
function NextAmount() {
  const { t } = useTranslation();
  const pending = useSale((state) => state.nextEntry.cents);
  if (pending === 0) return null;
  return (
    <p className="next-amount" role="status" data-testid="next-amount">
      {t('live.nextAmount', { amount: formatBRL(pending) })} <Kbd>⌫</Kbd>
    </p>
  );
}

function PaidPanel({ sale }: { sale: Sale }) {
  const { t, i18n } = useTranslation();
  const openReceipt = useReceipt((state) => state.open);
  const canReceipt = Boolean(sale.endToEndId);
  const showReceipt = () =>
    sale.endToEndId && openReceipt({ correlationID: sale.correlationID, kind: 'pix-in', endToEndId: sale.endToEndId, value: sale.value });
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

interface OutcomePanelProps {
  variant: 'paid' | 'expired';
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
  return (
    <section className={`outcome outcome--${variant}`} aria-labelledby="outcome-title">
      <div className="outcome-status" role="status">
        {icon}
        <h1 id="outcome-title" className="outcome-title">
          {title}
        </h1>
      </div>
      <p className="outcome-amount">{formatBRL(sale.value)}</p>
      <p className="outcome-detail">{detail}</p>
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
