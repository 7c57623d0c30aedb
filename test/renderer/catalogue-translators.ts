// The renderer's two catalogues as the tests read them: one i18next instance of its own (not the
// app's), no fallback from one language to the other, so a key missing in en shows as missing.
import i18next from 'i18next';
import en from '#renderer/i18n/en.json';
import ptBR from '#renderer/i18n/pt-BR.json';
import type { Translate } from '#renderer/lib/translate';

export async function catalogueTranslators(): Promise<Record<'pt-BR' | 'en', Translate>> {
  const instance = i18next.createInstance();
  await instance.init({
    resources: { 'pt-BR': { translation: ptBR }, en: { translation: en } },
    lng: 'pt-BR',
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
  return {
    'pt-BR': instance.getFixedT('pt-BR') as unknown as Translate,
    en: instance.getFixedT('en') as unknown as Translate,
  };
}
