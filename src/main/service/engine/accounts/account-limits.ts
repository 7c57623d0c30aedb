import { z } from 'zod';
import { addDays } from '#shared/lib/calendar-day';
import { saoPauloDate, saoPauloInstant } from '#shared/lib/sao-paulo-time';

/**
 * The public fields of an account's limits (service-spec.md, "Limits"): money in cents, and the
 * São Paulo times of day that start the day and the night periods.
 */
export const accountLimitsSchema = z.strictObject({
  pixDayLimit: z.number().int(),
  pixNightLimit: z.number().int(),
  pixOutSameHolderDayLimit: z.number().int(),
  pixOutDifferentHolderDayLimit: z.number().int(),
  pixOutSameHolderNightLimit: z.number().int(),
  pixOutDifferentHolderNightLimit: z.number().int(),
  pixInSameHolderDayLimit: z.number().int(),
  pixInDifferentHolderDayLimit: z.number().int(),
  pixInSameHolderNightLimit: z.number().int(),
  pixInDifferentHolderNightLimit: z.number().int(),
  boletoEmissionLimit: z.number().int(),
  boletoMaximumValueLimit: z.number().int(),
  dayStartAt: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  nightStartAt: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
});
export type AccountLimits = z.infer<typeof accountLimitsSchema>;

/**
 * A sandbox company account's limits when none are set. Neither file gives values; these follow
 * the Central Bank's rule for companies (a night limit below the day limit, night from 20:00 to
 * 06:00) at amounts a small shop will not reach in the sandbox. `npm run serve` companies and the
 * tests may set their own (bank_accounts.limits).
 */
export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = {
  pixDayLimit: 5_000_000,
  pixNightLimit: 1_000_000,
  pixOutSameHolderDayLimit: 5_000_000,
  pixOutDifferentHolderDayLimit: 5_000_000,
  pixOutSameHolderNightLimit: 1_000_000,
  pixOutDifferentHolderNightLimit: 1_000_000,
  pixInSameHolderDayLimit: 5_000_000,
  pixInDifferentHolderDayLimit: 5_000_000,
  pixInSameHolderNightLimit: 1_000_000,
  pixInDifferentHolderNightLimit: 1_000_000,
  boletoEmissionLimit: 1_000,
  boletoMaximumValueLimit: 5_000_000,
  dayStartAt: '06:00',
  nightStartAt: '20:00',
};

/**
 * The account's limits: each stored field that is well formed, the default for the others. The
 * column is written by operators (and tests), not through the API, so a bad field must not turn
 * every withdrawal and payment of the account into a 500.
 */
export function accountLimitsOf(stored: string | null): AccountLimits {
  if (stored === null) return DEFAULT_ACCOUNT_LIMITS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return DEFAULT_ACCOUNT_LIMITS;
  }
  if (typeof parsed !== 'object' || parsed === null) return DEFAULT_ACCOUNT_LIMITS;
  const limits: Record<string, unknown> = { ...DEFAULT_ACCOUNT_LIMITS };
  for (const [field, schema] of Object.entries(accountLimitsSchema.shape)) {
    const value = (parsed as Record<string, unknown>)[field];
    if (value !== undefined && schema.safeParse(value).success) limits[field] = value;
  }
  return limits as AccountLimits;
}

export interface LimitPeriod {
  kind: 'day' | 'night';
  /** The period's first instant (ISO, included) and the next period's (excluded). */
  start: string;
  end: string;
}

/**
 * The period `at` falls in, in São Paulo time: the day runs from dayStartAt to nightStartAt, the
 * night from nightStartAt to the next dayStartAt (across midnight when dayStartAt < nightStartAt,
 * the usual case). A Pix out counts against the period in which it was approved.
 */
export function limitPeriodAt(limits: Pick<AccountLimits, 'dayStartAt' | 'nightStartAt'>, at: Date): LimitPeriod {
  const today = saoPauloDate(at);
  const instant = (day: string, time: string) => saoPauloInstant(day, time).getTime();
  const t = at.getTime();
  // The boundaries around `at`, yesterday's to tomorrow's, in time order; `at` lies between two.
  const boundaries = [addDays(today, -1), today, addDays(today, 1)]
    .flatMap((day) => [
      { kind: 'day' as const, at: instant(day, limits.dayStartAt) },
      { kind: 'night' as const, at: instant(day, limits.nightStartAt) },
    ])
    .sort((a, b) => a.at - b.at);
  for (let i = boundaries.length - 2; i >= 0; i--) {
    if (boundaries[i]!.at <= t) {
      return {
        kind: boundaries[i]!.kind,
        start: new Date(boundaries[i]!.at).toISOString(),
        end: new Date(boundaries[i + 1]!.at).toISOString(),
      };
    }
  }
  throw new Error('limitPeriodAt: no period found');
}

export type Holder = 'same' | 'different';

/** Which limits bound a Pix out of `holder` in `period`: the account's overall one and the holder's. */
export function outLimitsFor(
  limits: AccountLimits,
  period: LimitPeriod['kind'],
  holder: Holder,
): { overall: number; holder: number } {
  if (period === 'day') {
    return {
      overall: limits.pixDayLimit,
      holder: holder === 'same' ? limits.pixOutSameHolderDayLimit : limits.pixOutDifferentHolderDayLimit,
    };
  }
  return {
    overall: limits.pixNightLimit,
    holder: holder === 'same' ? limits.pixOutSameHolderNightLimit : limits.pixOutDifferentHolderNightLimit,
  };
}
