// Always-visible bottom bar: the link to the Pix service (online, offline since when, syncing),
// the commands waiting in the queue, the offline sales not confirmed yet (always while offline),
// those waiting for the owner, why offline selling is not possible, an AppID the service refused,
// the mode, the shop, and the shortcuts. What it says is decided in lib/connection-status; this only puts it into words.
import { useTranslation } from 'react-i18next';
import { Kbd } from '../../app/Kbd';
import { statusBarItems, type PaperProblem, type StatusBarItem } from '../../lib/connection-status';
import type { Translate } from '../../lib/translate';
import { offlineRefusalText } from '../../lib/offline-refusal-text';
import { formatBRL } from '#shared/lib/money';
import { RegisterStatus } from '../register/RegisterStatus';
import { useScreenHints } from './screen-hints';
import { useStatus } from './status-store';
import './status-bar.css';

/** Each printer problem's words in the catalogues. */
const PAPER_PROBLEM_KEYS = {
  'paper-out': 'statusBar.paperProblemPaperOut',
  'cover-open': 'statusBar.paperProblemCoverOpen',
  offline: 'statusBar.paperProblemOffline',
  unreachable: 'statusBar.paperProblemUnreachable',
  'no-answer': 'statusBar.paperProblemNoAnswer',
  'not-a-printer': 'statusBar.paperProblemNotAPrinter',
  interrupted: 'statusBar.paperProblemInterrupted',
} as const satisfies Record<PaperProblem, string>;

export function StatusBar() {
  const { t, i18n } = useTranslation();
  const status = useStatus((state) => state.status);
  const hints = useScreenHints();
  const items = statusBarItems(status, i18n.language);

  return (
    <footer className="status-bar" aria-label={t('statusBar.label')}>
      <RegisterStatus />
      {items.map((item) => (
        <StatusItem key={item.id} item={item} />
      ))}
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

/**
 * One item of the bar. The live ones are named regions (role status, named "Conexão", "Fila", …)
 * so a screen reader hears the change and a test finds each by its name.
 */
function StatusItem({ item }: { item: StatusBarItem }) {
  const { t } = useTranslation();
  switch (item.id) {
    case 'connection': {
      const text =
        item.connection === 'unknown'
          ? '…'
          : item.connection === 'offline' && item.since
            ? t('statusBar.offlineSince', { time: item.since })
            : t(`statusBar.${item.connection}`);
      return (
        <span
          className={`status-item status-connection is-${item.connection}`}
          role="status"
          aria-label={t('statusBar.connection')}
          data-connection={item.connection}
        >
          <span className={item.connection === 'syncing' ? 'dot dot--syncing' : 'dot'} aria-hidden="true" />
          {text}
        </span>
      );
    }
    case 'queued':
      return (
        <span
          className={`status-item status-queue${item.count > 0 ? ' has-queue' : ''}`}
          role="status"
          aria-label={t('statusBar.queue')}
          data-count={item.count}
        >
          {t('statusBar.queued', { count: item.count })}
        </span>
      );
    case 'offlineSales':
      return (
        <span
          className={`status-item status-offline-sales${item.count > 0 ? ' has-offline' : ''}`}
          role="status"
          aria-label={t('statusBar.offlineSales')}
          data-testid="status-offline-sales"
          data-count={item.count}
          data-value={item.value}
        >
          {t('statusBar.offlineUnconfirmed', { count: item.count, amount: formatBRL(item.value) })}
        </span>
      );
    case 'offlineUnavailable': {
      const text = t('statusBar.offlineUnavailable', {
        reason: offlineRefusalText(item.reason, t as unknown as Translate),
      });
      return (
        <span
          className="status-item status-warn status-offline-unavailable"
          role="status"
          aria-label={t('statusBar.offlineUnavailableLabel')}
          title={text}
          data-testid="status-offline-unavailable"
        >
          <span className="status-text">{text}</span>
        </span>
      );
    }
    case 'offlineReview':
      return (
        <span
          className="status-item status-warn status-offline-review"
          role="status"
          aria-label={t('statusBar.offlineReviewLabel')}
          title={t('statusBar.offlineReviewLabel')}
          data-testid="status-offline-review"
          data-count={item.count}
        >
          {t('statusBar.offlineReview', { count: item.count })}
        </span>
      );
    case 'queuedElsewhere':
      return (
        <span
          className="status-item status-queue-elsewhere"
          role="status"
          aria-label={t('statusBar.queueElsewhere')}
          title={t('statusBar.queuedElsewhereHint', { count: item.count })}
          data-count={item.count}
        >
          {t('statusBar.queuedElsewhere', { count: item.count })}
        </span>
      );
    case 'paper': {
      const text = item.problem
        ? t(PAPER_PROBLEM_KEYS[item.problem], { count: item.owed })
        : t('statusBar.paperPrinting', { count: item.owed });
      return (
        <span
          className={`status-item status-paper${item.problem ? ' status-warn' : ''}`}
          role="status"
          aria-label={t('statusBar.paper')}
          title={text}
          data-testid="status-paper"
          data-problem={item.problem ?? ''}
          data-count={item.owed}
        >
          <span className="status-text">{text}</span>
        </span>
      );
    }
    case 'authRefused':
      return (
        <span
          className="status-item status-warn status-auth"
          role="alert"
          title={item.reason || undefined}
          data-testid="auth-refused"
        >
          <span className="warn-mark" aria-hidden="true">
            !
          </span>
          {t('statusBar.authRefused')}
          {item.reason && <span className="visually-hidden"> ({item.reason})</span>}
        </span>
      );
    case 'mode':
      return (
        <span className="status-item status-mode">
          <span className="status-text" title={t(`cashierModes.${item.mode}`)}>
            {t(`cashierModes.${item.mode}`)}
          </span>
        </span>
      );
    case 'notReady':
      return <span className="status-item status-warn">{t('statusBar.notReady')}</span>;
    case 'merchant':
      return (
        <span className="status-item status-merchant">
          <span className="status-text" title={item.name}>
            {item.name}
          </span>
        </span>
      );
  }
}
