import { describe, expect, it } from 'vitest';
import { MAX_RANGE_DAYS, longestRangeEnd, salesRange } from '#counter/app/sales-range';
import { CounterError } from '#shared/counter/counter-errors';

const now = new Date('2026-11-25T01:00:00.000Z'); // 22:00 on the 24th in São Paulo

describe('salesRange', () => {
  it('is São Paulo today when nothing is asked', () => {
    expect(salesRange({}, now)).toEqual({
      from: '2026-11-24',
      to: '2026-11-24',
      start: '2026-11-24T03:00:00.000Z',
      end: '2026-11-25T02:59:59.999Z',
    });
  });

  it('is one day for {day}', () => {
    expect(salesRange({ day: '2026-11-20' }, now)).toMatchObject({
      from: '2026-11-20',
      to: '2026-11-20',
      start: '2026-11-20T03:00:00.000Z',
    });
  });

  it('spans from the first instant of `from` to the last of `to`', () => {
    expect(salesRange({ from: '2026-11-01', to: '2026-11-24' }, now)).toEqual({
      from: '2026-11-01',
      to: '2026-11-24',
      start: '2026-11-01T03:00:00.000Z',
      end: '2026-11-25T02:59:59.999Z',
    });
  });

  it(`accepts ${MAX_RANGE_DAYS} days and refuses one more, in pt-BR`, () => {
    const last = longestRangeEnd('2026-01-01');
    expect(last).toBe('2026-04-02');
    expect(salesRange({ from: '2026-01-01', to: last }, now).to).toBe(last);
    const refusal = (() => {
      try {
        salesRange({ from: '2026-01-01', to: '2026-04-03' }, now);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refusal).toBeInstanceOf(CounterError);
    expect(refusal).toMatchObject({ code: 'RANGE_TOO_LONG', details: { maxDays: 92, days: 93 } });
    expect((refusal as CounterError).message).toBe('Escolha um período de até 92 dias (o pedido tinha 93 dias)');
  });

  it('refuses days that do not exist and backwards ranges', () => {
    expect(() => salesRange({ day: '2026-02-30' }, now)).toThrow(
      expect.objectContaining({ code: 'INVALID_DAY', details: { day: '2026-02-30' } }),
    );
    expect(() => salesRange({ from: '2026-11-24', to: '2026-11-01' }, now)).toThrow(
      expect.objectContaining({ code: 'DAYS_REVERSED' }),
    );
  });
});
