// The optional customer of a sale: name plus CPF/CNPJ, e-mail or phone (F4 opens and removes it).
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Kbd } from '../../app/Kbd';
import type { CustomerDraft } from '../../lib/customer-draft';

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
  const problem = (name: keyof CustomerDraft) => (invalidField === name ? errorId : undefined);
  return (
    <fieldset className="customer-fields">
      <legend>{t('sale.customer')}</legend>
      <div className="customer-grid">
        <CustomerField
          name="name"
          label={t('sale.customerName')}
          draft={draft}
          setDraft={setDraft}
          inputRef={nameRef}
          autoComplete="name"
          errorId={problem('name')}
        />
        <CustomerField
          name="taxID"
          label={t('sale.customerTaxId')}
          draft={draft}
          setDraft={setDraft}
          inputMode="numeric"
          errorId={problem('taxID')}
        />
        <CustomerField
          name="email"
          label={t('sale.customerEmail')}
          draft={draft}
          setDraft={setDraft}
          type="email"
          errorId={problem('email')}
        />
        <CustomerField
          name="phone"
          label={t('sale.customerPhone')}
          draft={draft}
          setDraft={setDraft}
          type="tel"
          errorId={problem('phone')}
        />
      </div>
      <button type="button" className="button button--quiet" onClick={onRemove}>
        {t('sale.removeCustomer')} <Kbd>F4</Kbd>
      </button>
    </fieldset>
  );
}

interface CustomerFieldProps {
  name: keyof CustomerDraft;
  label: string;
  draft: CustomerDraft;
  setDraft(update: (draft: CustomerDraft) => CustomerDraft): void;
  type?: string;
  inputMode?: 'numeric' | 'text';
  autoComplete?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Set while the form's error is about this field: the id of that error line. */
  errorId?: string;
}

function CustomerField({
  name,
  label,
  draft,
  setDraft,
  type = 'text',
  inputMode,
  autoComplete = 'off',
  inputRef,
  errorId,
}: CustomerFieldProps) {
  const id = `customer-${name}`;
  return (
    <div className={`field${errorId ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        ref={inputRef}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        maxLength={name === 'email' ? 254 : name === 'phone' ? 30 : name === 'taxID' ? 20 : 140}
        value={draft[name]}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => {
          const value = event.target.value;
          setDraft((current) => ({ ...current, [name]: value }));
        }}
      />
    </div>
  );
}
