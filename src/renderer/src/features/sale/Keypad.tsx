// On-screen keypad for touch screens. Keyboard users never need it: its buttons stay out of
// the Tab order and keep the focus in the amount field.
import type { Dispatch, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BackspaceIcon } from '../../app/Icons';
import type { CentsEntryAction } from '../../lib/cents-entry';

const KEYS = ['7', '8', '9', '4', '5', '6', '1', '2', '3', '00', '0'] as const;

export function Keypad({ dispatch, disabled }: { dispatch: Dispatch<CentsEntryAction>; disabled?: boolean }) {
  const { t } = useTranslation();
  const keepFocus = (event: MouseEvent) => event.preventDefault();
  return (
    <div className="keypad" role="group" aria-label={t('sale.keypad')}>
      {KEYS.map((key) => (
        <button
          key={key}
          type="button"
          tabIndex={-1}
          className="keypad-key"
          disabled={disabled}
          onMouseDown={keepFocus}
          onClick={() => dispatch({ type: 'digit', digit: key })}
        >
          {key}
        </button>
      ))}
      <button
        type="button"
        tabIndex={-1}
        className="keypad-key keypad-key--back"
        aria-label={t('sale.backspace')}
        disabled={disabled}
        onMouseDown={keepFocus}
        onClick={() => dispatch({ type: 'backspace' })}
      >
        <BackspaceIcon className="keypad-icon" />
      </button>
    </div>
  );
}
