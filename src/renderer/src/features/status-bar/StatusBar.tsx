// Always-visible bottom bar: connection, queued operations, mode, shop, and the shortcuts.
import { useTranslation } from 'react-i18next';
import { Kbd } from '../../app/Kbd';
import { useScreenHints } from './screen-hints';
import { useStatus } from './status-store';
import './status-bar.css';

export function StatusBar() {
  const { t } = useTranslation();
  const status = useStatus((state) => state.status);
  const hints = useScreenHints();
  const online = status?.online ?? false;

  return (
    <footer className="status-bar" aria-label={t('statusBar.label')}>
      <span className={`status-item status-online${online ? ' is-online' : ' is-offline'}`}>
        <span className="dot" aria-hidden="true" />
        {status ? (online ? t('statusBar.online') : t('statusBar.offline')) : '…'}
      </span>
      <span className="status-item">{t('statusBar.queued', { count: status?.queued ?? 0 })}</span>
      {status && <span className="status-item">{t(`settings.modes.${status.mode}`)}</span>}
      {status && !status.ready && <span className="status-item status-warn">{t('statusBar.notReady')}</span>}
      {status?.merchantName && <span className="status-item status-merchant">{status.merchantName}</span>}
      <span className="status-hints" role="group" aria-label={t('statusBar.hints')}>
        {hints.map(([key, label]) => (
          <span key={key} className="hint">
            <Kbd>{key}</Kbd> {t(label)}
          </span>
        ))}
      </span>
    </footer>
  );
}
