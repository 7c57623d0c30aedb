// What the status bar says about the link to the Pix service: online, offline since when, or
// syncing; how many commands wait in the outbox (for this service and for another one used
// before); whether the service refused the AppID; and the offline sales not confirmed yet (always
// while offline), those waiting for the owner, and why offline selling is not possible now. Pure and DOM-free: tested in Node; the
// status bar only turns each item into text.
import type {
  OfflineKeyProblem,
  OfflineStatus,
  CounterConnection,
  CounterMode,
  CounterStatus,
} from '#shared/counter/counter-api';
import { shopNameToShow } from '#shared/lib/sandbox-shop-name';
import { formatTime } from './date-time';

/** The connection as the status says it; a status from before `connection` existed reads `online`. */
export function connectionOf(
  status: Pick<CounterStatus, 'online'> & Partial<Pick<CounterStatus, 'connection'>>,
): CounterConnection {
  return status.connection ?? (status.online ? 'online' : 'offline');
}

export function isOffline(
  status: (Pick<CounterStatus, 'online'> & Partial<Pick<CounterStatus, 'connection'>>) | null | undefined,
): boolean {
  return status ? connectionOf(status) === 'offline' : false;
}

export type StatusBarItem =
  /** `since` is the shop's HH:MM (São Paulo) when the link dropped, if known. */
  | { id: 'connection'; connection: CounterConnection | 'unknown'; since?: string }
  | { id: 'queued'; count: number }
  | { id: 'queuedElsewhere'; count: number }
  /** Offline sales not confirmed yet: count and total in cents. */
  | { id: 'offlineSales'; count: number; value: number }
  /** Why a sale cannot get an offline QR now (the main process's words). */
  | { id: 'offlineUnavailable'; reason: OfflineKeyProblem }
  /** Offline sales waiting in "Conferir pagamentos offline". */
  | { id: 'offlineReview'; count: number }
  | { id: 'authRefused'; reason: string }
  /** Receipts owed to the printer, and why the first did not print (a word of PAPER_PROBLEMS), if it said. */
  | { id: 'paper'; owed: number; problem?: PaperProblem }
  | { id: 'mode'; mode: CounterMode }
  | { id: 'notReady' }
  | { id: 'merchant'; name: string };

/**
 * The status bar's items, left to right. The connection and the queue always show (the queue
 * with its real count, 0 included, so nothing shifts when it moves). The offline sales not
 * confirmed yet always show while offline (0 included: the cashier sees the room being used),
 * and otherwise while there are any; why offline sales are not possible, only while offline;
 * the sales waiting for the owner whenever there are any. The other service's queue only when it
 * holds something; the AppID refusal before the mode, so a narrow window keeps it.
 */
/** Why the printer did not print, as the main process says it (counter-schemas' status.paper.problem). */
export const PAPER_PROBLEMS = [
  'paper-out',
  'cover-open',
  'offline',
  'unreachable',
  'no-answer',
  'not-a-printer',
  'interrupted',
] as const;
export type PaperProblem = (typeof PAPER_PROBLEMS)[number];

function paperProblemOf(problem: string | undefined): PaperProblem | undefined {
  return PAPER_PROBLEMS.find((known) => known === problem);
}

export function statusBarItems(status: CounterStatus | null, locale: string): StatusBarItem[] {
  if (!status)
    return [
      { id: 'connection', connection: 'unknown' },
      { id: 'queued', count: 0 },
    ];
  const connection = connectionOf(status);
  const items: StatusBarItem[] = [];
  const since = connection === 'offline' ? formatTime(status.offlineSince, locale) : '';
  items.push(since ? { id: 'connection', connection, since } : { id: 'connection', connection });
  items.push({ id: 'queued', count: safeCount(status.queued) });
  const offline = status.offline as OfflineStatus | undefined;
  const unconfirmed = safeCount(offline?.unconfirmedCount);
  if (connection === 'offline' || unconfirmed > 0) {
    items.push({ id: 'offlineSales', count: unconfirmed, value: safeCount(offline?.unconfirmedValue) });
  }
  const unavailable = offline?.unavailable;
  if (connection === 'offline' && unavailable) items.push({ id: 'offlineUnavailable', reason: unavailable });
  if (safeCount(offline?.reviewCount) > 0) items.push({ id: 'offlineReview', count: safeCount(offline?.reviewCount) });
  if (safeCount(status.queuedElsewhere) > 0)
    items.push({ id: 'queuedElsewhere', count: safeCount(status.queuedElsewhere) });
  // The printer only when it owes paper: a printer that keeps up says nothing.
  const owed = safeCount(status.paper?.owed);
  if (owed > 0) {
    const problem = paperProblemOf(status.paper?.problem);
    items.push(problem ? { id: 'paper', owed, problem } : { id: 'paper', owed });
  }
  const refused = status.authRefused?.trim();
  if (refused !== undefined) items.push({ id: 'authRefused', reason: refused });
  items.push({ id: 'mode', mode: status.mode });
  if (!status.ready) items.push({ id: 'notReady' });
  // The sandbox's placeholder name is no shop's: "Modo treino" already says what it is.
  const shopName = shopNameToShow(status.merchantName);
  if (shopName) items.push({ id: 'merchant', name: shopName });
  return items;
}

function safeCount(value: number | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}
