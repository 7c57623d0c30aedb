// The cashier window: top bar with the screens, the current screen, the status bar, and the
// receipt dialog that any screen can open.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { shopNameToShow } from '#shared/lib/sandbox-shop-name';
import { HistoryScreen } from '../features/history/HistoryScreen';
import { ManagerPinDialog } from '../features/register/ManagerPinDialog';
import { useRegister } from '../features/register/register-store';
import { RegisterScreen } from '../features/register/RegisterScreen';
import { ReceiptDialog } from '../features/receipts/ReceiptDialog';
import { OfflineConfirmedNotices } from '../features/sale/OfflineConfirmedNotices';
import { PdvSaleNotice } from '../features/sale/PdvSaleNotice';
import { useSale } from '../features/sale/sale-store';
import { SaleScreen } from '../features/sale/SaleScreen';
import { startCustomerDisplayFeed } from '../features/customer-display/customer-display-channel';
import { SettingsScreen } from '../features/settings/SettingsScreen';
import { useSettings } from '../features/settings/settings-store';
import { StatusBar } from '../features/status-bar/StatusBar';
import { useStatus } from '../features/status-bar/status-store';
import { useHotkeys } from './hotkeys';
import { BrandMark } from './Icons';
import { Kbd } from './Kbd';
import { connectLiveEvents } from './live-events';
import { useNavigation, type Screen } from './navigation-store';
import { counterApi } from './counter-api';
import './app.css';

const SCREENS: { screen: Screen; key: string }[] = [
  { screen: 'sale', key: 'F1' },
  { screen: 'history', key: 'F2' },
  { screen: 'register', key: 'F7' },
  { screen: 'settings', key: 'F9' },
];

export function App() {
  const { t } = useTranslation();
  const screen = useNavigation((state) => state.screen);
  const go = useNavigation((state) => state.go);
  const shopName = useSettings((state) => shopNameToShow(state.settings?.merchantName));

  useEffect(() => {
    const disconnect = connectLiveEvents(counterApi());
    const stopFeed = startCustomerDisplayFeed();
    void useStatus
      .getState()
      .load()
      .catch(() => undefined);
    void useRegister
      .getState()
      .load()
      .catch(() => undefined);
    if (!useSettings.getState().settings)
      void useSettings
        .getState()
        .load()
        .catch(() => undefined);
    return () => {
      disconnect();
      stopFeed();
    };
  }, []);

  const open = (target: Screen) => {
    // "Nova venda" means it: a sale that is over (Pago, Expirada, Cancelada, Recusada) or still
    // connecting makes way for an empty entry (the latter keeps syncing, in the history). A QR
    // waiting for its Pix is not dropped while online (F1 brings it back); offline it is, and
    // stays open in the history until the counter is back (lib/next-sale saleIsOver).
    if (target === 'sale') useSale.getState().startNext();
    go(target);
  };

  useHotkeys({
    F1: () => open('sale'),
    F2: () => open('history'),
    F7: () => open('register'),
    F9: () => open('settings'),
  });

  return (
    <div className="shell">
      <header className="topbar">
        <div className="brand">
          <BrandMark className="brand-mark" />
          <span className="brand-name">{t('app.name')}</span>
          {shopName && <span className="brand-merchant">{shopName}</span>}
        </div>
        <nav className="tabs" aria-label={t('app.nav')}>
          {SCREENS.map(({ screen: target, key }) => (
            <button
              key={target}
              type="button"
              className="tab"
              aria-current={screen === target ? 'page' : undefined}
              onClick={() => open(target)}
            >
              {t(`app.screens.${target}`)} <Kbd>{key}</Kbd>
            </button>
          ))}
        </nav>
      </header>
      <main className="screen" id="main">
        <PdvSaleNotice />
        {screen === 'sale' && <SaleScreen />}
        {screen === 'history' && <HistoryScreen />}
        {screen === 'register' && <RegisterScreen />}
        {screen === 'settings' && <SettingsScreen />}
      </main>
      <StatusBar />
      <OfflineConfirmedNotices />
      <ReceiptDialog />
      <ManagerPinDialog />
    </div>
  );
}
