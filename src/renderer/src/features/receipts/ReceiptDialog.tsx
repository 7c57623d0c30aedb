// The receipt dialog: pick 80 mm or A4, then print to the configured printer or save the PDF.
// In the browser host, which cannot print, "Salvar PDF" is the main action and the only one.
// The PDF is fetched as soon as the dialog opens (and again per layout) so both actions are
// instant when pressed.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceiptFile, ReceiptLayoutName } from '../../../../shared/pos-api';
import { RECEIPT_LAYOUTS } from '../../../../shared/value-sets';
import { useHotkeys } from '../../app/hotkeys';
import { Kbd } from '../../app/Kbd';
import { errorMessage, posApi } from '../../app/pos-api';
import { hostCanPrint } from '../../bridge/pos-host';
import { formatBRL } from '../../../../shared/money';
import { useSettings } from '../settings/settings-store';
import { downloadPdf } from '../../app/pdf-download';
import { useReceipt, type ReceiptTarget } from './receipt-store';
import './receipts.css';

export function ReceiptDialog() {
  const target = useReceipt((state) => state.target);
  // Keyed by the receipt so each opening starts fresh.
  return target ? <OpenReceipt key={`${target.kind}:${target.endToEndId}`} target={target} /> : null;
}

type Message = { tone: 'info' | 'warn' | 'error'; text: string } | null;

function OpenReceipt({ target }: { target: ReceiptTarget }) {
  const { t } = useTranslation();
  const close = useReceipt((state) => state.close);
  const settings = useSettings((state) => state.settings);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [layout, setLayout] = useState<ReceiptLayoutName>(settings?.receiptLayout ?? 'thermal80');
  const [file, setFile] = useState<ReceiptFile | null>(null);
  const [busy, setBusy] = useState<'loading' | 'printing' | null>('loading');
  const [message, setMessage] = useState<Message>(null);
  const canPrint = hostCanPrint();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  useEffect(() => {
    let current = true;
    setFile(null);
    setBusy('loading');
    setMessage(null);
    posApi()
      .getReceipt({ correlationID: target.correlationID, kind: target.kind, endToEndId: target.endToEndId, layout })
      .then((received) => current && (setFile(received), setBusy(null)))
      .catch((error) => current && (setBusy(null), setMessage({ tone: 'error', text: errorMessage(error) })));
    return () => {
      current = false;
    };
  }, [target, layout]);

  const print = async () => {
    if (busy) return;
    setBusy('printing');
    setMessage(null);
    try {
      const result = await posApi().printReceipt({
        correlationID: target.correlationID,
        kind: target.kind,
        endToEndId: target.endToEndId,
        layout,
        ...(settings?.printer ? { printer: settings.printer } : {}),
      });
      setMessage(
        result.printed
          ? { tone: 'info', text: t('receipt.printed') }
          : { tone: 'warn', text: t('receipt.notPrinted', { reason: result.reason ?? '' }) },
      );
    } catch (error) {
      setMessage({ tone: 'error', text: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  const save = () => {
    if (!file) return;
    downloadPdf(file);
    setMessage({ tone: 'info', text: t('receipt.saved', { fileName: file.fileName }) });
  };

  useHotkeys(canPrint ? { p: () => void print(), s: save } : { s: save }, { scope: 'dialog' });

  const title = target.kind === 'pix-in' ? t('receipt.titlePayment') : t('receipt.titleRefund');
  return (
    <dialog
      ref={dialogRef}
      className="receipt-dialog"
      aria-labelledby="receipt-title"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <h2 id="receipt-title" className="dialog-title">
        {title} <span className="dialog-amount">{formatBRL(target.value)}</span>
      </h2>
      <p className="receipt-id">{target.endToEndId}</p>

      <fieldset className="segmented">
        <legend>{t('receipt.layout')}</legend>
        {RECEIPT_LAYOUTS.map((option) => (
          <label key={option} className="segmented-option">
            <input
              type="radio"
              name="receipt-layout"
              value={option}
              checked={layout === option}
              onChange={() => setLayout(option)}
            />
            <span>{t(`receipt.${option}`)}</span>
          </label>
        ))}
      </fieldset>

      {canPrint && (
        <p className="receipt-printer">
          {t('receipt.printer', { name: settings?.printer || t('receipt.defaultPrinter') })}
        </p>
      )}

      <p
        className={`receipt-message${message && message.tone !== 'info' ? ` receipt-message--${message.tone}` : ''}`}
        role="status"
      >
        {message?.text ??
          (busy === 'loading' ? t('receipt.preparing') : file ? t('receipt.ready', { fileName: file.fileName }) : '')}
      </p>

      <div className="dialog-actions">
        {canPrint && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => void print()}
            disabled={busy !== null}
          >
            {busy === 'printing' ? t('receipt.printing') : t('receipt.print')} <Kbd>P</Kbd>
          </button>
        )}
        <button
          type="button"
          className={`button ${canPrint ? 'button--secondary' : 'button--primary'}`}
          onClick={save}
          disabled={!file}
        >
          {t('receipt.save')} <Kbd>S</Kbd>
        </button>
        <button type="button" className="button button--quiet" onClick={close}>
          {t('receipt.close')} <Kbd>Esc</Kbd>
        </button>
      </div>
    </dialog>
  );
}
