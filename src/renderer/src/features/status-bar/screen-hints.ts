// Which shortcuts the status bar lists: the ones that work on what is on screen right now.
import type { ParseKeys } from 'i18next';
import { useNavigation } from '../../app/navigation-store';
import { isOffline } from '../../lib/connection-status';
import { liveKeyHints, type LiveHintAction } from '../../lib/live-sale';
import { registerGate } from '../../lib/register-view';
import { selectedSale, useHistory } from '../history/history-store';
import { canShowAgain } from '../../lib/sale-coming-back';
import { canRefund } from '../../lib/sale-status';
import { useManagerApproval } from '../register/manager-approval-store';
import { useRegister } from '../register/register-store';
import { useSale } from '../sale/sale-store';
import { isSandboxMode, useSettings } from '../settings/settings-store';
import { useStatus } from './status-store';

export type Hint = readonly [key: string, label: ParseKeys];

/** The status bar's words for each key of the live sale screen (see lib/live-sale). */
const LIVE_HINT_LABELS: Record<LiveHintAction, ParseKeys> = {
  copy: 'statusBar.hintCopy',
  cancel: 'statusBar.hintCancel',
  simulate: 'statusBar.hintSimulate',
  showedReceipt: 'statusBar.hintShowedReceipt',
  newSale: 'statusBar.hintNewSale',
  nextAmount: 'statusBar.hintNextAmount',
  receipt: 'statusBar.hintReceipt',
};

export function useScreenHints(): readonly Hint[] {
  const screen = useNavigation((state) => state.screen);
  const liveSale = useSale((state) => (state.phase === 'live' ? (state.live?.sale ?? null) : null));
  const sandbox = useSettings((state) => isSandboxMode(state.settings));
  const confirmingSwitch = useSettings((state) => state.confirmingSwitch);
  const offline = useStatus((state) => isOffline(state.status));
  // D and C are listed only when they do something for the selected sale: a refund while money is
  // left to return, a receipt once it was paid (a cancelled or expired sale has neither).
  const selectionKeys = {
    refund: useHistory((state) => {
      const sale = selectedSale(state);
      return sale !== null && canRefund(sale);
    }),
    receipt: useHistory((state) => Boolean(selectedSale(state)?.endToEndId)),
  };
  // A waiting sale's keys are Q (its QR again) and X (cancel it), not D and C (see WaitingSaleActions).
  const selectedWaiting = useHistory((state) => {
    const sale = selectedSale(state);
    return sale !== null && canShowAgain(sale);
  });
  const refunding = useHistory((state) => state.refunding);
  const refundConfirming = useHistory((state) => state.refundConfirming);
  const historyView = useHistory((state) => state.view);
  const choosingDays = useHistory((state) => state.choosingDays);
  const reviewConfirming = useHistory((state) => state.reviewConfirming);
  const askingPin = useManagerApproval((state) => state.pending !== null);
  const register = useRegister((state) => state.register);
  const justClosed = useRegister((state) => state.justClosed !== null);
  const gate = registerGate(register);
  const hasPrinter = useSettings((state) => Boolean(state.settings?.paperPrinter?.address));

  if (askingPin) {
    return [
      ['Enter', 'register.pin.confirm'],
      ['Esc', 'register.pin.cancel'],
    ];
  }
  // The register's steps, on their screen (F7) and on the sale screen until selling is allowed.
  if (screen === 'register' && justClosed) return [['S', 'receipt.save']];
  if (screen === 'register' || (screen === 'sale' && !liveSale && gate !== 'sell')) {
    if (gate === 'signIn') return [['Enter', 'register.signIn.submit']];
    if (gate === 'openRegister') return [['Enter', 'register.open.submit']];
    if (screen === 'register') {
      const hints: Hint[] = register?.setUp ? [['Enter', 'register.close.submit']] : [];
      // G opens the drawer where CashDrawerButton shows: selling allowed, a receipt printer set.
      if (gate === 'sell' && hasPrinter) hints.push(['G', 'register.drawer.open']);
      return hints;
    }
  }

  if (screen === 'settings') {
    if (confirmingSwitch) {
      return [
        ['Enter', 'statusBar.hintConfirm'],
        ['Esc', 'statusBar.hintBack'],
      ];
    }
    return [['Ctrl+S', 'settings.save']];
  }
  if (screen === 'history' && refunding) {
    return [
      ['Enter', refundConfirming ? 'statusBar.hintConfirm' : 'statusBar.hintContinue'],
      ['Esc', 'statusBar.hintBack'],
    ];
  }
  if (screen === 'history' && historyView === 'day' && choosingDays) {
    return [
      ['Enter', 'history.showDays'],
      ['Esc', 'history.cancelDays'],
    ];
  }
  if (screen === 'history' && historyView === 'review') {
    if (reviewConfirming) {
      return [
        ['Enter', 'statusBar.hintConfirm'],
        ['Esc', 'statusBar.hintBack'],
      ];
    }
    return [
      ['↑↓', 'history.pick'],
      ['O', 'statusBar.hintDayTab'],
    ];
  }
  if (screen === 'history') {
    const hints: Hint[] = [
      ['/', 'history.search'],
      ['↑↓', 'history.pick'],
    ];
    if (selectedWaiting) hints.push(['Q', 'detail.showQr'], ['X', 'detail.cancelSale']);
    else {
      if (selectionKeys.refund) hints.push(['D', 'detail.refund']);
      if (selectionKeys.receipt) hints.push(['C', 'detail.receipt']);
    }
    hints.push(['O', 'statusBar.hintReviewTab']);
    // Past days and the export (HistoryDays.tsx); P, H are on their buttons.
    hints.push(['E', 'history.exportCsv'], ['A', 'history.previousDay'], ['I', 'history.chooseDays']);
    return hints;
  }
  if (liveSale) {
    return liveKeyHints(liveSale, { sandbox, offline }).map(
      ([key, action]) => [key, LIVE_HINT_LABELS[action]] as const,
    );
  }
  return [
    ['Enter', 'sale.charge'],
    ['F3', 'sale.comment'],
    ['F4', 'sale.customer'],
  ];
}
