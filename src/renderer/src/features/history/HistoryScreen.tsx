// Histórico: this till's sales (counter.db, never the account's other charges) of today, a past
// day or a range (HistoryDays.tsx: A, P, H, I; E exports them as CSV), with status chips (and
// "aguardando envio" / the service's refusal under them), search by id or amount, the days'
// totals, and the selected sale's detail beside the list.
// Arrows move, "/" searches, D refunds. The list itself, virtualised, is SaleList.tsx.
// A second tab, "Conferir pagamentos offline (N)" (O switches), lists the offline sales waiting
// for the owner (OfflineReview.tsx); it is loaded whenever the history opens.
// Over 300 lines because the two tabs share the keys and the selection; the list, the days, the
// detail and the offline review are components of their own.
import { useEffect, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayTotals } from '#shared/counter/counter-api';
import { useHotkeys } from '../../app/hotkeys';
import { useMeasuredWidth } from '../../app/use-measured-width';
import { useShrinkToFit } from '../../app/use-shrink-to-fit';
import { widestText } from '../../lib/text-fit';
import { Kbd } from '../../app/Kbd';
import { formatDate } from '../../lib/date-time';
import { formatBRL } from '#shared/lib/money';
import { useStatus } from '../status-bar/status-store';
import { useRegister } from '../register/register-store';
import { HistoryDaysBar, HistoryDaysForm, useHistoryTitle } from './HistoryDays';
import { selectedSale, useHistory, type HistoryDays, type HistoryView } from './history-store';
import { OfflineReviewPanel } from './OfflineReview';
import { SaleDetail } from './SaleDetail';
import { SaleList } from './SaleList';
import { MAX_SEARCH_LENGTH, parseSaleSearch } from '../../lib/sale-search';
import './history.css';

const SEARCH_DEBOUNCE_MS = 180;

