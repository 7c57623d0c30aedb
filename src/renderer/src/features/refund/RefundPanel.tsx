// Devolução: amount (the whole refundable value by default, digits build cents), a required
// reason, then a confirmation step naming the amount before anything is sent.
import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sale } from '#shared/counter/counter-api';
import { AmountInput } from '../../app/AmountInput';
import { useHotkeys } from '../../app/hotkeys';
import { Kbd } from '../../app/Kbd';
import { errorMessage, counterApi } from '../../app/counter-api';
import { centsEntryReducer, presetEntry } from '../../lib/cents-entry';
import { formatBRL } from '#shared/lib/money';
import { refundFormError, type RefundFormError } from '../../lib/refund-rules';
import { REFUND_REASON_MAX } from '#shared/counter/counter-schemas';
import { refundableCents } from '#shared/counter/refund-rule';
import { isOffline } from '../../lib/connection-status';
import { useHistory } from '../history/history-store';
import { ApprovalCancelled, withManagerIfRequired } from '../register/manager-approval-store';
import { useStatus } from '../status-bar/status-store';
import './refund.css';

interface RefundPanelProps {
  sale: Sale;
  onRefunded(sale: Sale, value: number): void;
  onClose(): void;
}

export function RefundPanel({ sale, onRefunded, onClose }: RefundPanelProps) {
  const { t } = useTranslation();
  // Refunds still queued count as given: they will be sent.
  const refundable = refundableCents(sale);
  const [entry, dispatch] = useReducer(centsEntryReducer, refundable, presetEntry);
  const [reason, setReason] = useState('');
  const [step, setStep] = useState<'form' | 'confirm' | 'sending'>('form');
  const [formError, setFormError] = useState<RefundFormError | null>(null);
  const [apiError, setApiError] = useState<string | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLInputElement>(null);
  const max = formatBRL(refundable);
  const amount = formatBRL(entry.cents);
  const setRefundConfirming = useHistory((state) => state.setRefundConfirming);
  const offline = useStatus((state) => isOffline(state.status));

  useEffect(() => {
    setRefundConfirming(step !== 'form');
    return () => setRefundConfirming(false);
  }, [step, setRefundConfirming]);

  const review = (event: FormEvent) => {
    event.preventDefault();
    const error = refundFormError({ cents: entry.cents, reason, refundable });
    setFormError(error);
    setApiError(null);
    if (error) {
      (error === 'reasonRequired' ? reasonRef : amountRef).current?.focus();
      return;
    }
    setStep('confirm');
  };

  const send = async () => {
    if (step !== 'confirm') return;
    setStep('sending');
    try {
      const request = { correlationID: sale.correlationID, value: entry.cents, reason: reason.trim() };
      const updated = await withManagerIfRequired('refund', (manager) =>
        counterApi().refundSale(manager ? { ...request, manager } : request),
      );
      onRefunded(updated, entry.cents);
    } catch (error) {
      // Esc in the PIN dialog: nothing was sent, back to the confirmation as it was.
      if (!(error instanceof ApprovalCancelled)) setApiError(errorMessage(error));
      setStep('confirm');
    }
  };

  useHotkeys({
    Escape: () => {
      if (step === 'confirm') setStep('form');
      else if (step === 'form') onClose();
    },
  });

  if (step !== 'form') {
    return (
      <section className="refund refund--confirm" aria-labelledby="refund-confirm-title">
        <h3 id="refund-confirm-title" className="panel-title">
          {t('refund.confirmTitle')}
        </h3>
        <p className="refund-confirm-amount">{amount}</p>
        <p>{t('refund.confirmText', { amount, total: formatBRL(sale.value) })}</p>
        <p className="refund-confirm-reason">{t('refund.confirmReason', { reason: reason.trim() })}</p>
        {offline && (
          <p className="banner banner--info" data-testid="refund-offline">
            {t('refund.offlineNote')}
          </p>
        )}
        {apiError && (
          <p className="banner banner--error" role="alert">
            {apiError}
          </p>
        )}
        <div className="panel-actions">
          <button
            type="button"
            className="button button--danger"
            onClick={() => void send()}
            disabled={step === 'sending'}
            autoFocus
          >
            {step === 'sending' ? t('refund.sending') : t('refund.confirm', { amount })} <Kbd>Enter</Kbd>
          </button>
          <button
            type="button"
            className="button button--quiet"
            onClick={() => setStep('form')}
            disabled={step === 'sending'}
          >
            {t('refund.back')} <Kbd>Esc</Kbd>
          </button>
        </div>
      </section>
    );
  }

  return (
    <form className="refund" onSubmit={review} noValidate aria-labelledby="refund-title">
      <h3 id="refund-title" className="panel-title">
        {t('refund.title')}
      </h3>
      <div className="field">
        <label htmlFor="refund-amount">{t('refund.amount')}</label>
        <AmountInput
          id="refund-amount"
          className="amount-input amount-input--medium"
          entry={entry}
          dispatch={dispatch}
          inputRef={amountRef}
          describedBy="refund-amount-hint"
          invalid={formError === 'amountRequired' || formError === 'amountTooHigh'}
          autoFocus
        />
        <p id="refund-amount-hint" className="field-hint">
          {t('refund.amountHint', { max })}
        </p>
      </div>
      <div className="field">
        <div className="field-head">
          <label htmlFor="refund-reason">{t('refund.reason')}</label>
          <span className="counter" aria-hidden="true">
            {reason.length}/{REFUND_REASON_MAX}
          </span>
        </div>
        <input
          id="refund-reason"
          ref={reasonRef}
          type="text"
          required
          maxLength={REFUND_REASON_MAX}
          placeholder={t('refund.reasonPlaceholder')}
          aria-invalid={formError === 'reasonRequired' || undefined}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      {formError && (
        <p className="banner banner--error" role="alert">
          {t(`refund.${formError}`, { max })}
        </p>
      )}
      <div className="panel-actions">
        <button type="submit" className="button button--primary">
          {t('refund.next')} <Kbd>Enter</Kbd>
        </button>
        <button type="button" className="button button--quiet" onClick={onClose}>
          {t('refund.back')} <Kbd>Esc</Kbd>
        </button>
      </div>
    </form>
  );
}
