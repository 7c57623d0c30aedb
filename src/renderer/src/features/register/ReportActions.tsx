// The end-of-day report of a session, 80 mm or A4, fetched as soon as it is shown (and again per
// layout) like a receipt: "Imprimir relatório" (P) to the configured printer, "Salvar PDF" (S). The
// browser host cannot print, so there "Salvar PDF" is the main and only action.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceiptFile, ReceiptLayoutName } from '../../../../shared/pos-api';
import { RECEIPT_LAYOUTS } from '../../../../shared/value-sets';
import { useHotkeys } from '../../app/hotkeys';
import { Kbd } from '../../app/Kbd';
import { errorMessage, posApi } from '../../app/pos-api';
import { hostCanPrint } from '../../bridge/pos-host';
import { downloadPdf } from '../../app/pdf-download';
import { useSettings } from '../settings/settings-store';

export function ReportActions({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const [layout, setLayout] = useState<ReceiptLayoutName>(
    () => useSettings.getState().settings?.receiptLayout ?? 'thermal80',
  );
  const [file, setFile] = useState<ReceiptFile | null>(null);
  const [message, setMessage] = useState<{ tone: 'info' | 'warn' | 'error'; text: string } | null>(null);
  const [printing, setPrinting] = useState(false);
  const canPrint = hostCanPrint();

  useEffect(() => {
    let current = true;
    setFile(null);
    setMessage(null);
    posApi()
      .getSessionReport({ sessionId, layout })
      .then((received) => current && setFile(received))
      .catch((error) => current && setMessage({ tone: 'error', text: errorMessage(error) }));
    return () => {
      current = false;
    };
  }, [sessionId, layout]);

  const save = () => {
    if (!file) return;
    downloadPdf(file);
    setMessage({ tone: 'info', text: t('receipt.saved', { fileName: file.fileName }) });
  };

  const print = async () => {
    if (printing) return;
    setPrinting(true);
    setMessage(null);
    try {
      const printer = useSettings.getState().settings?.printer;
      const result = await posApi().printSessionReport({ sessionId, layout, ...(printer ? { printer } : {}) });
      setMessage(
        result.printed
          ? { tone: 'info', text: t('receipt.printed') }
          : { tone: 'warn', text: t('receipt.notPrinted', { reason: result.reason ?? '' }) },
      );
    } catch (error) {
      setMessage({ tone: 'error', text: errorMessage(error) });
    } finally {
      setPrinting(false);
    }
  };

  useHotkeys(canPrint ? { p: () => void print(), s: save } : { s: save });

  return (
    <section className="report-actions" aria-labelledby="report-title" data-testid="report-actions">
      <h2 id="report-title" className="panel-title">
        {t('register.report.title')}
      </h2>
      <fieldset className="segmented">
        <legend>{t('receipt.layout')}</legend>
        {RECEIPT_LAYOUTS.map((option) => (
          <label key={option} className="segmented-option">
            <input
              type="radio"
              name="report-layout"
              value={option}
              checked={layout === option}
              onChange={() => setLayout(option)}
            />
            <span>{t(`receipt.${option}`)}</span>
          </label>
        ))}
      </fieldset>
      <p
        className={message && message.tone !== 'info' ? `banner banner--${message.tone}` : 'receipt-message'}
        role="status"
      >
        {message?.text ?? (file ? t('receipt.ready', { fileName: file.fileName }) : t('receipt.preparing'))}
      </p>
      <div className="panel-actions">
        {canPrint && (
          <button type="button" className="button button--primary" onClick={() => void print()} disabled={printing}>
            {printing ? t('receipt.printing') : t('register.report.print')} <Kbd>P</Kbd>
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
      </div>
    </section>
  );
}
