// "Imprimir" (P) and "Salvar PDF" (S), for a receipt (receipts/) and a register report (register/).
// The browser host cannot print: there "Salvar PDF" is the main action and the only one.
import { useTranslation } from 'react-i18next';
import { Kbd } from './Kbd';

interface PrintSaveButtonsProps {
  canPrint: boolean;
  /** What the print button says while idle. */
  printLabel: string;
  printing: boolean;
  printDisabled: boolean;
  onPrint(): Promise<void>;
  /** Disabled until the PDF has arrived. */
  saveDisabled: boolean;
  onSave(): void;
}

export function PrintSaveButtons({
  canPrint,
  printLabel,
  printing,
  printDisabled,
  onPrint,
  saveDisabled,
  onSave,
}: PrintSaveButtonsProps) {
  const { t } = useTranslation();
  return (
    <>
      {canPrint && (
        <button
          type="button"
          className="button button--primary"
          onClick={() => void onPrint()}
          disabled={printDisabled}
        >
          {printing ? t('receipt.printing') : printLabel} <Kbd>P</Kbd>
        </button>
      )}
      <button
        type="button"
        className={`button ${canPrint ? 'button--secondary' : 'button--primary'}`}
        onClick={onSave}
        disabled={saveDisabled}
      >
        {t('receipt.save')} <Kbd>S</Kbd>
      </button>
    </>
  );
}
