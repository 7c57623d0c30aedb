// The end-of-day report of a session, 80 mm or A4, fetched as soon as it is shown (and again per
// layout) like a receipt: "Imprimir relatório" (P) to the configured printer, "Salvar PDF" (S). The
// browser host cannot print, so there "Salvar PDF" is the main and only action.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceiptFile, ReceiptLayoutName } from '#shared/counter/counter-api';
import { useHotkeys } from '../../app/hotkeys';
import { counterApi } from '../../app/counter-api';
import { hostCanPrint } from '../../bridge/counter-host';
import { outputFailure, printOutcome, savePdf, type OutputMessage } from '../../app/receipt-output';
import { PrintSaveButtons } from '../../app/PrintSaveButtons';
import { ReceiptLayoutChoice } from '../../app/ReceiptLayoutChoice';
import { useSettings } from '../settings/settings-store';

export function ReportActions({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const [layout, setLayout] = useState<ReceiptLayoutName>(
    () => useSettings.getState().settings?.receiptLayout ?? 'thermal80',
  );
  const [file, setFile] = useState<ReceiptFile | null>(null);
  const [message, setMessage] = useState<OutputMessage | null>(null);
  const [printing, setPrinting] = useState(false);
  const canPrint = hostCanPrint();

  useEffect(() => {
    let current = true;
    setFile(null);
    setMessage(null);
    counterApi()
      .getSessionReport({ sessionId, layout })
      .then((received) => current && setFile(received))
      .catch((error) => current && setMessage(outputFailure(error)));
    return () => {
      current = false;
    };
  }, [sessionId, layout]);

  const save = () => {
    if (!file) return;
    setMessage(savePdf(file, t));
  };

  const print = async () => {
    if (printing) return;
    setPrinting(true);
    setMessage(null);
    try {
      const printer = useSettings.getState().settings?.printer;
      const result = await counterApi().printSessionReport({ sessionId, layout, ...(printer ? { printer } : {}) });
      setMessage(printOutcome(result, t));
    } catch (error) {
      setMessage(outputFailure(error));
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
      <ReceiptLayoutChoice name="report-layout" layout={layout} onChange={setLayout} />
      <p
        className={message && message.tone !== 'info' ? `banner banner--${message.tone}` : 'receipt-message'}
        role="status"
      >
        {message?.text ?? (file ? t('receipt.ready', { fileName: file.fileName }) : t('receipt.preparing'))}
      </p>
      <div className="panel-actions">
        <PrintSaveButtons
          canPrint={canPrint}
          printLabel={t('register.report.print')}
          printing={printing}
          printDisabled={printing}
          onPrint={print}
          saveDisabled={!file}
          onSave={save}
        />
      </div>
    </section>
  );
}
