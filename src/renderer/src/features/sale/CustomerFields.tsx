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
}

export function CustomerFields({ draft, setDraft, nameRef, onRemove }: CustomerFieldsProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="customer-fields">
      <legend>{t('sale.customer')}</legend>
      <div className="customer-grid">
        <CustomerField name="name" label={t('sale.customerName')} draft={draft} setDraft={setDraft} inputRef={nameRef} autoComplete="name" />
        <CustomerField name="taxID" label={t('sale.customerTaxId')} draft={draft} setDraft={setDraft} inputMode="numeric" />
        <CustomerField name="email" label={t('sale.customerEmail')} draft={draft} setDraft={setDraft} type="email" />
        <CustomerField name="phone" label={t('sale.customerPhone')} draft={draft} setDraft={setDraft} type="tel" />
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
}

function CustomerField({ name, label, draft, setDraft, type = 'text', inputMode, autoComplete = 'off', inputRef }: CustomerFieldProps) {
  const id = `customer-${name}`;
  return (
    <div className="field">
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
        onChange={(event) => {
          const value = event.target.value;
          setDraft((current) => ({ ...current, [name]: value }));
        }}
      />
    </div>
  );
}
