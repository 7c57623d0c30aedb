// The cash-register amount field shared by the sale and the refund: digits build cents.
// Keys are handled here (not via the input's text) so typing is exact whatever the caret;
// paste and programmatic fills arrive as text and keep only their digits.
import type { ClipboardEvent, Dispatch, KeyboardEvent, Ref } from 'react';
import type { CentsEntry, CentsEntryAction } from '../lib/cents-entry';
import { formatBRL } from '#shared/lib/money';

interface AmountInputProps {
  id: string;
  entry: CentsEntry;
  dispatch: Dispatch<CentsEntryAction>;
  className?: string;
  describedBy?: string;
  invalid?: boolean;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

export function AmountInput({
  id,
  entry,
  dispatch,
  className,
  describedBy,
  invalid,
  autoFocus,
  inputRef,
}: AmountInputProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^\d$/.test(event.key)) {
      event.preventDefault();
      dispatch({ type: 'digit', digit: event.key });
    } else if (event.key === 'Backspace' || event.key === 'Delete') {
      event.preventDefault();
      dispatch({ type: 'backspace' });
    } else if (event.key.length === 1) {
      // Letters, commas and dots mean nothing here: the amount is digits only.
      event.preventDefault();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    dispatch({ type: 'text', text: event.clipboardData.getData('text') });
  };

  return (
    <input
      id={id}
      ref={inputRef}
      className={className}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      autoFocus={autoFocus}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      data-pristine={entry.pristine || undefined}
      data-empty={entry.cents === 0 || undefined}
      value={formatBRL(entry.cents)}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
      onChange={(event) => dispatch({ type: 'text', text: event.target.value })}
      onFocus={(event) => event.target.setSelectionRange(event.target.value.length, event.target.value.length)}
    />
  );
}
