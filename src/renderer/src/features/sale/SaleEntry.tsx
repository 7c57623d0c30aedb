// "Nova venda": the amount typed as cents, optional comment and customer, Enter charges.
// Errors, notices and the large-amount confirmation show beside "Cobrar" (the side column), so
// they are on screen however long the form grows (customer fields open at 1024×768).
// Over 300 lines because the typed amount, its checks, the notices and the large-amount
// confirmation are one form over the same keys; the customer fields are CustomerFields.tsx.
import { useEffect, useReducer, useRef, useState, type Dispatch, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../app/AmountInput';
import { isTypingTarget, useHotkeys } from '../../app/hotkeys';
import { BackspaceKbd, Kbd } from '../../app/Kbd';
import { ErrorMessage } from '../../app/ErrorMessage';
import { useShrinkToFit } from '../../app/use-shrink-to-fit';
import { centsEntryReducer, type CentsEntryAction } from '../../lib/cents-entry';
import { chargeCheck } from '../../lib/charge-check';
import { DEFAULT_CONFIRM_ABOVE_CENTS, MAX_CHARGE_CENTS } from '#shared/counter/large-sale';
import { useSettings } from '../settings/settings-store';
import { formatBRL } from '#shared/lib/money';
import { DIGIT_KEYS } from '../../lib/next-sale';
import { saleDisplayStatus } from '#shared/counter/sale-display-status';
import type { Translate } from '../../lib/translate';
import { entryOfflineHint } from '../../lib/offline-sale';
import { offlineRefusalText } from '../../lib/offline-refusal-text';
import { useStatus } from '../status-bar/status-store';
import { customerFromDraft, emptyCustomerDraft, type CustomerDraft } from '../../lib/customer-draft';
import { CustomerFields } from './CustomerFields';
import { Keypad } from './Keypad';
import { registerEntryDraft, useSale } from './sale-store';

const COMMENT_MAX = 140;
/** The form's error line, named by the field it is about. */
const ENTRY_ERROR_ID = 'sale-entry-error';

export function SaleEntry() {
  const { t } = useTranslation();
  // A digit typed on the Pago screen already started this sale's amount.
  const [entry, dispatchEntry] = useReducer(centsEntryReducer, undefined, () => useSale.getState().nextEntry);
  // What was typed here when a PDV's sale took the screen comes back with the entry (sale-store showPushed).
  const [held] = useState(() => useSale.getState().takeHeldForm());
  // Nothing typed since this entry opened: an Enter then is a stray one (the second of two
  // pressed on "Pago"), not a request to charge nothing.
  const [touched, setTouched] = useState(held?.touched ?? false);
  // The amount waiting for the cashier's "yes" (above the owner's limit), or null.
  const [confirming, setConfirming] = useState<number | null>(null);
  const dispatch: Dispatch<CentsEntryAction> = (action) => {
    setTouched(true);
    setConfirming(null);
    dispatchEntry(action);
  };
  const [comment, setComment] = useState(held?.comment ?? '');
  const [customerOpen, setCustomerOpen] = useState(held?.customerOpen ?? false);
  const [customer, setCustomer] = useState<CustomerDraft>(held?.customer ?? emptyCustomerDraft);
  const [formError, setFormError] = useState<string | null>(null);
  // The customer field the form error is about (marked invalid, pointing at the message).
  const [customerInvalid, setCustomerInvalid] = useState<keyof CustomerDraft | null>(null);
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
  const confirmAbove = useSettings((state) => state.settings?.confirmAbove ?? DEFAULT_CONFIRM_ABOVE_CENTS);
  useShrinkToFit(amountRef, formatBRL(entry.cents));

  const focusAmount = () => amountRef.current?.focus();

  useEffect(() => useSale.getState().clearNextEntry(), []);
  // A PDV's sale may take the screen at any moment: the store reads what is typed here then.
  const draft = useRef({ entry, form: { comment, customerOpen, customer, touched } });
  draft.current = { entry, form: { comment, customerOpen, customer, touched } };
  useEffect(() => registerEntryDraft(() => draft.current), []);
  // Typing here is the cashier moving on: the sale on screen before a restart, if its answer is
  // still on the way, does not take this entry from them (sale-store restoreSaleOnScreen).
  useEffect(() => {
    if (touched || comment !== '') useSale.getState().noteEntryTouched();
  }, [touched, comment]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Enter while the confirmation shows is its "yes".
    void charge(confirming);
  };

  const charge = async (confirmedCents: number | null) => {
    if (creating) return;
    setFormError(null);
    setCustomerInvalid(null);
    dismissMessages();
    const check = chargeCheck({ cents: entry.cents, touched, confirmedCents, confirmAbove });
    if (check === 'ignore') {
      focusAmount();
      return;
    }
    if (check === 'amountRequired' || check === 'tooLarge') {
      setConfirming(null);
      setFormError(
        check === 'tooLarge'
          ? t('sale.amountTooLarge', { max: formatBRL(MAX_CHARGE_CENTS) })
          : t('sale.amountRequired'),
      );
      focusAmount();
      return;
    }
    const customerResult = customerOpen ? customerFromDraft(customer) : ({ ok: true, customer: undefined } as const);
    if (!customerResult.ok) {
      setConfirming(null);
      setFormError(t(`sale.${customerResult.error}`));
      setCustomerInvalid(customerResult.field);
      customerNameRef.current?.form
        ?.querySelector<HTMLInputElement>(`[name="customer-${customerResult.field}"]`)
        ?.focus();
      return;
    }
    if (check === 'confirm') {
      setConfirming(entry.cents);
      return;
    }
    setConfirming(null);
    const trimmed = comment.trim();
    const created = await create({
      value: entry.cents,
      ...(trimmed ? { comment: trimmed } : {}),
      ...(customerResult.customer ? { customer: customerResult.customer } : {}),
    });
    if (created) {
      dispatchEntry({ type: 'clear' });
      setTouched(false);
      setComment('');
      setCustomer(emptyCustomerDraft);
      setCustomerOpen(false);
    }
  };

  const editCustomer = (update: (draft: CustomerDraft) => CustomerDraft) => {
    setTouched(true);
    setCustomer(update);
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
      if (confirming !== null) {
        // "Voltar": the amount stays as typed, to be corrected or charged again.
        setConfirming(null);
        focusAmount();
        return;
      }
      setFormError(null);
      setCustomerInvalid(null);
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
            <p
              className="banner banner--info entry-offline"
              role="status"
              data-testid="entry-offline"
              data-offline-hint={offlineHint}
            >
              {offlineHint === 'offlineQr'
                ? t('sale.offlineHintOfflineQr')
                : offlineHint === 'unavailable'
                  ? t('sale.offlineHintUnavailable', {
                      reason: status?.offline?.unavailable
                        ? offlineRefusalText(status.offline.unavailable, t as unknown as Translate)
                        : '',
                    })
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
            {t('sale.amountHint')} · <BackspaceKbd /> · <Kbd>Esc</Kbd> {t('sale.clear')}
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
            onChange={(event) => {
              setTouched(true);
              setComment(event.target.value);
            }}
          />
        </div>

        {customerOpen ? (
          <CustomerFields
            draft={customer}
            setDraft={editCustomer}
            nameRef={customerNameRef}
            onRemove={toggleCustomer}
            invalidField={formError ? customerInvalid : null}
            errorId={ENTRY_ERROR_ID}
          />
        ) : (
          <button type="button" className="button button--quiet add-customer" onClick={toggleCustomer}>
            + {t('sale.addCustomer')} <Kbd>F4</Kbd>
          </button>
        )}
      </div>
      {/* Keypad, Cobrar and the last sale beside the amount: however long the form grows
          (customer fields, an error), the charge button stays on screen at 1366×768. */}
      <div className="sale-entry-side">
        <Keypad dispatch={dispatch} disabled={creating} />
        <button
          type="button"
          className="button button--secondary keypad-clear"
          tabIndex={-1}
          onClick={() => dispatch({ type: 'clear' })}
        >
          {t('sale.clear')} <Kbd>Esc</Kbd>
        </button>
        {confirming !== null ? (
          // In Cobrar's own place: where the cashier is looking, and no taller than the room below it.
          <LargeSaleConfirmation
            cents={confirming}
            limit={confirmAbove}
            onConfirm={() => void charge(confirming)}
            onBack={() => {
              setConfirming(null);
              focusAmount();
            }}
          />
        ) : (
          <button type="submit" className="button button--primary button--huge charge" disabled={creating}>
            {creating ? t('sale.creating') : t('sale.charge')} {!creating && <Kbd>Enter</Kbd>}
          </button>
        )}
        {confirming !== null ? null : error ? (
          <ErrorMessage message={error} className="entry-message" id={ENTRY_ERROR_ID} />
        ) : (
          notice && (
            <p className="banner banner--info entry-message" role="status">
              {t(`sale.${notice}`)}
            </p>
          )
        )}
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

interface LargeSaleConfirmationProps {
  cents: number;
  limit: number;
  onConfirm(): void;
  onBack(): void;
}

/** "Cobrar R$ 99.999,99?": above the owner's limit the cashier says yes first (Enter) or goes back (Esc). */
function LargeSaleConfirmation({ cents, limit, onConfirm, onBack }: LargeSaleConfirmationProps) {
  const { t } = useTranslation();
  return (
    <div
      className="large-sale banner banner--warn"
      role="alertdialog"
      aria-labelledby="large-sale-title"
      aria-describedby="large-sale-hint"
    >
      <p id="large-sale-title" className="large-sale-title">
        {t('sale.confirmLarge', { amount: formatBRL(cents) })}
      </p>
      {/* The keys are said once, in the hint: two buttons with their keys do not fit 290 px. */}
      <p id="large-sale-hint" className="large-sale-hint">
        {t('sale.confirmLargeHint', { limit: formatBRL(limit) })} <Kbd>Enter</Kbd> {t('sale.confirmLargeYesKey')} ·{' '}
        <Kbd>Esc</Kbd> {t('sale.confirmLargeBackKey')}
      </p>
      <div className="large-sale-actions">
        <button
          type="button"
          className="button button--primary"
          onClick={onConfirm}
          aria-keyshortcuts="Enter"
          autoFocus
        >
          {t('sale.confirmLargeYes')}
        </button>
        <button type="button" className="button button--secondary" onClick={onBack} aria-keyshortcuts="Escape">
          {t('sale.confirmLargeBack')}
        </button>
      </div>
    </div>
  );
}
