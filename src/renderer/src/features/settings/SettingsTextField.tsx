// One settings field: its label, control, hint and error wired together. The control carries id
// `settings-<field>` (the screen focuses the first invalid one by it), and the label and error read
// `settings.<field>` and `settings.errors.<field>` from the catalogue.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsDraft, SettingsErrors, SettingsField } from '../../lib/settings-form';

interface SettingsFieldFrameProps {
  field: SettingsField;
  invalid: boolean;
  hint?: string;
  children: ReactNode;
}

/** The frame around a field's control (an input, or the header's textarea). */
export function SettingsFieldFrame({ field, invalid, hint, children }: SettingsFieldFrameProps) {
  const { t } = useTranslation();
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}`}>
      <label htmlFor={`settings-${field}`}>{t(`settings.${field}`)}</label>
      {children}
      {hint && <p className="field-hint">{hint}</p>}
      {invalid && (
        <p className="field-error" role="alert">
          {t(`settings.errors.${field}`)}
        </p>
      )}
    </div>
  );
}

interface SettingsTextFieldProps {
  field: SettingsField;
  draft: SettingsDraft;
  errors: SettingsErrors;
  onChange(field: SettingsField, value: string): void;
  maxLength?: number;
  /**
   * A number typed as text (an amount, a count) and the keypad it brings up. Such a field is never
   * autocompleted and tells assistive technology when it is invalid.
   */
  inputMode?: 'decimal' | 'numeric';
  hint?: string;
  type?: 'text' | 'url';
  autoComplete?: 'off';
  /** For addresses and keys, which no dictionary knows. */
  spellCheck?: false;
  placeholder?: string;
}

/** A settings field typed on one line. */
export function SettingsTextField({
  field,
  draft,
  errors,
  onChange,
  maxLength,
  inputMode,
  hint,
  type = 'text',
  autoComplete = inputMode ? 'off' : undefined,
  spellCheck,
  placeholder,
}: SettingsTextFieldProps) {
  const invalid = errors[field] === true;
  return (
    <SettingsFieldFrame field={field} invalid={invalid} hint={hint}>
      <input
        id={`settings-${field}`}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        maxLength={maxLength}
        spellCheck={spellCheck}
        value={draft[field]}
        placeholder={placeholder}
        aria-invalid={inputMode && invalid ? true : undefined}
        onChange={(event) => onChange(field, event.target.value)}
      />
    </SettingsFieldFrame>
  );
}
