// The PDV API's reach, saved with the rest of the settings: its port; this machine only, or the
// shop's network too, and then only the addresses listed (the PDV's, the ERP's); and the shop's
// payment institution's CNPJ, which the fiscal note's Pix group names and the service does not
// say; and the file exchange PDVs written for TEF Discado already speak (IntPos.001 in a folder).
// The integrations themselves (their tokens) are in IntegrationsSection.
import { useTranslation } from 'react-i18next';
import type { SettingsDraft, SettingsErrors } from '../../lib/settings-form';
import { SettingsFieldFrame, SettingsTextField } from './SettingsTextField';

interface PdvApiFieldsProps {
  draft: SettingsDraft;
  errors: SettingsErrors;
  update<K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]): void;
}

export function PdvApiFields({ draft, errors, update }: PdvApiFieldsProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="card" data-testid="settings-pdv-api">
      <legend>{t('settings.pdvApi')}</legend>
      <SettingsTextField
        draft={draft}
        errors={errors}
        onChange={(field, value) => update(field, value)}
        field="pdvPort"
        inputMode="numeric"
        maxLength={5}
        hint={t('settings.pdvPortHint')}
      />
      <label className="check">
        <input
          id="settings-pdvLan"
          type="checkbox"
          checked={draft.pdvLan}
          onChange={(event) => update('pdvLan', event.target.checked)}
        />
        <span>{t('settings.pdvLan')}</span>
      </label>
      {draft.pdvLan && (
        <SettingsFieldFrame
          field="pdvAllowFrom"
          invalid={errors.pdvAllowFrom === true}
          hint={t('settings.pdvAllowFromHint')}
        >
          <textarea
            id="settings-pdvAllowFrom"
            rows={3}
            spellCheck={false}
            value={draft.pdvAllowFrom}
            aria-invalid={errors.pdvAllowFrom === true ? true : undefined}
            onChange={(event) => update('pdvAllowFrom', event.target.value)}
          />
        </SettingsFieldFrame>
      )}
      <SettingsTextField
        draft={draft}
        errors={errors}
        onChange={(field, value) => update(field, value)}
        field="pdvInstitutionCnpj"
        maxLength={18}
        autoComplete="off"
        spellCheck={false}
        placeholder="00.000.000/0001-00"
        hint={t('settings.pdvInstitutionCnpjHint')}
      />
      <label className="check">
        <input
          id="settings-pdvFileExchangeEnabled"
          type="checkbox"
          checked={draft.pdvFileExchangeEnabled}
          onChange={(event) => update('pdvFileExchangeEnabled', event.target.checked)}
        />
        <span>{t('settings.pdvFileExchangeEnabled')}</span>
      </label>
      {draft.pdvFileExchangeEnabled && (
        <SettingsTextField
          draft={draft}
          errors={errors}
          onChange={(field, value) => update(field, value)}
          field="pdvFileExchangeFolder"
          maxLength={260}
          autoComplete="off"
          spellCheck={false}
          hint={t('settings.pdvFileExchangeFolderHint')}
        />
      )}
    </fieldset>
  );
}
