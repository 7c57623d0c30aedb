// "PIN do gerente": which manager approves, and the PIN; Enter sends, Esc cancels without
// sending anything. The action runs from here (see manager-approval.ts), so a wrong PIN or a
// lockout stays on screen with the main process's words and the typed name is kept. Mounted
// once by the app; nothing pushed from the main process touches what is typed here.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Kbd } from '../../app/Kbd';
import { pinInput, PIN_PATTERN } from '../../lib/register-view';
import { useManagerApproval } from './manager-approval';
import { useRegister } from './register-store';
import './register.css';

export function ManagerPinDialog() {
  const pending = useManagerApproval((state) => state.pending);
  // A new dialog per request: nothing typed for one action carries over to the next.
  return pending ? <OpenManagerPin key={pending.id} /> : null;
}

function OpenManagerPin() {
  const { t } = useTranslation();
  const pending = useManagerApproval((state) => state.pending)!;
  const register = useRegister((state) => state.register);
  const managers = (register?.operators ?? []).filter((operator) => operator.role === 'MANAGER');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const [operatorId, setOperatorId] = useState(() =>
    register?.current?.role === 'MANAGER' ? register.current.id : (managers[0]?.id ?? ''),
  );
  const [pin, setPin] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    pinRef.current?.focus();
    return () => dialog?.close();
  }, []);

  // The list may have changed (a manager added, a lockout over): refresh it, keeping the choice.
  useEffect(() => {
    void useRegister.getState().load().catch(() => undefined);
  }, []);
  useEffect(() => {
    if (!operatorId && managers[0]) setOperatorId(managers[0].id);
  }, [operatorId, managers]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (!operatorId) return setMessage(t('register.pin.noManager'));
    if (!PIN_PATTERN.test(pin)) {
      setMessage(t('register.pin.format'));
      pinRef.current?.focus();
      return;
    }
    setSending(true);
    setMessage(null);
    const refusal = await pending.run({ operatorId, pin });
    // On success the dialog is already gone; on a refusal it stays, PIN cleared for the next try.
    if (refusal !== null) {
      setSending(false);
      setMessage(refusal);
      setPin('');
      pinRef.current?.focus();
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="pin-dialog"
      aria-labelledby="pin-title"
      aria-describedby="pin-purpose"
      data-testid="manager-pin"
      onCancel={(event) => {
        event.preventDefault();
        if (!sending) pending.cancel();
      }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id="pin-title" className="dialog-title">
          {t('register.pin.title')}
        </h2>
        <p id="pin-purpose" className="pin-purpose">
          {t(`register.pin.purpose.${pending.purpose}`)}
        </p>
        <div className="field">
          <label htmlFor="pin-manager">{t('register.pin.manager')}</label>
          <select id="pin-manager" value={operatorId} onChange={(event) => setOperatorId(event.target.value)} disabled={sending}>
            {managers.map((manager) => (
              <option key={manager.id} value={manager.id}>
                {manager.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="pin-value">{t('register.pin.pin')}</label>
          <input
            id="pin-value"
            ref={pinRef}
            className="pin-input"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            value={pin}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? 'pin-message' : undefined}
            onChange={(event) => setPin(pinInput(event.target.value))}
            disabled={sending}
          />
        </div>
        <p id="pin-message" className={message ? 'banner banner--error pin-message' : 'pin-message'} role="alert">
          {message ?? ''}
        </p>
        <div className="dialog-actions">
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? t('register.pin.checking') : t('register.pin.confirm')} <Kbd>Enter</Kbd>
          </button>
          <button type="button" className="button button--quiet" onClick={() => pending.cancel()} disabled={sending}>
            {t('register.pin.cancel')} <Kbd>Esc</Kbd>
          </button>
        </div>
      </form>
    </dialog>
  );
}
