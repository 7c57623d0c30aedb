// The receipt printer: its address (network, serial, or a share or USB device written as a file), model, paper, whether a paid sale's
// receipt prints by itself and in how many copies, and "Testar impressora", which prints a test
// slip on the printer as typed (before saving) and says what the printer answered.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaperPrinterTest } from '#shared/counter/counter-api';
import {
  PAPER_COLUMNS,
  PRINTER_PROFILE_IDS,
  parsePrinterAddress,
  type PrinterProfileId,
} from '#shared/counter/paper-printer';
import { counterApi, errorMessage } from '../../app/counter-api';
import { PAPER_PROBLEMS, type PaperProblem } from '../../lib/connection-status';
import type { SettingsDraft, SettingsErrors } from '../../lib/settings-form';
import { SettingsTextField } from './SettingsTextField';

const PROFILE_KEYS = {
  generic: 'settings.paperProfileGeneric',
  epson: 'settings.paperProfileEpson',
  elgin: 'settings.paperProfileElgin',
  bematech: 'settings.paperProfileBematech',
  daruma: 'settings.paperProfileDaruma',
} as const satisfies Record<PrinterProfileId, string>;

const COLUMN_KEYS = {
  48: 'settings.paperColumns48',
  42: 'settings.paperColumns42',
  32: 'settings.paperColumns32',
} as const;

const PROBLEM_KEYS = {
  'paper-out': 'settings.paperTestProblemPaperOut',
  'cover-open': 'settings.paperTestProblemCoverOpen',
  offline: 'settings.paperTestProblemOffline',
  unreachable: 'settings.paperTestProblemUnreachable',
  'no-answer': 'settings.paperTestProblemNoAnswer',
  'not-a-printer': 'settings.paperTestProblemNotAPrinter',
  interrupted: 'settings.paperTestProblemInterrupted',
} as const satisfies Record<PaperProblem, string>;

/** The printer's problem as a word the screen knows; an unknown one reads as interrupted. */
function problemOf(problem: string | undefined): PaperProblem {
  return PAPER_PROBLEMS.find((known) => known === problem) ?? 'interrupted';
}

/** What prints (or opens) by itself, each a tick box worded by its own key in the catalogues. */
const AUTOMATIC = [
  'paperPrintWhenPaid',
  'paperPrintWhenRefunded',
  'paperPrintWhenClosed',
  'paperPrintWhenCharged',
  'paperDrawerOnPaid',
] as const;

interface PaperPrinterFieldsProps {
  draft: SettingsDraft;
  errors: SettingsErrors;
  update<K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]): void;
  /** Marks the address invalid (the test was asked with an address that is none). */
  onInvalidAddress(): void;
}

export function PaperPrinterFields({ draft, errors, update, onInvalidAddress }: PaperPrinterFieldsProps) {
  const { t } = useTranslation();
  const [test, setTest] = useState<{ state: 'testing' } | { state: 'done'; text: string; ok: boolean } | null>(null);

  const testNow = async () => {
    const address = draft.paperAddress.trim();
    if (parsePrinterAddress(address) === null) return onInvalidAddress();
    setTest({ state: 'testing' });
    try {
      const answer: PaperPrinterTest = await counterApi().testPaperPrinter({
        address,
        profile: draft.paperProfile,
        columns: draft.paperColumns,
      });
      const text = answer.printed
        ? t(
            answer.unconfirmed
              ? 'settings.paperTestSent'
              : answer.paperNearEnd
                ? 'settings.paperTestPrintedNearEnd'
                : 'settings.paperTestPrinted',
          )
        : t(PROBLEM_KEYS[problemOf(answer.problem)]);
      setTest({ state: 'done', text, ok: answer.printed });
    } catch (error) {
      setTest({ state: 'done', text: errorMessage(error), ok: false });
    }
  };

  const change = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => {
    setTest(null);
    update(key, value);
  };

  return (
    <fieldset className="card" data-testid="settings-paper-printer">
      <legend>{t('settings.paperPrinter')}</legend>
      <SettingsTextField
        draft={draft}
        errors={errors}
        onChange={(field, value) => change(field, value)}
        field="paperAddress"
        maxLength={255}
        autoComplete="off"
        spellCheck={false}
        placeholder="192.168.0.50"
        hint={t('settings.paperAddressHint')}
      />
      <div className="field">
        <label htmlFor="settings-paperProfile">{t('settings.paperProfile')}</label>
        <select
          id="settings-paperProfile"
          value={draft.paperProfile}
          onChange={(event) => change('paperProfile', event.target.value as PrinterProfileId)}
        >
          {PRINTER_PROFILE_IDS.map((profile) => (
            <option key={profile} value={profile}>
              {t(PROFILE_KEYS[profile])}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="settings-paperColumns">{t('settings.paperColumns')}</label>
        <select
          id="settings-paperColumns"
          value={draft.paperColumns}
          onChange={(event) => change('paperColumns', Number(event.target.value) as SettingsDraft['paperColumns'])}
        >
          {PAPER_COLUMNS.map((columns) => (
            <option key={columns} value={columns}>
              {t(COLUMN_KEYS[columns])}
            </option>
          ))}
        </select>
      </div>
      {AUTOMATIC.map((field) => (
        <label key={field} className="check">
          <input type="checkbox" checked={draft[field]} onChange={(event) => change(field, event.target.checked)} />
          {t(`settings.${field}`)}
        </label>
      ))}
      <div className="field">
        <label htmlFor="settings-paperCopies">{t('settings.paperCopies')}</label>
        <select
          id="settings-paperCopies"
          value={draft.paperCopies}
          onChange={(event) => change('paperCopies', Number(event.target.value) === 2 ? 2 : 1)}
        >
          <option value={1}>{t('settings.paperCopies1')}</option>
          <option value={2}>{t('settings.paperCopies2')}</option>
        </select>
      </div>
      <div className="field">
        <button
          type="button"
          className="button button--quiet"
          onClick={() => void testNow()}
          disabled={test?.state === 'testing'}
        >
          {test?.state === 'testing' ? t('settings.paperTesting') : t('settings.paperTest')}
        </button>
        <p
          className={`field-hint${test?.state === 'done' && !test.ok ? ' field-error' : ''}`}
          role="status"
          data-testid="paper-test-result"
        >
          {test?.state === 'done' ? test.text : ''}
        </p>
      </div>
    </fieldset>
  );
}
