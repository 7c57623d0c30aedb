// The shop's header on everything the counter prints (a sale's receipt, the register's report):
// the settings' title, or the merchant name when the owner wrote none, over the lines the owner
// wrote, blank ones left out.
import type { Settings } from './counter-api';

export interface ShopHeader {
  title: string;
  lines: string[];
}

export function shopHeader(settings: Pick<Settings, 'receiptHeader' | 'merchantName'>): ShopHeader {
  return {
    title: settings.receiptHeader.title?.trim() || settings.merchantName,
    lines: settings.receiptHeader.lines.filter((line) => line.trim() !== ''),
  };
}
