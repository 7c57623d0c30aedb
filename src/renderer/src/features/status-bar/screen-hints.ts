// Which shortcuts the status bar lists: the ones that work on what is on screen right now.
import type { ParseKeys } from 'i18next';
import { useNavigation } from '../../app/navigation-store';
import { useHistory } from '../history/history-store';
import { useSale } from '../sale/sale-store';
import { isSandboxMode, useSettings } from '../settings/settings-store';

export type Hint = readonly [key: string, label: ParseKeys];

export function useScreenHints(): readonly Hint[] {
  const screen = useNavigation((state) => state.screen);
  const saleStatus = useSale((state) => (state.phase === 'live' ? (state.live?.sale.status ?? null) : null));
  const sandbox = useSettings((state) => isSandboxMode(state.settings));
  const hasSelection = useHistory((state) => state.selectedId !== null);
  const refunding = useHistory((state) => state.refunding);
  const refundConfirming = useHistory((state) => state.refundConfirming);

  if (screen === 'settings') return [['Ctrl+S', 'settings.save']];
  if (screen === 'history' && refunding) {
    return [
      ['Enter', refundConfirming ? 'statusBar.hintConfirm' : 'statusBar.hintContinue'],
      ['Esc', 'statusBar.hintBack'],
    ];
  }
  if (screen === 'history') {
    const hints: Hint[] = [
      ['/', 'history.search'],
      ['↑↓', 'history.pick'],
    ];
    if (hasSelection) hints.push(['D', 'detail.refund'], ['C', 'detail.receipt']);
    return hints;
  }
  if (saleStatus === 'ACTIVE') {
    const hints: Hint[] = [
      ['C', 'statusBar.hintCopy'],
      ['Esc', 'statusBar.hintCancel'],
    ];
    if (sandbox) hints.push(['F8', 'statusBar.hintSimulate']);
    return hints;
  }
  if (saleStatus === 'COMPLETED') {
    return [
      ['Enter', 'statusBar.hintNewSale'],
      ['0–9', 'statusBar.hintNextAmount'],
      ['C', 'statusBar.hintReceipt'],
    ];
  }
  if (saleStatus === 'EXPIRED') {
    return [
      ['Enter', 'statusBar.hintNewSale'],
      ['0–9', 'statusBar.hintNextAmount'],
    ];
  }
  return [
    ['Enter', 'sale.charge'],
    ['F3', 'sale.comment'],
    ['F4', 'sale.customer'],
  ];
}
