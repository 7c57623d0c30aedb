// Which days the history shows, and "Exportar CSV" for them: the day before (A), the next day (P),
// back to today (H), a day or a range typed in "Escolher datas" (I), and the export (E).
// The form's fields are its own state: a push or a reload never changes what the owner typed.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHotkeys } from '../../app/hotkeys';
import { Kbd } from '../../app/Kbd';
import { useHistory, type HistoryDays } from './history-store';

/** "2026-11-20" → "20/11/2026" (pt-BR) or the language's own short date. */
export function formatDay(day: string, language: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(language, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year!, (month ?? 1) - 1, date ?? 1, 12)));
}

/** "2026-11-20" → "20/11" (pt-BR). */
function formatDayMonth(day: string, language: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year!, (month ?? 1) - 1, date ?? 1, 12)),
  );
}

/** The history's title for what is shown: "Histórico de hoje", "… de 20/11/2026", "… de 20/11 a 22/11/2026". */
export function useHistoryTitle(): string {
  const { t, i18n } = useTranslation();
  const days = useHistory((state) => state.days);
  if (days === null) return t('history.title');
  if (days.from === days.to) return t('history.titleDay', { date: formatDay(days.from, i18n.language) });
  // Within one year the first day drops its year ("21/11 a 24/11/2026"): the title stays on one line at 1024 px.
  const from =
    days.from.slice(0, 4) === days.to.slice(0, 4)
      ? formatDayMonth(days.from, i18n.language)
      : formatDay(days.from, i18n.language);
  return t('history.titleRange', { from, to: formatDay(days.to, i18n.language) });
}

export function HistoryDaysBar({ keysEnabled }: { keysEnabled: boolean }) {
  const { t } = useTranslation();
  const days = useHistory((state) => state.days);
  const exporting = useHistory((state) => state.exporting);
  const choosingDays = useHistory((state) => state.choosingDays);
  const { shiftDay, showDays, setChoosingDays, exportCsv } = useHistory.getState();
  const isToday = days === null;

  useHotkeys(
    {
      a: () => shiftDay(-1),
      p: () => !isToday && shiftDay(1),
      h: () => !isToday && showDays(null),
      i: () => setChoosingDays(true),
      e: () => void exportCsv(),
    },
    { enabled: keysEnabled && !choosingDays },
  );

  return (
    <nav className="history-days" aria-label={t('history.dayNav')}>
      <button
        type="button"
        className="button button--small button--secondary"
        aria-keyshortcuts="A"
        onClick={() => shiftDay(-1)}
      >
        {t('history.previousDay')} <Kbd>A</Kbd>
      </button>
      <button
        type="button"
        className="button button--small button--secondary"
        aria-keyshortcuts="P"
        disabled={isToday}
        onClick={() => shiftDay(1)}
      >
        {t('history.nextDay')} <Kbd>P</Kbd>
      </button>
      {!isToday && (
        <button
          type="button"
          className="button button--small button--secondary"
          aria-keyshortcuts="H"
          onClick={() => showDays(null)}
        >
          {t('history.backToToday')} <Kbd>H</Kbd>
        </button>
      )}
      <button
        type="button"
        className="button button--small button--secondary"
        aria-keyshortcuts="I"
        aria-expanded={choosingDays}
        aria-controls={choosingDays ? 'history-days-form' : undefined}
        onClick={() => setChoosingDays(!choosingDays)}
      >
        {t('history.chooseDays')} <Kbd>I</Kbd>
      </button>
      <button
        type="button"
        className="button button--small button--secondary"
        aria-keyshortcuts="E"
        disabled={exporting}
        data-testid="history-export"
        onClick={() => void exportCsv()}
      >
        {exporting ? t('history.exporting') : t('history.exportCsv')} <Kbd>E</Kbd>
      </button>
    </nav>
  );
}

/** "Escolher datas": De / Até (the same day twice is one day). Enter shows them, Esc closes. */
export function HistoryDaysForm({ shown }: { shown: { from: string; to: string } }) {
  const { t } = useTranslation();
  const { showDays, setChoosingDays } = useHistory.getState();
  const [from, setFrom] = useState(shown.from);
  const [to, setTo] = useState(shown.to);
  const [problem, setProblem] = useState<string | null>(null);
  const fromRef = useRef<HTMLInputElement>(null);
  const hintId = useId();

  useEffect(() => {
    fromRef.current?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to) return;
    if (from > to) {
      setProblem(t('history.daysBackwards'));
      return;
    }
    // The 92-day limit is the main process's (its pt-BR refusal shows in the history's banner).
    showDays({ from, to } satisfies NonNullable<HistoryDays>);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    setChoosingDays(false);
  };

  return (
    <form
      id="history-days-form"
      className="history-days-form"
      aria-label={t('history.chooseDays')}
      onSubmit={submit}
      onKeyDown={onKeyDown}
    >
      <label className="history-days-field">
        <span>{t('history.daysFrom')}</span>
        <input
          ref={fromRef}
          type="date"
          required
          value={from}
          aria-describedby={hintId}
          onChange={(event) => setFrom(event.target.value)}
        />
      </label>
      <label className="history-days-field">
        <span>{t('history.daysTo')}</span>
        <input
          type="date"
          required
          value={to}
          aria-describedby={hintId}
          onChange={(event) => setTo(event.target.value)}
        />
      </label>
      <button type="submit" className="button button--small button--primary">
        {t('history.showDays')} <Kbd>Enter</Kbd>
      </button>
      <button type="button" className="button button--small button--secondary" onClick={() => setChoosingDays(false)}>
        {t('history.cancelDays')} <Kbd>Esc</Kbd>
      </button>
      <p
        id={hintId}
        className={`field-hint${problem ? ' history-days-problem' : ''}`}
        role={problem ? 'alert' : undefined}
      >
        {problem ?? t('history.daysHint')}
      </p>
    </form>
  );
}
