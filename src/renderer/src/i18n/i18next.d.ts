// Typed translation keys: a typo in t('…') fails the renderer typecheck.
import 'i18next';
import type ptBR from './pt-BR.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ptBR };
  }
}
