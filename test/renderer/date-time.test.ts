import { describe, expect, it } from 'vitest';
import { formatDate, formatMoment, formatTime } from '#renderer/lib/date-time';

describe('renderer date and time', () => {
  it('shows São Paulo’s time, with 00 at midnight', () => {
    expect(formatTime('2026-12-11T02:30:00Z', 'pt-BR')).toBe('23:30');
    expect(formatTime('2026-12-11T03:05:00Z', 'en')).toBe('00:05');
    expect(formatTime(undefined, 'pt-BR')).toBe('');
    expect(formatTime('ontem', 'pt-BR')).toBe('');
  });

  it('shows São Paulo’s day, New Year’s Eve until 03:00 UTC', () => {
    expect(formatDate(new Date('2027-01-01T02:59:00Z'), 'pt-BR')).toBe('31/12/2026');
    expect(formatDate(new Date('2027-01-01T03:00:00Z'), 'en')).toBe('01/01/2027');
  });

  it('names the day of a time that is not today’s (São Paulo’s day, not UTC’s)', () => {
    expect(formatMoment('2026-12-11T02:30:00Z', 'pt-BR', '2026-12-10')).toBe('23:30');
    expect(formatMoment('2026-12-11T02:30:00Z', 'pt-BR', '2026-12-11')).toBe('23:30 · 10/12/2026');
    expect(formatMoment('2026-12-11T02:30:00Z', 'pt-BR', null)).toBe('23:30 · 10/12/2026');
    expect(formatMoment(undefined, 'pt-BR', '2026-12-10')).toBe('');
  });
});
