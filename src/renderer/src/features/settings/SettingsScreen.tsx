// Configurações: connection (mode, base URL, AppID), shop, offline sales (allowed, caps, the key
// the service confirmed), receipts, preferences.
// The language applies the moment it is picked; everything else on "Salvar" (Ctrl+S). Switching
// to another service while commands are queued for this one asks first (Enter / Esc): the main
// process refuses it (COMMANDS_QUEUED) until the owner confirms; the commands are kept either way.
// Over 300 lines because the draft, its checks and the save are one form; its fields are
// SettingsTextField.tsx, the connection test is ConnectionTestPanel.tsx.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CounterLocale, Printer, ReceiptLayoutName, SettingsInput } from '#shared/counter/counter-api';
import { COUNTER_LOCALES, COUNTER_MODES, RECEIPT_LAYOUTS } from '#shared/counter/value-sets';
import { ConfirmDialog } from '../../app/ConfirmDialog';
import { useHotkeys } from '../../app/hotkeys';
import { Kbd } from '../../app/Kbd';
import { errorMessage, counterApi } from '../../app/counter-api';
import { useHoldsTyping } from '../../app/typed-work';
import { switchLocale } from '../../i18n/i18n';
import type { Translate } from '../../lib/translate';
import { offlineRefusalText } from '../../lib/offline-refusal-text';
import { useStatus } from '../status-bar/status-store';
import { OperatorsSection } from '../register/OperatorsSection';
import {
  confirmQueuedSwitch,
  draftFromSettings,
  queuedSwitchCount,
  settingsInputFrom,
  switchesService,
  validateSettingsDraft,
  type SettingsDraft,
  type SettingsErrors,
  type SettingsField,
} from '../../lib/settings-form';
import { useSettings } from './settings-store';
import { ConnectionTestPanel } from './ConnectionTestPanel';
import { PaperPrinterFields } from './PaperPrinterFields';
import { FixedQrFields } from './FixedQrFields';
import { IntegrationsSection } from './IntegrationsSection';
import { PdvApiFields } from './PdvApiFields';
import { SettingsFieldFrame, SettingsTextField } from './SettingsTextField';
import { useConnectionCheck } from './connection-check-store';
import './settings.css';

/** Each language in its own words, whatever the screen's language (every locale must have one). */
const LOCALE_NAMES: Record<CounterLocale, string> = {
  'pt-BR': 'Português (Brasil)',
  en: 'English',
};

