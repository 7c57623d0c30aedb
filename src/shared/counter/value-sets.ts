// The counter's closed value sets, each declared once. The zod enums the method table checks with
// are made from these lists (counter-schemas.ts) and the TypeScript types come from those enums
// (counter-api.ts). The lists live here, apart from zod, because the renderer needs some of them at
// run time (the layouts a receipt offers, the modes of the settings) and must not bundle zod to
// get them. Dependency-free.

export const COUNTER_MODES = ['embedded', 'remote-sandbox', 'production'] as const;
/** The modes that talk to a service over HTTP (a base URL and an AppID). */
export const REMOTE_MODES = [
  'remote-sandbox',
  'production',
] as const satisfies readonly (typeof COUNTER_MODES)[number][];

export const SALE_STATUSES = ['PENDING', 'ACTIVE', 'OFFLINE', 'COMPLETED', 'EXPIRED', 'CANCELLED', 'REJECTED'] as const;
export const REFUND_STATUSES = ['QUEUED', 'IN_PROCESSING', 'CONFIRMED', 'REJECTED'] as const;
export const RECEIPT_KINDS = ['pix-in', 'pix-refund'] as const;
export const RECEIPT_LAYOUTS = ['thermal80', 'a4'] as const;
export const COUNTER_LOCALES = ['pt-BR', 'en'] as const;
export const OPERATOR_ROLES = ['CASHIER', 'MANAGER'] as const;

export const OFFLINE_SALE_STATES = [
  'AWAITING',
  'CONFIRMED',
  'REVIEW',
  'CONFIRMED_BY_OWNER',
  'UNPAID_BY_OWNER',
] as const;
export const OFFLINE_REVIEW_REASONS = [
  'AMBIGUOUS',
  'UNDERPAID',
  'OVERPAID',
  'DOUBLE_PAID',
  'NO_PAYMENT',
  'LATE',
  'CANCELLED_PAID',
] as const;
export const OFFLINE_DECISIONS = ['paid', 'unpaid', 'acknowledged'] as const;
export const OFFLINE_MATCHES = ['txid', 'value'] as const;

export const COUNTER_CONNECTIONS = ['online', 'offline', 'syncing'] as const;
export const APP_ID_STORAGES = ['keychain', 'file', 'memory'] as const;
export const CONNECTION_PROBLEMS = [
  'unreachable',
  'wrong-path',
  'refused-app-id',
  'missing-scopes',
  'unexpected',
] as const;
export const COUNTER_FEATURES = ['selling', 'cancel', 'refunds', 'offline', 'receipts'] as const;

/** True for the remote modes (see REMOTE_MODES). */
export function isRemoteMode(mode: (typeof COUNTER_MODES)[number]): boolean {
  return (REMOTE_MODES as readonly string[]).includes(mode);
}
