// The customer-facing screen (route #/cliente, second monitor): the amount and "Aguarde…" while
// the counter is still connecting, the big QR and the amount while the sale waits, a green "Pago"
// when it is paid, a welcome between sales (and for a sale cancelled or refused). No controls.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sale } from '#shared/counter/counter-api';
import { shopNameToShow } from '#shared/lib/sandbox-shop-name';
import { BrandMark, CheckIcon, ClockIcon } from '../../app/Icons';
import { counterApi } from '../../app/counter-api';
import { formatCountdown, secondsUntil } from '../../lib/countdown';
import { formatBRL } from '#shared/lib/money';
import { customerDisplayAdopts, customerView } from '../../lib/live-sale';
import { displayHoldMs } from '../../lib/next-sale';
import { qrSvgDataUrl } from '../../lib/qr-svg';
import { useNow } from '../../app/use-now';
import { useSettings } from '../settings/settings-store';
import { listenToCashier } from './customer-display-channel';
import './customer-display.css';

export function CustomerDisplay() {
  const { t } = useTranslation();
  const [sale, setSale] = useState<Sale | null>(null);
  const shopName = useSettings((state) => shopNameToShow(state.settings?.merchantName));

  useEffect(() => {
    let shown: Sale | null = null;
    let hold: ReturnType<typeof setTimeout> | undefined;
    const show = (next: Sale | null) => {
      clearTimeout(hold);
      shown = next;
      setSale(next);
    };
    const stopListening = listenToCashier((next) => {
      clearTimeout(hold);
      // "Pago" stays a moment for the customer even when the cashier moves on at once.
      const wait = displayHoldMs(shown, next);
      if (wait > 0) hold = setTimeout(() => show(next), wait);
      else show(next);
    });
    const unsubscribe = counterApi().onEvent((event) => {
      if (event.type !== 'sale-updated') return;
      // Only news of the sale on show (its QR arriving, "Pago"): which sale to show is the
      // cashier's call, so a sale they moved on from never pops up here when it turns ACTIVE.
      if (!customerDisplayAdopts(shown, event.sale)) return;
      // Updated without cutting a pending "Pago" hold short.
      shown = event.sale;
      setSale(event.sale);
    });
    return () => {
      clearTimeout(hold);
      stopListening();
      unsubscribe();
    };
  }, []);

  useEffect(() => {
    document.title = `${t('app.name')} · ${t('sale.customer')}`;
  }, [t]);

  return (
    <main className="customer">
      <header className="customer-head">
        <BrandMark className="customer-brand" />
        <span>{shopName ?? t('app.name')}</span>
      </header>
      {sale && customerView(sale) !== 'idle' ? <CustomerSale sale={sale} /> : <Idle />}
    </main>
  );
}

function Idle() {
  const { t } = useTranslation();
  return (
    <section className="customer-idle" aria-live="polite">
      <h1 className="customer-welcome">{t('customer.welcome')}</h1>
      <p>{t('customer.idle')}</p>
    </section>
  );
}

function CustomerSale({ sale }: { sale: Sale }) {
  const { t } = useTranslation();
  const qrSrc = useMemo(() => (sale.brCode ? qrSvgDataUrl(sale.brCode) : null), [sale.brCode]);
  const amount = formatBRL(sale.value);
  const view = customerView(sale);

  if (view === 'paid') {
    return (
      <section className="customer-outcome customer-outcome--paid" role="status">
        <CheckIcon className="customer-outcome-icon" />
        <h1 className="customer-outcome-title">{t('customer.paid')}</h1>
        <p className="customer-amount">{amount}</p>
        <p className="customer-thanks">{t('customer.thanks')}</p>
      </section>
    );
  }
  if (view === 'expired') {
    return (
      <section className="customer-outcome customer-outcome--expired" role="status">
        <ClockIcon className="customer-outcome-icon" />
        <h1 className="customer-outcome-title">{t('customer.expired')}</h1>
        <p className="customer-amount">{amount}</p>
      </section>
    );
  }
  if (view === 'pending' || !qrSrc) {
    // No code yet: the amount, and a word that the QR is on its way. Same place as the QR screen.
    return (
      <section className="customer-live customer-live--pending">
        <div className="customer-qr customer-qr--pending" aria-hidden="true">
          <span className="spinner" />
        </div>
        <div className="customer-side">
          <h1 className="customer-label">{t('customer.total')}</h1>
          <p className="customer-amount">{amount}</p>
          <p className="customer-scan" role="status">
            {t('customer.wait')}
          </p>
        </div>
      </section>
    );
  }
  return (
    <section className="customer-live">
      <img className="customer-qr" src={qrSrc} alt={t('live.qrAlt', { amount })} />
      <div className="customer-side">
        <h1 className="customer-label">{t('customer.total')}</h1>
        <p className="customer-amount">{amount}</p>
        <p className="customer-scan" role="status">
          {t('customer.scan')}
        </p>
        <CustomerCountdown expiresDate={sale.expiresDate} />
      </div>
    </section>
  );
}

function CustomerCountdown({ expiresDate }: { expiresDate: string }) {
  const { t } = useTranslation();
  const seconds = secondsUntil(expiresDate, useNow());
  if (seconds === 0) return null;
  return (
    <p className="customer-countdown" role="timer" aria-live="off">
      <ClockIcon className="customer-countdown-icon" />
      {t('customer.expiresIn', { time: formatCountdown(seconds) })}
    </p>
  );
}
