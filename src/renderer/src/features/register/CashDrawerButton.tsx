// "Abrir gaveta" (G) on the Caixa screen: the cash drawer opens through the receipt printer it
// hangs on, on a manager's PIN once the register is set up. Shown only with a receipt printer set.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { counterApi, errorMessage } from '../../app/counter-api';
import { useHotkeys } from '../../app/hotkeys';
import { Kbd } from '../../app/Kbd';
import { useSettings } from '../settings/settings-store';
import { ApprovalCancelled, askManager } from './manager-approval-store';

export function CashDrawerButton() {
  const { t } = useTranslation();
  const hasPrinter = useSettings((state) => Boolean(state.settings?.paperPrinter?.address));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const open = async () => {
    if (busy || !hasPrinter) return;
    setBusy(true);
    setMessage(null);
    try {
      const result = await askManager('drawer', (manager) => counterApi().openCashDrawer({ manager }));
      setMessage(
        result.opened
          ? { ok: true, text: t('register.drawer.opened') }
          : {
              ok: false,
              text:
                result.problem === 'no-printer'
                  ? t('register.drawer.noPrinter')
                  : t('register.drawer.notOpened', { problem: result.problem ?? '' }),
            },
      );
    } catch (error) {
      if (!(error instanceof ApprovalCancelled)) setMessage({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  useHotkeys({ g: () => void open() }, { enabled: hasPrinter });
  if (!hasPrinter) return null;
  return (
    <div className="panel-actions cash-drawer" data-testid="cash-drawer">
      <button type="button" className="button button--secondary" onClick={() => void open()} disabled={busy}>
        {t('register.drawer.open')} <Kbd>G</Kbd>
      </button>
      <p className={message && !message.ok ? 'field-error' : 'field-hint'} role="status">
        {message?.text ?? ''}
      </p>
    </div>
  );
}
