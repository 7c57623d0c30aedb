// Which key an offline code may pay into. Offline, nothing can check the key at the moment of the
// sale, so it is checked before: whenever the counter is online it asks the service for its
// account's keys (GET /api/v1/pix-keys) and keeps the answer. The key is the settings' key or,
// when none is set, the account's default key; either way it must be one of the account's keys,
// or the customer's money would go to someone else's account.
import type { OfflineKeyProblem } from '#shared/counter/counter-api';
import type { ContractPixKey as PixKey } from '../remote/service-contract';
import { normalizePixKey, isPixKeyType } from '#lib/pix';

export type OfflineKeyDecision =
  { key: string; source: 'settings' | 'account-default' } | { problem: OfflineKeyProblem };

/** What the service said of its keys, as the counter's store keeps it. */
export type KnownPixKeys = { keys: PixKey[] } | { refused: string };

export function offlineKey(settingsKey: string | undefined, known: KnownPixKeys | undefined): OfflineKeyDecision {
  if (!known) return { problem: { reason: 'keyUnconfirmed' } };
  if ('refused' in known) return { problem: { reason: 'keysRefused', serviceError: known.refused } };
  if (settingsKey !== undefined) {
    const match = known.keys.find((candidate) => sameKey(candidate, settingsKey));
    if (!match) return { problem: { reason: 'keyNotInAccount', key: settingsKey } };
    return { key: match.key, source: 'settings' };
  }
  const fallback = known.keys.find((candidate) => candidate.isDefault);
  if (!fallback) return { problem: { reason: 'noDefaultKey' } };
  return { key: fallback.key, source: 'account-default' };
}

/** Both in DICT form; a key is compared in its own type's canonical spelling. */
function sameKey(account: PixKey, settingsKey: string): boolean {
  if (account.key === settingsKey) return true;
  const type = isPixKeyType(account.type) ? account.type : undefined;
  const normalized = normalizePixKey(settingsKey, type);
  return normalized !== null && normalized.key === account.key;
}
