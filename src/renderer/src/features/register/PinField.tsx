// Who is approving or signing in, and their PIN: the operator choice, the PIN box (digits only, at
// most 8, masked) and the alert line under it, as the sign-in form and the manager's PIN dialog
// both ask for them. The alert line is always in the page (hidden while empty), so a refusal is
// announced when it arrives; the PIN box points at it while it says something.
import { useCallback, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { pinInput, PIN_PATTERN } from '../../lib/register-view';

export interface PinFieldChoice {
  id: string;
  label: string;
}

/** What a PIN form keeps while it is typed and sent: the PIN, its message, whether it is being sent. */
export function usePinEntry() {
  const { t } = useTranslation();
  const pinRef = useRef<HTMLInputElement>(null);
  const [pin, setPin] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // Stable across renders: the forms focus the PIN in a mount effect that names it.
  const focusPin = useCallback(() => pinRef.current?.focus(), []);
  return {
    pin,
    sending,
    focusPin,
    /** Shows `text` in the alert line (null clears it). */
    say: setMessage,
    /** Checks the PIN's format before sending: false (and says so, the PIN focused) when it is not 4 to 8 digits; else marks it sent. */
    send(): boolean {
      if (!PIN_PATTERN.test(pin)) {
        setMessage(t('register.pin.format'));
        focusPin();
        return false;
      }
      setSending(true);
      setMessage(null);
      return true;
    },
    /** The main process refused: its words shown, the PIN cleared for the next try and focused. */
    refused(text: string) {
      setSending(false);
      setMessage(text);
      setPin('');
      focusPin();
    },
    /** The PIN part of PinField's props. */
    field: { pin, onPinChange: setPin, pinRef, message, disabled: sending },
  };
}

interface PinFieldProps {
  /** Prefix of the element ids: `${idPrefix}-operator`, `${idPrefix}-pin`, `${idPrefix}-message`. */
  idPrefix: string;
  operatorLabel: string;
  choices: readonly PinFieldChoice[];
  operatorId: string;
  onOperatorChange(operatorId: string): void;
  pin: string;
  onPinChange(pin: string): void;
  pinRef: Ref<HTMLInputElement>;
  /** The refusal or format problem to show; null while there is none. */
  message: string | null;
  disabled: boolean;
}

export function PinField({
  idPrefix,
  operatorLabel,
  choices,
  operatorId,
  onOperatorChange,
  pin,
  onPinChange,
  pinRef,
  message,
  disabled,
}: PinFieldProps) {
  const { t } = useTranslation();
  const messageId = `${idPrefix}-message`;
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-operator`}>{operatorLabel}</label>
        <select
          id={`${idPrefix}-operator`}
          value={operatorId}
          onChange={(event) => onOperatorChange(event.target.value)}
          disabled={disabled}
        >
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-pin`}>{t('register.pin.pin')}</label>
        <input
          id={`${idPrefix}-pin`}
          ref={pinRef}
          className="pin-input"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          value={pin}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          onChange={(event) => onPinChange(pinInput(event.target.value))}
          disabled={disabled}
        />
      </div>
      <p
        id={messageId}
        className={message ? 'banner banner--error pin-message' : 'pin-message visually-hidden'}
        role="alert"
      >
        {message ?? ''}
      </p>
    </>
  );
}
