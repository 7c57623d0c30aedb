// The optional customer of a sale: name plus CPF/CNPJ, e-mail or phone (F4 opens and removes it).
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Kbd } from '../../app/Kbd';
import type { CustomerDraft } from '../../lib/customer-draft';

interface CustomerInput {
  name: keyof CustomerDraft;
  /** Its i18n key. */
  label: string;
  maxLength: number;
  type?: 'email' | 'tel';
  inputMode?: 'numeric';
  autoComplete?: 'name';
}

/** The fields in screen order, each with what it lets the cashier type and the keyboard it brings up. */
const CUSTOMER_INPUTS = [
  { name: 'name', label: 'sale.customerName', maxLength: 140, autoComplete: 'name' },
  { name: 'taxID', label: 'sale.customerTaxId', maxLength: 20, inputMode: 'numeric' },
  { name: 'email', label: 'sale.customerEmail', maxLength: 254, type: 'email' },
  { name: 'phone', label: 'sale.customerPhone', maxLength: 30, type: 'tel' },
] as const satisfies readonly CustomerInput[];

interface CustomerFieldsProps {
  draft: CustomerDraft;
  setDraft(update: (draft: CustomerDraft) => CustomerDraft): void;
  nameRef: Ref<HTMLInputElement>;
  onRemove(): void;
  /** The field the form's error is about, if it is one of these. */
  invalidField: keyof CustomerDraft | null;
  /** The id of the form's error line, which an invalid field points at. */
  errorId: string;
}

export function CustomerFields({ draft, setDraft, nameRef, onRemove, invalidField, errorId }: CustomerFieldsProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="customer-fields">
      <legend>{t('sale.customer')}</legend>
      <div className="customer-grid">
        {CUSTOMER_INPUTS.map((input) => (
          <CustomerField
            key={input.name}
            input={input}
            label={t(input.label)}
            value={draft[input.name]}
            onChange={(value) => setDraft((current) => ({ ...current, [input.name]: value }))}
            inputRef={input.name === 'name' ? nameRef : undefined}
            errorId={invalidField === input.name ? errorId : undefined}
          />
        ))}
      </div>
      <button type="button" className="button button--quiet" onClick={onRemove}>
        {t('sale.removeCustomer')} <Kbd>F4</Kbd>
      </button>
    </fieldset>
  );
}

interface CustomerFieldProps {
  input: CustomerInput;
  label: string;
  value: string;
  onChange(value: string): void;
  inputRef?: Ref<HTMLInputElement> | undefined;
  /** Set while the form's error is about this field: the id of that error line. */
  errorId?: string | undefined;
}

function CustomerField({ input, label, value, onChange, inputRef, errorId }: CustomerFieldProps) {
  const id = `customer-${input.name}`;
  return (
    <div className={`field${errorId ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        ref={inputRef}
        type={input.type ?? 'text'}
        inputMode={input.inputMode}
        autoComplete={input.autoComplete ?? 'off'}
        maxLength={input.maxLength}
        value={value}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
