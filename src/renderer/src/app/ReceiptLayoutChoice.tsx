// "Formato": 80 mm roll or A4 sheet, as a segmented choice, for a receipt (receipts/) and a register
// report (register/). `name` tells the radio groups apart where two could share a page.
import { useTranslation } from 'react-i18next';
import type { ReceiptLayoutName } from '#shared/counter/counter-api';
import { RECEIPT_LAYOUTS } from '#shared/counter/value-sets';
import './receipt-layout-choice.css';

interface ReceiptLayoutChoiceProps {
  name: string;
  layout: ReceiptLayoutName;
  onChange(layout: ReceiptLayoutName): void;
}

export function ReceiptLayoutChoice({ name, layout, onChange }: ReceiptLayoutChoiceProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="segmented">
      <legend>{t('receipt.layout')}</legend>
      {RECEIPT_LAYOUTS.map((option) => (
        <label key={option} className="segmented-option">
          <input
            type="radio"
            name={name}
            value={option}
            checked={layout === option}
            onChange={() => onChange(option)}
          />
          <span>{t(`receipt.${option}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
