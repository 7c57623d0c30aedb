// The UI's fonts ship with the app: Inter for the text (Latin Extended, so every pt-BR letter, and
// tabular figures for amounts) and JetBrains Mono for ids and end-to-end ids. Fontsource's
// packages are the fonts as their authors publish them (SIL Open Font License), one variable file
// per Unicode subset; Vite copies those files into the renderer's build, so they load from the
// app's own origin (app:// in Electron, the browser host's loopback) and the CSP's font-src 'self'
// holds: no font ever comes from the network, and no screen depends on what the machine has.
import '@fontsource-variable/inter/wght.css';
import '@fontsource-variable/jetbrains-mono/wght.css';

/** The custom properties base.css draws every text with. */
const FONT_STACKS = ['--font', '--mono'] as const;

/** What every screen shows: loads each face's Latin file, the one pt-BR text needs. */
const SAMPLE_TEXT = 'Ação à vista R$ 1.234,56';

/**
 * Loads the bundled faces before the first render. Fontsource declares them `font-display: swap`,
 * so text drawn before they arrive is laid out in a fallback font and moved when they do; the
 * screens that measure their text (amounts shrunk to fit, the history's columns) would measure
 * the fallback. Read from disk, they take milliseconds; a failure leaves the fallbacks in place.
 */
export async function loadBundledFonts(): Promise<void> {
  const root = getComputedStyle(document.documentElement);
  await Promise.all(
    FONT_STACKS.map((property) =>
      document.fonts.load(`16px ${root.getPropertyValue(property).trim()}`, SAMPLE_TEXT).catch(() => []),
    ),
  );
}
