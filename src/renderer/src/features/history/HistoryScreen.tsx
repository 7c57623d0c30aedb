// Histórico: today's sales with status chips (and "na fila" / the service's refusal under them),
// search by id or amount, the day's totals, and the selected sale's detail beside the list.
// Arrows move, "/" searches, D refunds. The list itself, virtualised, is SaleList.tsx.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayTotals } from '../../../../shared/pos-api';
import { useHotkeys } from '../../app/hotkeys';
import { Kbd } from '../../app/Kbd';
import { formatDate } from '../../lib/date-time';
import { formatBRL } from '../../lib/money';
import { selectedSale, useHistory } from './history-store';
import { SaleDetail } from './SaleDetail';
import { SaleList } from './SaleList';
import { MAX_SEARCH_LENGTH, parseSaleSearch } from '../../lib/sale-search';
import './history.css';

const SEARCH_DEBOUNCE_MS = 180;

export function HistoryScreen() {
  const { t, i18n } = useTranslation();
  const { sales, totals, search, loading, error, selectedId, refunding } = useHistory();
  const { load, setSearch, select, moveSelection } = useHistory.getState();
  const sale = useHistory(selectedSale);
  const searchRef = useRef<HTMLInputElement>(null);
  const firstLoad = useRef(true);

  useEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false;
      void load();
      return;
    }
    const timer = setTimeout(() => void load(), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, load]);

  useHotkeys(
    {
      '/': () => searchRef.current?.focus(),
      ArrowDown: () => moveSelection(1),
      ArrowUp: () => moveSelection(-1),
      Escape: () => {
        if (search) setSearch('');
        else select(null);
      },
    },
    { enabled: !refunding },
  );

  const parsed = parseSaleSearch(search);
  const today = totals ? dayToDate(totals.day) : new Date();

  return (
    <div className="history">
      <header className="history-head">
        <div>
          <h1 className="screen-title">{t('history.title')}</h1>
          <p className="history-date">{formatDate(today, i18n.language)}</p>
        </div>
        <div className="history-search">
          <label htmlFor="history-search">
            {t('history.search')} <Kbd>/</Kbd>
          </label>
          <input
            id="history-search"
            ref={searchRef}
            type="search"
            autoComplete="off"
            spellCheck={false}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder={t('history.searchPlaceholder')}
            aria-describedby="history-search-hint"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <p id="history-search-hint" className="field-hint" aria-live="polite">
            {parsed.kind === 'amount' && t('history.searchAmount', { amount: formatBRL(parsed.cents), text: parsed.text })}
            {parsed.kind === 'id' && t('history.searchId', { text: parsed.text })}
          </p>
        </div>
      </header>

      <Totals totals={totals} />

      {error && (
        <p className="banner banner--error" role="alert">
          {t('history.loadFailed', { message: error })}
        </p>
      )}

      <div className="history-body">
        <section className="history-list" aria-labelledby="history-list-title" aria-busy={loading}>
          <h2 id="history-list-title" className="visually-hidden">
            {t('history.list')}
          </h2>
          <div className="sale-row sale-row--head" aria-hidden="true">
            <span>{t('history.time')}</span>
            <span className="num">{t('history.amount')}</span>
            <span>{t('history.status')}</span>
            <span>{t('history.reference')}</span>
          </div>
          {sales.length === 0 && !loading ? (
            <p className="empty">{search ? t('history.noMatch') : t('history.empty')}</p>
          ) : (
            <SaleList sales={sales} selectedId={selectedId} language={i18n.language} onSelect={select} />
          )}
        </section>

        <div className="history-detail">
          {sale ? (
            <SaleDetail key={sale.correlationID} sale={sale} />
          ) : (
            <p className="empty">
              {t('history.select')} <Kbd>↑</Kbd> <Kbd>↓</Kbd>
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

function Totals({ totals }: { totals: DayTotals | null }) {
  const { t } = useTranslation();
  const money = (cents: number | undefined) => (cents === undefined ? '—' : formatBRL(cents));
  const items = [
    { key: 'count', value: totals ? String(totals.count) : '—' },
    { key: 'paidCount', value: totals ? String(totals.paidCount) : '—' },
    { key: 'paidValue', value: money(totals?.paidValue) },
    { key: 'refundedValue', value: money(totals?.refundedValue) },
    { key: 'net', value: money(totals?.net), strong: true },
  ] as const;
  return (
    <section aria-label={t('history.totals')}>
      <dl className="totals">
        {items.map((item) => (
          <div key={item.key} className={`total${'strong' in item ? ' total--strong' : ''}`}>
            <dt>{t(`history.${item.key}`)}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** "2025-11-22" → a Date at noon UTC: the same calendar day in São Paulo. */
function dayToDate(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, (month ?? 1) - 1, date ?? 1, 12));
}
