// The receipt dialog: pick 80 mm or A4, then print to the configured printer or save the PDF.
// With the shop's receipt printer set, "Imprimir" on 80 mm prints a "2ª via" there (the main
// process drives it, in either host). Otherwise the browser host, which cannot print, offers
// "Salvar PDF" as the main action and the only one.
// The PDF is fetched as soon as the dialog opens (and again per layout) so both actions are
// instant when pressed.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceiptFile, ReceiptLayoutName } from '#shared/counter/counter-api';
import { useHotkeys } from '../../app/hotkeys';
import { Kbd } from '../../app/Kbd';
import { counterApi } from '../../app/counter-api';
import { hostCanPrint } from '../../bridge/counter-host';
import { formatBRL } from '#shared/lib/money';
import { useSettings } from '../settings/settings-store';
import { outputFailure, printOutcome, savePdf, type OutputMessage } from '../../app/receipt-output';
import { PrintSaveButtons } from '../../app/PrintSaveButtons';
import { ReceiptLayoutChoice } from '../../app/ReceiptLayoutChoice';
import { useReceipt, type ReceiptTarget } from './receipt-store';
import './receipts.css';

export function ReceiptDialog() {
  const target = useReceipt((state) => state.target);
  // Keyed by the receipt so each opening starts fresh.
  return target ? <OpenReceipt key={`${target.kind}:${target.endToEndId}`} target={target} /> : null;
}

function OpenReceipt({ target }: { target: ReceiptTarget }) {
  const { t } = useTranslation();
  const close = useReceipt((state) => state.close);
  const settings = useSettings((state) => state.settings);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [layout, setLayout] = useState<ReceiptLayoutName>(settings?.receiptLayout ?? 'thermal80');
  const [file, setFile] = useState<ReceiptFile | null>(null);
  const [busy, setBusy] = useState<'loading' | 'printing' | null>('loading');
  const [message, setMessage] = useState<OutputMessage | null>(null);
  // The browser host prints too when the shop's receipt printer is set: the main process drives it.
  const onPaperPrinter = layout === 'thermal80' && Boolean(settings?.paperPrinter?.address);
  const canPrint = hostCanPrint() || onPaperPrinter;

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
    counterApi()
      .getReceipt({ correlationID: target.correlationID, kind: target.kind, endToEndId: target.endToEndId, layout })
      .then((received) => current && (setFile(received), setBusy(null)))
      .catch((error) => current && (setBusy(null), setMessage(outputFailure(error))));
    return () => {
      current = false;
    };
  }, [target, layout]);

  const print = async () => {
    if (busy) return;
    setBusy('printing');
    setMessage(null);
    try {
      const result = await counterApi().printReceipt({
        correlationID: target.correlationID,
        kind: target.kind,
        endToEndId: target.endToEndId,
        layout,
        ...(settings?.printer ? { printer: settings.printer } : {}),
      });
      setMessage(printOutcome(result, t));
    } catch (error) {
      setMessage(outputFailure(error));
    } finally {
      setBusy(null);
    }
  };

  const save = () => {
    if (!file) return;
    setMessage(savePdf(file, t));
  };

  useHotkeys(canPrint ? { p: () => void print(), s: save } : { s: save }, { scope: 'dialog' });

  const title = target.kind === 'pix-in' ? t('receipt.titlePayment') : t('receipt.titleRefund');
  return (
    <dialog
      ref={dialogRef}
      className="receipt-dialog dialog-sheet"
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

      <ReceiptLayoutChoice name="receipt-layout" layout={layout} onChange={setLayout} />

      {canPrint && (
        <p className="receipt-printer">
          {onPaperPrinter
            ? t('receipt.paperPrinter', { address: settings?.paperPrinter?.address ?? '' })
            : t('receipt.printer', { name: settings?.printer || t('receipt.defaultPrinter') })}
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
        <PrintSaveButtons
          canPrint={canPrint}
          printLabel={t('receipt.print')}
          printing={busy === 'printing'}
          printDisabled={busy !== null}
          onPrint={print}
          saveDisabled={!file}
          onSave={save}
        />
        <button type="button" className="button button--quiet" onClick={close}>
          {t('receipt.close')} <Kbd>Esc</Kbd>
        </button>
      </div>
    </dialog>
  );
}
