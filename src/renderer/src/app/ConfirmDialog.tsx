// A question that stops the screen until it is answered: Enter confirms, Esc goes back. A modal,
// so the keys of the screen under it wait (hotkeys' 'dialog' scope). Used where a cashier or owner
// confirms something that cannot be taken back (cancelling a sale, leaving commands behind).
import { useEffect, useRef, type ReactNode } from 'react';
import { useHotkeys } from './hotkeys';
import { Kbd } from './Kbd';
import './confirm-dialog.css';

export interface ConfirmDialogProps {
  /** Prefix of the dialog's element ids, and its data-testid. */
  id: string;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while `busy`. */
  busyLabel: string;
  backLabel: string;
  busy: boolean;
  /** `danger`: the action destroys something (red edge and button); `warning`: it only risks it. */
  tone: 'danger' | 'warning';
  onConfirm(): void;
  onBack(): void;
}

export function ConfirmDialog({
  id,
  title,
  message,
  confirmLabel,
  busyLabel,
  backLabel,
  busy,
  tone,
  onConfirm,
  onBack,
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  // Enter anywhere in the dialog confirms (on a focused button the button itself answers).
  useHotkeys({ Enter: onConfirm }, { scope: 'dialog' });

  return (
    <dialog
      ref={dialogRef}
      className={`confirm-dialog confirm-dialog--${tone}`}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      data-testid={id}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onBack();
      }}
    >
      <h2 id={`${id}-title`} className="dialog-title">
        {title}
      </h2>
      <p id={`${id}-message`} className="confirm-dialog-message">
        {message}
      </p>
      <div className="dialog-actions">
        <button
          type="button"
          className={`button ${tone === 'danger' ? 'button--danger' : 'button--primary'}`}
          onClick={onConfirm}
          disabled={busy}
          autoFocus
        >
          {busy ? busyLabel : confirmLabel} <Kbd>Enter</Kbd>
        </button>
        <button type="button" className="button button--quiet" onClick={onBack} disabled={busy}>
          {backLabel} <Kbd>Esc</Kbd>
        </button>
      </div>
    </dialog>
  );
}