export function HistoryScreen() {
  const { t, i18n } = useTranslation();
  const {
    page,
    total,
    widestValue,
    totals,
    search,
    loading,
    error,
    selectedId,
    selectedIndex,
    refunding,
    view,
    review,
    reviewConfirming,
    days,
    choosingDays,
    exportError,
  } = useHistory();
  const title = useHistoryTitle();
  // The till whose sales these are: the open session's, or the last one used.
  const tillName = useRegister((state) =>
    state.register?.setUp ? (state.register.session?.tillName ?? state.register.tillName) : null,
  );
  const { load, setSearch, select, moveSelection, loadReview, setView, showRows } = useHistory.getState();
  const statusReviewCount = useStatus((state) => state.status?.offline?.reviewCount ?? 0);
  const reviewCount = review?.length ?? statusReviewCount;
  const sale = useHistory(selectedSale);
  const searchRef = useRef<HTMLInputElement>(null);
  const firstLoad = useRef(true);
  // The amount column is as wide as the list's largest amount in this system's font (measured on a
  // hidden ruler in the header), so R$ 99.999,99 never runs into its status chip.
  const amountRulerRef = useRef<HTMLSpanElement>(null);
  const widestAmount = widestText([formatBRL(widestValue)], formatBRL(999_999));
  // Measured while the day's list is shown: the ruler is in its header row, which the offline
  // review replaces (a ruler taken off the page measures 0, and the column fell back to 118 px).
  const amountColumn = useMeasuredWidth(amountRulerRef, view === 'day' ? widestAmount : '');

  useEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false;
      void load();
      return;
    }
    const timer = setTimeout(() => void load(), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, load]);

  // The owner's list is fresh each time the history opens (pushes keep it so while it is open).
  useEffect(() => {
    void loadReview();
  }, [loadReview]);

  const toggleView = () => setView(view === 'day' ? 'review' : 'day');

  useHotkeys({ o: toggleView }, { enabled: !refunding && !reviewConfirming });
  useHotkeys(
    {
      Escape: () => setView('day'),
    },
    { enabled: view === 'review' && !reviewConfirming },
  );

  useHotkeys(
    {
      '/': () => searchRef.current?.focus(),
      ArrowDown: () => moveSelection(1),
      ArrowUp: () => moveSelection(-1),
      Escape: (event) => {
        // Esc in the search box lets go of the keyboard (the results stay): D, C and the arrows
        // are the screen's again. Esc once more clears the search, then the selection.
        if (event.target === searchRef.current) searchRef.current?.blur();
        else if (search) setSearch('');
        else select(null);
      },
    },
    { enabled: !refunding && view === 'day' && !choosingDays },
  );

  const parsed = parseSaleSearch(search);
  const today = totals ? dayToDate(totals.day) : new Date();
  const shownDays = days ?? (totals ? { from: totals.day, to: totals.day } : null);
  const emptyText = search
    ? t('history.noMatch')
    : days === null
      ? t('history.empty')
      : days.from === days.to
        ? t('history.emptyPast')
        : t('history.emptyRange');

  return (
    <div className="history">
      <header className="history-head">
        <div>
          <h1 className={`screen-title${days && days.from !== days.to ? ' screen-title--range' : ''}`}>{title}</h1>
          {days === null && <p className="history-date">{formatDate(today, i18n.language)}</p>}
          {tillName && (
            <p className="history-till" data-testid="history-till">
              {t('history.tillShown', { till: tillName })}
            </p>
          )}
        </div>
        {view === 'day' && (
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
              {parsed.kind === 'amount' &&
                t('history.searchAmount', { amount: formatBRL(parsed.cents), text: parsed.text })}
              {parsed.kind === 'id' && t('history.searchId', { text: parsed.text })}
            </p>
          </div>
        )}
      </header>

      <div className="history-bar">
        <ViewTabs view={view} days={days} reviewCount={reviewCount} onPick={setView} />
        {view === 'day' && <HistoryDaysBar keysEnabled={!refunding} />}
      </div>
      {view === 'day' && choosingDays && shownDays && <HistoryDaysForm shown={shownDays} />}

      {view === 'review' ? (
        <OfflineReviewPanel />
      ) : (
        <>
          <Totals totals={totals} />

          {error && (
            <p className="banner banner--error" role="alert">
              {t('history.loadFailed', { message: error })}
            </p>
          )}
          {exportError && (
            <p className="banner banner--error" role="alert">
              {t('history.exportFailed', { message: exportError })}
            </p>
          )}

          <div className="history-body" id="history-day-panel" role="tabpanel" aria-labelledby="history-day-tab">
            <section
              className="history-list"
              aria-labelledby="history-list-title"
              aria-busy={loading}
              style={amountColumn ? ({ '--amount-col': `${amountColumn}px` } as CSSProperties) : undefined}
            >
              <h2 id="history-list-title" className="visually-hidden">
                {t('history.list')}
              </h2>
              <div className="sale-row sale-row--head" aria-hidden="true">
                <span>{t('history.time')}</span>
                <span className="num">
                  {t('history.amount')}
                  <span ref={amountRulerRef} className="sale-row-amount amount-ruler">
                    {widestAmount}
                  </span>
                </span>
                <span>{t('history.status')}</span>
                <span>{t('history.reference')}</span>
              </div>
              {total === 0 && !loading ? (
                <p className="empty">{emptyText}</p>
              ) : (
                <SaleList
                  page={page}
                  count={total}
                  selectedId={selectedId}
                  selectedIndex={selectedIndex}
                  onRowsInView={showRows}
                  language={i18n.language}
                  onSelect={select}
                  withDate={days !== null && days.from !== days.to}
                />
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
        </>
      )}
    </div>
  );
}

/** "Vendas de hoje" | "Conferir pagamentos offline (N)": O switches between them, as does a click. */
function ViewTabs({
  view,
  days,
  reviewCount,
  onPick,
}: {
  view: HistoryView;
  days: HistoryDays;
  reviewCount: number;
  onPick(view: HistoryView): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="history-views" role="tablist" aria-label={t('history.views')}>
      <button
        type="button"
        role="tab"
        id="history-day-tab"
        className="history-view-tab"
        aria-selected={view === 'day'}
        aria-controls={view === 'day' ? 'history-day-panel' : undefined}
        onClick={() => onPick('day')}
      >
        {days === null ? t('history.dayTab') : days.from === days.to ? t('history.pastDayTab') : t('history.rangeTab')}
      </button>
      <button
        type="button"
        role="tab"
        id="history-review-tab"
        className={`history-view-tab${reviewCount > 0 ? ' has-review' : ''}`}
        aria-selected={view === 'review'}
        aria-controls={view === 'review' ? 'history-review-panel' : undefined}
        aria-keyshortcuts="O"
        data-count={reviewCount}
        data-testid="offline-review-tab"
        onClick={() => onPick('review')}
      >
        {t('history.reviewTab', { count: reviewCount })} <Kbd>O</Kbd>
      </button>
    </div>
  );
}

function Totals({ totals }: { totals: DayTotals | null }) {
  const { t } = useTranslation();
  const isRange = totals?.to !== undefined && totals.to !== totals.day;
  const money = (cents: number | undefined) => (cents === undefined ? '—' : formatBRL(cents));
  const items = [
    { key: 'count', value: totals ? String(totals.count) : '—' },
    { key: 'paidCount', value: totals ? String(totals.paidCount) : '—' },
    { key: 'paidValue', value: money(totals?.paidValue) },
    { key: 'refundedValue', value: money(totals?.refundedValue) },
    { key: 'net', value: money(totals?.net), strong: true },
  ] as const;
  return (
    <section aria-label={isRange ? t('history.rangeTotals') : t('history.totals')}>
      <dl className="totals">
        {items.map((item) => (
          <div key={item.key} className={`total${'strong' in item ? ' total--strong' : ''}`}>
            <dt>{t(`history.${item.key}`)}</dt>
            <FittedValue text={item.value} />
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

/** A total's value, shrunk to its box when a long day's money would not fit. */
function FittedValue({ text }: { text: string }) {
  const ref = useRef<HTMLElement>(null);
  useShrinkToFit(ref, text);
  return <dd ref={ref}>{text}</dd>;
}
