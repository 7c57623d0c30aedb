import { describe, expect, it } from 'vitest';
import { clockFromEnv } from '#counter/app/clock-offset-env';
import { systemClock } from '#lib/clock';

describe('BALCAO_CLOCK_OFFSET_MS', () => {
  it('is the system clock when unset, empty or 0', () => {
    expect(clockFromEnv({})).toBe(systemClock);
    expect(clockFromEnv({ BALCAO_CLOCK_OFFSET_MS: ' ' })).toBe(systemClock);
    expect(clockFromEnv({ BALCAO_CLOCK_OFFSET_MS: '0' })).toBe(systemClock);
  });

  it('moves the clock by the offset, either way', () => {
    const day = 86_400_000;
    for (const offset of [day, -day]) {
      const before = Date.now();
      const now = clockFromEnv({ BALCAO_CLOCK_OFFSET_MS: String(offset) })
        .now()
        .getTime();
      expect(now - offset).toBeGreaterThanOrEqual(before);
      expect(now - offset).toBeLessThanOrEqual(Date.now());
    }
  });

  it.each(['1d', '86400000.5', '1e3', 'abc', '99999999999999'])('stops the start on %j, saying why', (text) => {
    expect(() => clockFromEnv({ BALCAO_CLOCK_OFFSET_MS: text })).toThrow(/^BALCAO_CLOCK_OFFSET_MS must be/);
  });
});
