// Portuguese first, English second, through i18next. Both catalogues are bundled: they are tiny
// and a counter app must not wait on a network to show its labels.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { CounterLocale } from '#shared/counter/counter-api';
import en from './en.json';
import ptBR from './pt-BR.json';

// One catalogue per locale of the value set (src/shared/counter/value-sets.ts), checked here.
export const resources = {
  'pt-BR': { translation: ptBR },
  en: { translation: en },
} as const satisfies Record<CounterLocale, { translation: object }>;

export function initI18n(locale: CounterLocale = 'pt-BR') {
  void i18next.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: 'pt-BR',
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
  });
  document.documentElement.lang = locale;
  return i18next;
}

export function switchLocale(locale: CounterLocale) {
  if (i18next.language === locale) return;
  void i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
}
