// "PIN do gerente": which manager approves, and the PIN; Enter sends, Esc cancels without
// sending anything. The action runs from here (see manager-approval-store.ts), so a wrong PIN or a
// lockout stays on screen with the main process's words and the typed name is kept. Mounted
// once by the app; nothing pushed from the main process touches what is typed here.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Kbd } from '../../app/Kbd';
import { useManagerApproval } from './manager-approval-store';
import { PinField, usePinEntry } from './PinField';
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
  const entry = usePinEntry();
  const [operatorId, setOperatorId] = useState(() =>
    register?.current?.role === 'MANAGER' ? register.current.id : (managers[0]?.id ?? ''),
  );

  const { focusPin } = entry;
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    focusPin();
    return () => dialog?.close();
  }, [focusPin]);

  // The list may have changed (a manager added, a lockout over): refresh it, keeping the choice.
  useEffect(() => {
    void useRegister
      .getState()
      .load()
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    if (!operatorId && managers[0]) setOperatorId(managers[0].id);
  }, [operatorId, managers]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (entry.sending) return;
    if (!operatorId) return entry.say(t('register.pin.noManager'));
    if (!entry.send()) return;
    const refusal = await pending.run({ operatorId, pin: entry.pin });
    // On success the dialog is already gone; on a refusal it stays, PIN cleared for the next try.
    if (refusal !== null) entry.refused(refusal);
  };

  return (
    <dialog
      ref={dialogRef}
      className="pin-dialog dialog-sheet"
      aria-labelledby="pin-title"
      aria-describedby="pin-purpose"
      data-testid="manager-pin"
      onCancel={(event) => {
        event.preventDefault();
        if (!entry.sending) pending.cancel();
      }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id="pin-title" className="dialog-title">
          {t('register.pin.title')}
        </h2>
        <p id="pin-purpose" className="pin-purpose">
          {t(`register.pin.purpose.${pending.purpose}`)}
        </p>
        <PinField
          idPrefix="approval"
          operatorLabel={t('register.pin.manager')}
          choices={managers.map((manager) => ({ id: manager.id, label: manager.name }))}
          operatorId={operatorId}
          onOperatorChange={setOperatorId}
          {...entry.field}
        />
        <div className="dialog-actions">
          <button type="submit" className="button button--primary" disabled={entry.sending}>
            {entry.sending ? t('register.pin.checking') : t('register.pin.confirm')} <Kbd>Enter</Kbd>
          </button>
          <button
            type="button"
            className="button button--quiet"
            onClick={() => pending.cancel()}
            disabled={entry.sending}
          >
            {t('register.pin.cancel')} <Kbd>Esc</Kbd>
          </button>
        </div>
      </form>
    </dialog>
  );
}
