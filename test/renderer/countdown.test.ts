import { describe, expect, it } from 'vitest';
import { formatCountdown, isRunningOut, secondsUntil } from '#renderer/lib/countdown';

describe('expiry countdown', () => {
  const now = Date.parse('2025-11-22T15:00:00.000Z');

  it('counts whole seconds, rounding up so 00:00 means expired', () => {
    expect(secondsUntil('2025-11-22T15:15:00.000Z', now)).toBe(900);
    expect(secondsUntil('2025-11-22T15:00:00.200Z', now)).toBe(1);
    expect(secondsUntil('2025-11-22T14:59:59.000Z', now)).toBe(0);
    expect(secondsUntil('not a date', now)).toBe(0);
  });

  it('formats mm:ss, and h:mm:ss from an hour up', () => {
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(125)).toBe('02:05');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-3)).toBe('00:00');
    expect(formatCountdown(3725)).toBe('1:02:05');
  });

  it('hurries only in the last minute', () => {
    expect(isRunningOut(61)).toBe(false);
    expect(isRunningOut(60)).toBe(true);
    expect(isRunningOut(0)).toBe(false);
  });
});
