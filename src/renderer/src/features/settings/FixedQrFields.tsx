// "QR fixo do caixa" (issue 36): whether new sales use the till's printed QR (saved with the
// other settings), its sticker on the receipt printer (80 mm) or as an A4 PDF, and "Novo QR fixo"
// (the old sticker stops paying; asks first). Each action needs a manager's PIN once the register
// is set up, like the settings. The sticker's code comes from the Pix service, so the first print
// needs the counter online.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CounterMethodOutput } from '#shared/counter/counter-methods';
import { ConfirmDialog } from '../../app/ConfirmDialog';
import { counterApi, errorMessage } from '../../app/counter-api';
import { downloadPdf } from '../../app/pdf-download';
import type { SettingsDraft } from '../../lib/settings-form';
import { ApprovalCancelled, withManagerIfRequired } from '../register/manager-approval-store';

type FixedQrState = CounterMethodOutput<'getFixedQr'>;

interface FixedQrFieldsProps {
  draft: SettingsDraft;
  update(key: 'fixedQr', value: boolean): void;
}

export function FixedQrFields({ draft, update }: FixedQrFieldsProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<FixedQrState | null>(null);
  const [busy, setBusy] = useState<'print' | 'pdf' | 'renew' | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [confirmRenew, setConfirmRenew] = useState(false);

  const load = useCallback(() => {
    counterApi()
      .getFixedQr()
      .then(setState)
      .catch(() => setState(null));
  }, []);
  useEffect(load, [load]);

  /** One action at a time, with the manager's PIN when the register asks for it. */
  const act = async (kind: 'print' | 'pdf' | 'renew', run: () => Promise<{ ok: boolean; text: string }>) => {
    if (busy) return;
    setBusy(kind);
    setMessage(null);
    try {
      setMessage(await run());
    } catch (error) {
      if (!(error instanceof ApprovalCancelled)) setMessage({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(null);
      load();
    }
  };

  const print = () =>
    act('print', async () => {
      const result = await withManagerIfRequired('settings', (manager) =>
        counterApi().printFixedQr(manager ? { manager } : {}),
      );
      if (result.printed) return { ok: true, text: t(result.unconfirmed ? 'fixedQr.sent' : 'fixedQr.printed') };
      return {
        ok: false,
        text:
          result.problem === 'no-printer'
            ? t('fixedQr.noPrinter')
            : t('fixedQr.notPrinted', { problem: result.problem ?? '' }),
      };
    });

  const savePdf = () =>
    act('pdf', async () => {
      const file = await withManagerIfRequired('settings', (manager) =>
        counterApi().getFixedQrPdf(manager ? { manager } : {}),
      );
      downloadPdf(file);
      return { ok: true, text: t('receipt.saved', { fileName: file.fileName }) };
    });

  const renew = () => {
    // The confirmation closes before the manager's PIN is asked: open, it would take the PIN's Enter.
    setConfirmRenew(false);
    return act('renew', async () => {
      await withManagerIfRequired('settings', (manager) => counterApi().renewFixedQr(manager ? { manager } : {}));
      return { ok: true, text: t('fixedQr.renewed') };
    });
  };

  return (
    <fieldset className="card" data-testid="settings-fixed-qr">
      <legend>{t('fixedQr.title')}</legend>
      <label className="check">
        <input
          id="settings-fixedQr"
          type="checkbox"
          checked={draft.fixedQr}
          onChange={(event) => update('fixedQr', event.target.checked)}
        />
        <span>{t('fixedQr.enabled')}</span>
      </label>
      <p className="field-hint">{t('fixedQr.hint')}</p>
      <p className="field-hint" data-testid="fixed-qr-state">
        {state?.brCode ? t('fixedQr.ready', { till: state.tillName }) : t('fixedQr.notYet')}
      </p>
      <div className="field fixed-qr-actions">
        <button type="button" className="button button--quiet" onClick={() => void print()} disabled={busy !== null}>
          {busy === 'print' ? t('fixedQr.printing') : t('fixedQr.print')}
        </button>
        <button type="button" className="button button--quiet" onClick={() => void savePdf()} disabled={busy !== null}>
          {t('fixedQr.pdf')}
        </button>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => setConfirmRenew(true)}
          disabled={busy !== null}
        >
          {t('fixedQr.renew')}
        </button>
      </div>
      <p className={message && !message.ok ? 'field-error' : 'field-hint'} role="status" data-testid="fixed-qr-result">
        {message?.text ?? ''}
      </p>
      {confirmRenew && (
        <ConfirmDialog
          id="fixed-qr-renew"
          tone="warning"
          title={t('fixedQr.renewTitle')}
          message={t('fixedQr.renewMessage')}
          confirmLabel={t('fixedQr.renewConfirm')}
          busyLabel={t('fixedQr.renewing')}
          backLabel={t('fixedQr.renewBack')}
          busy={busy === 'renew'}
          onConfirm={() => void renew()}
          onBack={() => setConfirmRenew(false)}
        />
      )}
    </fieldset>
  );
}
