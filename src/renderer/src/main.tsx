// Renderer entry. The same bundle serves the cashier window and, on `#/cliente`, the
// customer-facing display; both talk to main only through the CounterApi installed here.
import { StrictMode } from 'react';
import i18next from 'i18next';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { provideCounterApi } from './app/counter-api';
import { CustomerDisplay } from './features/customer-display/CustomerDisplay';
import { installCounterApi } from './bridge/web-bridge';
import { initI18n } from './i18n/i18n';
import { useSettings } from './features/settings/settings-store';
import { loadBundledFonts } from './app/bundled-fonts';
import './app/base.css';

const CUSTOMER_DISPLAY_ROUTE = '#/cliente';

async function boot() {
  initI18n('pt-BR');
  const root = createRoot(document.getElementById('root')!);
  try {
    provideCounterApi(installCounterApi());
  } catch (error) {
    root.render(<BootFailure message={error instanceof Error ? error.message : String(error)} />);
    return;
  }
  // Settings carry the language: wait briefly for them so an English till does not flash
  // Portuguese, but never block the counter on a slow answer. The fonts load meanwhile, so the
  // first frame is laid out in them (bundled-fonts.ts).
  await Promise.all([
    Promise.race([
      useSettings
        .getState()
        .load()
        .catch(() => null),
      delay(800),
    ]),
    Promise.race([loadBundledFonts(), delay(800)]),
  ]);

  const customerFacing = window.location.hash.startsWith(CUSTOMER_DISPLAY_ROUTE);
  root.render(<StrictMode>{customerFacing ? <CustomerDisplay /> : <App />}</StrictMode>);
}

/** Without a CounterApi nothing works; say so plainly instead of showing a dead counter. */
function BootFailure({ message }: { message: string }) {
  return (
    <main className="boot-failure" role="alert">
      <h1>Balcão</h1>
      <p>{i18next.t('app.bridgeError', { message })}</p>
    </main>
  );
}

function delay(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

void boot();
