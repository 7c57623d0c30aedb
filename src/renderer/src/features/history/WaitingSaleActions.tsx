// A sale in the history that still waits for its Pix (issue 13, "Unfinished sales"): "Mostrar QR"
// (Q) puts it back on the sale screen for the customer to scan; "Cancelar venda" (X) asks first,
// then cancels it at the counter like Esc Esc on its QR (who and when are recorded there).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sale } from '#shared/counter/counter-api';
import { errorMessage, counterApi } from '../../app/counter-api';
import { ConfirmDialog } from '../../app/ConfirmDialog';
import { ErrorMessage } from '../../app/ErrorMessage';
import { useHotkeys } from '../../app/hotkeys';
import { Kbd } from '../../app/Kbd';
import { formatBRL } from '#shared/lib/money';
import { useSale } from '../sale/sale-store';
import { useHistory } from './history-store';
import './waiting-sale-actions.css';

export function WaitingSaleActions({ sale }: { sale: Sale }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'showing' | 'cancelling' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const showQr = async () => {
    if (busy) return;
    setBusy('showing');
    setError(null);
    // On success the sale screen opens with the QR (and this detail unmounts).
    const refusal = await useSale.getState().showAgain(sale.correlationID);
    if (refusal !== null) {
      setBusy(null);
      setError(refusal);
    }
  };

  const askCancel = () => {
    if (busy) return;
    setError(null);
    setConfirming(true);
  };

  const cancel = async () => {
    if (busy) return;
    setBusy('cancelling');
    try {
      await counterApi().cancelSale({ correlationID: sale.correlationID });
      setConfirming(false);
      // The list shows it as cancelled, with who and when, from the counter's store.
      void useHistory.getState().load();
    } catch (error) {
      setConfirming(false);
      setError(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  useHotkeys({ q: () => void showQr(), x: askCancel }, { enabled: !confirming });

  return (
    <>
      <div className="panel-actions waiting-actions" data-testid="waiting-sale-actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => void showQr()}
          disabled={busy !== null}
          aria-keyshortcuts="Q"
        >
          {t('detail.showQr')} <Kbd>Q</Kbd>
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={askCancel}
          disabled={busy !== null}
          aria-keyshortcuts="X"
        >
          {t('detail.cancelSale')} <Kbd>X</Kbd>
        </button>
        {error && <ErrorMessage message={error} className="waiting-actions-error" />}
      </div>
      {confirming && (
        <CancelSaleDialog
          sale={sale}
          cancelling={busy === 'cancelling'}
          onConfirm={() => void cancel()}
          onBack={() => setConfirming(false)}
        />
      )}
    </>
  );
}

/** "Cancelar a venda de R$ 12,34?": Enter cancels, Esc goes back. */
function CancelSaleDialog({
  sale,
  cancelling,
  onConfirm,
  onBack,
}: {
  sale: Sale;
  cancelling: boolean;
  onConfirm(): void;
  onBack(): void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      id="cancel-sale-dialog"
      tone="danger"
      title={t('detail.cancelTitle', { amount: formatBRL(sale.value) })}
      message={t('detail.cancelMessage')}
      confirmLabel={t('detail.cancelConfirm')}
      busyLabel={t('detail.cancelling')}
      backLabel={t('detail.cancelBack')}
      busy={cancelling}
      onConfirm={onConfirm}
      onBack={onBack}
    />
  );
}