export function SettingsScreen() {
  const { t } = useTranslation();
  const settings = useSettings((state) => state.settings);
  const save = useSettings((state) => state.save);
  const [draft, setDraft] = useState<SettingsDraft | null>(() => (settings ? draftFromSettings(settings) : null));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [printers, setPrinters] = useState<Printer[] | null>(null);
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [apiError, setApiError] = useState<string | null>(null);
  /** The save the main process held back because commands are queued, and what to tell the owner about them. */
  const [queuedSwitch, setQueuedSwitch] = useState<{ input: SettingsInput; message: string } | null>(null);
  const setConfirmingSwitch = useSettings((state) => state.setConfirmingSwitch);
  const offlineStatus = useStatus((state) => state.status?.offline);

  useEffect(() => {
    setConfirmingSwitch(queuedSwitch !== null);
    return () => setConfirmingSwitch(false);
  }, [queuedSwitch, setConfirmingSwitch]);

  useEffect(() => {
    if (!settings)
      void useSettings
        .getState()
        .load()
        .catch((error) => setApiError(errorMessage(error)));
    counterApi()
      .listPrinters()
      .then(setPrinters)
      .catch(() => setPrinters([]));
  }, [settings]);

  useEffect(() => {
    if (settings && !draft) setDraft(draftFromSettings(settings));
  }, [settings, draft]);

  // Leaving the screen drops the form's draft, and with it what a test said about it.
  useEffect(() => () => useConnectionCheck.getState().clear(), []);
  // An unsaved change is typed work: a PDV's sale landing does not take the screen from it (app/typed-work).
  useHoldsTyping(
    'settings-form',
    draft !== null && settings !== null && JSON.stringify(draft) !== JSON.stringify(draftFromSettings(settings)),
  );

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!draft || !settings || state === 'saving') return;
    const found = validateSettingsDraft(draft);
    setErrors(found);
    setApiError(null);
    const firstInvalid = Object.keys(found)[0];
    if (firstInvalid) {
      document.getElementById(`settings-${firstInvalid}`)?.focus();
      return;
    }
    const input = settingsInputFrom(draft, settings);
    // A remote service that changes is tested before the PIN is asked: the owner reads what is
    // wrong first. The main process tests again on save and refuses (422) by itself.
    if (draft.mode !== 'embedded' && switchesService(input)) {
      setState('saving');
      const passes = await useConnectionCheck.getState().passesBeforeSave(connectionTarget(draft), input);
      setState('idle');
      if (!passes) {
        // The answer sits under the connection fields, below the fold on a small screen.
        requestAnimationFrame(() => document.getElementById('connection-test')?.scrollIntoView({ block: 'center' }));
        return;
      }
    }
    await persist(input);
  };

  const testConnectionNow = () => {
    if (!draft) return;
    if (validateSettingsDraft(draft).baseUrl) {
      setErrors((current) => ({ ...current, baseUrl: true }));
      document.getElementById('settings-baseUrl')?.focus();
      return;
    }
    void useConnectionCheck.getState().test(connectionTarget(draft));
  };

  const saveAnyway = () => {
    const held = useConnectionCheck.getState().heldSave;
    if (held) void persist({ ...held, saveUnreachable: true });
  };

  const persist = async (input: SettingsInput) => {
    setState('saving');
    try {
      const saved = await save(input);
      setQueuedSwitch(null);
      if (switchesService(input)) useConnectionCheck.getState().clear();
      setDraft(draftFromSettings(saved));
      setState('saved');
      void useStatus
        .getState()
        .load()
        .catch(() => undefined);
    } catch (error) {
      const queued = input.confirmQueued ? null : queuedSwitchCount(error);
      setState('idle');
      if (queued !== null) {
        setQueuedSwitch({ input, message: errorMessage(error) });
        return;
      }
      setQueuedSwitch(null);
      setApiError(errorMessage(error));
    }
  };

  const confirmSwitch = () => {
    if (!queuedSwitch || state === 'saving') return;
    void persist(confirmQueuedSwitch(queuedSwitch.input));
  };

  useHotkeys({ 'Ctrl+s': () => void submit() });

  if (!draft || !settings) {
    return (
      <p className="empty" role={apiError ? 'alert' : 'status'}>
        {apiError ?? t('app.loading')}
      </p>
    );
  }

  const update = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => {
    setDraft((current) => (current ? { ...current, [key]: value } : current));
    setState('idle');
    // A message about a field the cashier is now fixing only gets in the way.
    if (key in errors) setErrors(({ [key as SettingsField]: _fixed, ...rest }) => rest);
    // A connection answer is about what was typed then.
    if (key === 'mode' || key === 'baseUrl' || key === 'appId' || key === 'clearAppId')
      useConnectionCheck.getState().clear();
  };

  const pickLocale = (locale: CounterLocale) => {
    update('locale', locale);
    switchLocale(locale);
    // A preference, not a business setting: it is kept at once, like the switch itself.
    void save({ locale }).catch((error) => setApiError(errorMessage(error)));
  };

  // What every typed-on-one-line field takes from the form.
  const fieldOf = { draft, errors, onChange: update };
  const remote = draft.mode !== 'embedded';
  const printerMissing =
    draft.printer !== '' && printers !== null && !printers.some((printer) => printer.name === draft.printer);

  return (
    <>
      <form className="settings" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="settings-title">
        <header className="settings-head">
          <h1 id="settings-title" className="screen-title">
            {t('settings.title')}
          </h1>
          <div className="settings-save">
            <span className="settings-result" role="status">
              {state === 'saved' ? t('settings.saved') : ''}
            </span>
            <button type="submit" className="button button--primary" disabled={state === 'saving'}>
              {state === 'saving' ? t('settings.saving') : t('settings.save')} <Kbd>Ctrl+S</Kbd>
            </button>
          </div>
        </header>

        {apiError && (
          <p className="banner banner--error" role="alert">
            {apiError}
          </p>
        )}
        {queuedSwitch && (
          <QueuedSwitchDialog
            message={queuedSwitch.message}
            saving={state === 'saving'}
            onConfirm={confirmSwitch}
            onBack={() => setQueuedSwitch(null)}
          />
        )}

        <div className="settings-grid">
          <div className="settings-column">
            <fieldset className="card">
              <legend>{t('settings.connection')}</legend>
              <div className="mode-options" role="radiogroup" aria-label={t('settings.mode')}>
                {COUNTER_MODES.map((mode) => (
                  <label key={mode} className={`mode-option${draft.mode === mode ? ' mode-option--on' : ''}`}>
                    <input
                      type="radio"
                      name="mode"
                      value={mode}
                      checked={draft.mode === mode}
                      onChange={() => update('mode', mode)}
                    />
                    <span className="mode-name">{t(`settings.modes.${mode}`)}</span>
                    <span className="mode-hint">{t(`settings.modeHints.${mode}`)}</span>
                  </label>
                ))}
              </div>
              {remote && (
                <>
                  <SettingsTextField
                    {...fieldOf}
                    field="baseUrl"
                    type="url"
                    autoComplete="off"
                    spellCheck={false}
                    placeholder="https://api.openpix.com.br"
                  />
                  <div className="field">
                    <label htmlFor="settings-appId">{t('settings.appId')}</label>
                    <input
                      id="settings-appId"
                      type="password"
                      autoComplete="off"
                      spellCheck={false}
                      value={draft.appId}
                      placeholder={settings.hasAppId && !draft.clearAppId ? `•••••• (${t('settings.appIdSet')})` : ''}
                      aria-describedby="settings-appId-hint"
                      onChange={(event) => {
                        update('appId', event.target.value);
                        update('clearAppId', false);
                      }}
                    />
                    <p id="settings-appId-hint" className="field-hint">
                      {draft.clearAppId
                        ? t('settings.appIdWillClear')
                        : settings.hasAppId
                          ? t('settings.appIdKeep')
                          : t('settings.appIdMissing')}{' '}
                      <span className={settings.appIdStorage === 'memory' ? 'field-hint-warning' : undefined}>
                        {t(`settings.appIdStorage.${settings.appIdStorage}`)}
                      </span>
                    </p>
                    {settings.hasAppId && !draft.clearAppId && (
                      <button
                        type="button"
                        className="button button--quiet button--small"
                        onClick={() => update('clearAppId', true)}
                      >
                        {t('settings.appIdClear')}
                      </button>
                    )}
                  </div>
                  <ConnectionTestPanel
                    onTest={testConnectionNow}
                    onSaveAnyway={saveAnyway}
                    saving={state === 'saving'}
                  />
                </>
              )}
            </fieldset>

            <fieldset className="card">
              <legend>{t('settings.receipts')}</legend>
              <div className="field">
                <label htmlFor="settings-printer">{t('settings.printer')}</label>
                <select
                  id="settings-printer"
                  value={draft.printer}
                  onChange={(event) => update('printer', event.target.value)}
                  aria-describedby="settings-printer-hint"
                >
                  <option value="">{t('settings.printerDefault')}</option>
                  {printerMissing && <option value={draft.printer}>{draft.printer}</option>}
                  {(printers ?? []).map((printer) => (
                    <option key={printer.name} value={printer.name}>
                      {printer.displayName || printer.name}
                      {printer.isDefault ? ` (${t('settings.printerIsDefault')})` : ''}
                    </option>
                  ))}
                </select>
                <p id="settings-printer-hint" className="field-hint">
                  {printers !== null && printers.length === 0 ? t('settings.printersNone') : ''}
                </p>
              </div>
              <div className="field">
                <label htmlFor="settings-receiptLayout">{t('settings.receiptLayout')}</label>
                <select
                  id="settings-receiptLayout"
                  value={draft.receiptLayout}
                  onChange={(event) => update('receiptLayout', event.target.value as ReceiptLayoutName)}
                >
                  {RECEIPT_LAYOUTS.map((layout) => (
                    <option key={layout} value={layout}>
                      {t(`receipt.${layout}`)}
                    </option>
                  ))}
                </select>
              </div>
              <SettingsTextField {...fieldOf} field="headerTitle" maxLength={100} />
              <SettingsFieldFrame
                field="headerLines"
                invalid={errors.headerLines === true}
                hint={t('settings.headerLinesHint')}
              >
                <textarea
                  id="settings-headerLines"
                  rows={4}
                  value={draft.headerLines}
                  onChange={(event) => update('headerLines', event.target.value)}
                />
              </SettingsFieldFrame>
            </fieldset>

            <PaperPrinterFields
              draft={draft}
              errors={errors}
              update={update}
              onInvalidAddress={() => {
                setErrors((current) => ({ ...current, paperAddress: true }));
                document.getElementById('settings-paperAddress')?.focus();
              }}
            />
            <FixedQrFields draft={draft} update={update} />
            <PdvApiFields draft={draft} errors={errors} update={update} />
          </div>

          <div className="settings-column">
            <fieldset className="card">
              <legend>{t('settings.store')}</legend>
              <p className="field-hint settings-store-hint">
                {remote ? t('settings.storeHintRemote') : t('settings.storeHintEmbedded')}
              </p>
              <SettingsTextField {...fieldOf} field="merchantName" maxLength={100} />
              <SettingsTextField {...fieldOf} field="merchantCity" maxLength={60} />
              <SettingsTextField {...fieldOf} field="pixKey" maxLength={77} spellCheck={false} />
              <SettingsTextField
                {...fieldOf}
                field="confirmAbove"
                inputMode="decimal"
                maxLength={20}
                hint={t('settings.confirmAboveHint')}
              />
            </fieldset>

            <fieldset className="card" data-testid="settings-offline">
              <legend>{t('settings.offline')}</legend>
              <label className="check">
                <input
                  id="settings-offlineEnabled"
                  type="checkbox"
                  checked={draft.offlineEnabled}
                  onChange={(event) => update('offlineEnabled', event.target.checked)}
                />
                <span>{t('settings.offlineEnabled')}</span>
              </label>
              <p className="field-hint">{t('settings.offlineHint')}</p>
              <div className="settings-pair">
                <SettingsTextField {...fieldOf} field="offlineMaxSaleValue" inputMode="decimal" maxLength={20} />
                <SettingsTextField {...fieldOf} field="offlineMaxUnconfirmedTotal" inputMode="decimal" maxLength={20} />
              </div>
              <div className="settings-pair">
                <SettingsTextField {...fieldOf} field="offlineMaxAge" inputMode="numeric" maxLength={6} />
                <div className="field">
                  <label htmlFor="settings-offlineMaxAgeUnit">{t('settings.offlineMaxAgeUnit')}</label>
                  <select
                    id="settings-offlineMaxAgeUnit"
                    value={draft.offlineMaxAgeUnit}
                    onChange={(event) => {
                      update('offlineMaxAgeUnit', event.target.value as SettingsDraft['offlineMaxAgeUnit']);
                      if ('offlineMaxAge' in errors) setErrors(({ offlineMaxAge: _fixed, ...rest }) => rest);
                    }}
                  >
                    <option value="hours">{t('settings.offlineUnits.hours')}</option>
                    <option value="minutes">{t('settings.offlineUnits.minutes')}</option>
                  </select>
                </div>
              </div>
              <p className="field-hint settings-offline-key" role="status" data-testid="settings-offline-key">
                {offlineStatus?.confirmedKey
                  ? t('settings.offlineConfirmedKey', { key: offlineStatus.confirmedKey })
                  : offlineStatus?.unavailable
                    ? t('settings.offlineUnavailable', {
                        reason: offlineRefusalText(offlineStatus.unavailable, t as unknown as Translate),
                      })
                    : t('settings.offlineKeyUnknown')}
              </p>
            </fieldset>

            <fieldset className="card">
              <legend>{t('settings.preferences')}</legend>
              <div className="field">
                <label htmlFor="settings-locale">{t('settings.language')}</label>
                <select
                  id="settings-locale"
                  value={draft.locale}
                  onChange={(event) => pickLocale(event.target.value as CounterLocale)}
                >
                  {COUNTER_LOCALES.map((locale) => (
                    <option key={locale} value={locale} lang={locale}>
                      {LOCALE_NAMES[locale]}
                    </option>
                  ))}
                </select>
              </div>
              <label className="check">
                <input
                  type="checkbox"
                  checked={draft.customerDisplay}
                  onChange={(event) => update('customerDisplay', event.target.checked)}
                />
                <span>{t('settings.customerDisplay')}</span>
              </label>
            </fieldset>
          </div>
        </div>
      </form>
      {/* Operators have their own forms and PIN; outside the settings form so Enter there never saves settings. */}
      <div className="operators-wrap">
        <OperatorsSection />
        <IntegrationsSection />
      </div>
    </>
  );
}

/**
 * "Trocar de serviço com comandos na fila?": the main process's words (how many, and that they
 * are kept and will be sent when that service is used again), then Enter switches anyway and
 * Esc goes back to the form.
 */
function QueuedSwitchDialog({
  message,
  saving,
  onConfirm,
  onBack,
}: {
  message: string;
  saving: boolean;
  onConfirm(): void;
  onBack(): void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      id="queued-switch"
      tone="warning"
      title={t('settings.queuedSwitch.title')}
      message={message || t('settings.queuedSwitch.fallback')}
      confirmLabel={t('settings.queuedSwitch.confirm')}
      busyLabel={t('settings.saving')}
      backLabel={t('settings.queuedSwitch.back')}
      busy={saving}
      onConfirm={onConfirm}
      onBack={onBack}
    />
  );
}

/** What "Testar conexão" asks with: the typed base URL, and the typed AppID or else the saved one. */
function connectionTarget(draft: SettingsDraft): { baseUrl: string; appId?: string } {
  const appId = draft.appId.trim();
  return appId ? { baseUrl: draft.baseUrl.trim(), appId } : { baseUrl: draft.baseUrl.trim() };
}
