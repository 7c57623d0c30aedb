import { useTranslation } from 'react-i18next';

// A key cap shown next to every action: the cashier learns the shortcut by looking.
export function Kbd({ children }: { children: string }) {
  return <kbd className="kbd">{children}</kbd>;
}

/**
 * The Backspace key cap, drawn as the ⌫ symbol. Drawn, not typed: the bundled font has no ⌫, and
 * a symbol left to the machine's fonts is a different width on every machine, or a missing glyph.
 */
export function BackspaceKbd() {
  const { t } = useTranslation();
  return (
    <kbd className="kbd">
      <svg className="kbd-icon" viewBox="0 0 20 14" role="img" aria-label={t('keys.backspace')}>
        <path
          d="M6 1h12a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H6L1 7z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
        <path d="M9.5 4.5l5 5m0-5l-5 5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
    </kbd>
  );
}
