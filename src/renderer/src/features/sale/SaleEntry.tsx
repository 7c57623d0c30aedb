// "Nova venda": the amount typed as cents, optional comment and customer, Enter charges.
import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../app/AmountInput';
import { isTypingTarget, useHotkeys } from '../../app/hotkeys';
import { Kbd } from '../../app/Kbd';
import { centsEntryReducer } from '../../lib/cents-entry';
import { formatBRL } from '../../lib/money';
import { DIGIT_KEYS } from '../../lib/next-sale';
import { saleDisplayStatus } from '../../lib/sale-status';
import { entryOfflineHint } from '../../lib/offline-sale';
import { useStatus } from '../status-bar/status-store';
import { customerFromDraft, emptyCustomerDraft, type CustomerDraft } from '../../lib/customer-draft';
import { CustomerFields } from './CustomerFields';
import { Keypad } from './Keypad';
import { useSale } from './sale-store';

const COMMENT_MAX = 140;

export function SaleEntry() {
  const { t } = useTranslation();
  // A digit typed on the Pago screen already started this sale's amount.
  const [entry, dispatch] = useReducer(centsEntryReducer, undefined, () => useSale.getState().nextEntry);
  const [comment, setComment] = useState('');
  const [customerOpen, setCustomerOpen] = useState(false);
  const [customer, setCustomer] = useState<CustomerDraft>(emptyCustomerDraft);
  const [formError, setFormError] = useState<string | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const commentRef = useRef<HTMLInputElement>(null);
  const customerNameRef = useRef<HTMLInputElement>(null);

  const phase = useSale((state) => state.phase);
  const apiError = useSale((state) => state.error);
  const notice = useSale((state) => state.notice);
  const lastSale = useSale((state) => state.lastSale);
  const create = useSale((state) => state.create);
  const dismissMessages = useSale((state) => state.dismissMessages);
  const notReady = useStatus((state) => state.status?.ready === false);
  const status = useStatus((state) => state.status);
  const offlineHint = entryOfflineHint(status);
  const creating = phase === 'creating';

  const focusAmount = () => amountRef.current?.focus();

  useEffect(() => useSale.getState().clearNextEntry(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (creating) return;
    setFormError(null);
    dismissMessages();
    if (entry.cents <= 0) {
      setFormError(t('sale.amountRequired'));
      focusAmount();
      return;
    }
    const customerResult = customerOpen ? customerFromDraft(customer) : ({ ok: true, customer: undefined } as const);
    if (!customerResult.ok) {
      setFormError(t(`sale.${customerResult.error}`));
      customerNameRef.current?.form?.querySelector<HTMLInputElement>(`[name="customer-${customerResult.field}"]`)?.focus();
      return;
    }
    const trimmed = comment.trim();
    const created = await create({
      value: entry.cents,
      ...(trimmed ? { comment: trimmed } : {}),
      ...(customerResult.customer ? { customer: customerResult.customer } : {}),
    });
    if (created) {
      dispatch({ type: 'clear' });
      setComment('');
      setCustomer(emptyCustomerDraft);
      setCustomerOpen(false);
    }
  };

  const toggleCustomer = () => {
    if (customerOpen) {
      setCustomerOpen(false);
      setCustomer(emptyCustomerDraft);
      focusAmount();
    } else {
      setCustomerOpen(true);
      requestAnimationFrame(() => customerNameRef.current?.focus());
    }
  };

  useHotkeys({
    Escape: () => {
      setFormError(null);
      dismissMessages();
      if (entry.cents > 0) dispatch({ type: 'clear' });
      else {
        setComment('');
        setCustomer(emptyCustomerDraft);
        setCustomerOpen(false);
      }
      focusAmount();
    },
    F3: () => commentRef.current?.focus(),
    F4: toggleCustomer,
    // Digits typed while the focus wandered off (after a click) still reach the amount.
    ...Object.fromEntries(
      DIGIT_KEYS.map((digit) => [
        digit,
        (event: KeyboardEvent) => {
          if (isTypingTarget(event.target)) return;
          dispatch({ type: 'digit', digit });
          focusAmount();
        },
      ]),
    ),
  });

  const error = formError ?? apiError;

  return (
    <form className="sale-entry" onSubmit={submit} noValidate aria-labelledby="sale-entry-title">
      <div className="sale-entry-main">
        <h1 id="sale-entry-title" className="screen-title">
          {t('sale.title')}
        </h1>
        {notReady ? (
          <p className="banner banner--warn" role="status">
            {t('app.notReady')}
          </p>
        ) : (
          offlineHint && (
            <p className="banner banner--info entry-offline" role="status" data-testid="entry-offline" data-offline-hint={offlineHint}>
              {offlineHint === 'offlineQr'
                ? t('sale.offlineHintOfflineQr')
                : offlineHint === 'unavailable'
                  ? t('sale.offlineHintUnavailable', { reason: status?.offline?.unavailable?.trim() ?? '' })
                  : t('sale.offlineHint')}
            </p>
          )
        )}
        <div className="amount-card">
          <label htmlFor="sale-amount" className="amount-label">
            {t('sale.amount')}
          </label>
          <AmountInput
            id="sale-amount"
            className="amount-input"
            entry={entry}
            dispatch={dispatch}
            inputRef={amountRef}
            describedBy="sale-amount-hint"
            invalid={formError === t('sale.amountRequired')}
            autoFocus
          />
          <p id="sale-amount-hint" className="field-hint">
            {t('sale.amountHint')} · <Kbd>⌫</Kbd> · <Kbd>Esc</Kbd> {t('sale.clear')}
          </p>
        </div>

        <div className="field">
          <div className="field-head">
            <label htmlFor="sale-comment">
              {t('sale.comment')} <Kbd>F3</Kbd>
            </label>
            <span className="counter" aria-hidden="true">
              {t('sale.counter', { count: comment.length, max: COMMENT_MAX })}
            </span>
          </div>
          <input
            id="sale-comment"
            ref={commentRef}
            type="text"
            maxLength={COMMENT_MAX}
            placeholder={t('sale.commentPlaceholder')}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
        </div>

        {customerOpen ? (
          <CustomerFields draft={customer} setDraft={setCustomer} nameRef={customerNameRef} onRemove={toggleCustomer} />
        ) : (
          <button type="button" className="button button--quiet add-customer" onClick={toggleCustomer}>
            + {t('sale.addCustomer')} <Kbd>F4</Kbd>
          </button>
        )}

        {error && (
          <p className="banner banner--error" role="alert">
            {error}
          </p>
        )}
        {!error && notice && (
          <p className="banner banner--info" role="status">
            {t(`sale.${notice}`)}
          </p>
        )}
      </div>
      {/* Keypad, Cobrar and the last sale beside the amount: however long the form grows
          (customer fields, an error), the charge button stays on screen at 1366×768. */}
      <div className="sale-entry-side">
        <Keypad dispatch={dispatch} disabled={creating} />
        <button type="button" className="button button--secondary keypad-clear" tabIndex={-1} onClick={() => dispatch({ type: 'clear' })}>
          {t('sale.clear')} <Kbd>Esc</Kbd>
        </button>
        <button type="submit" className="button button--primary button--huge charge" disabled={creating}>
          {creating ? t('sale.creating') : t('sale.charge')} {!creating && <Kbd>Enter</Kbd>}
        </button>
        {lastSale && (
          <p className="last-sale">
            {t('sale.lastSale', {
              amount: formatBRL(lastSale.value),
              status: t(`sale.lastSaleStatus.${saleDisplayStatus(lastSale)}`),
            })}
          </p>
        )}
      </div>
    </form>
  );
}
