import { describe, expect, it } from 'vitest';
import { formatReceiptTime, parseReceiptTime } from '#lib/receipts/receipt-time';

describe('formatReceiptTime', () => {
  it('prints São Paulo time as dd/mm/aaaa hh:mm:ss', () => {
    expect(formatReceiptTime('2025-03-15T14:05:09.000Z', 'pt-BR')).toBe('15/03/2025 11:05:09');
    expect(formatReceiptTime('2025-01-01T02:30:00Z', 'pt-BR')).toBe('31/12/2024 23:30:00');
    expect(formatReceiptTime('2025-03-15T11:05:09-03:00', 'pt-BR')).toBe('15/03/2025 11:05:09');
  });

  it('uses 00 for midnight, not 24', () => {
    expect(formatReceiptTime('2025-03-15T03:00:00Z', 'pt-BR')).toBe('15/03/2025 00:00:00');
  });

  it('follows the old daylight saving time', () => {
    expect(formatReceiptTime('2018-12-01T12:00:00Z', 'pt-BR')).toBe('01/12/2018 10:00:00');
  });

  it('reads a time without offset as UTC', () => {
    expect(formatReceiptTime('2025-03-15T14:05:09', 'pt-BR')).toBe('15/03/2025 11:05:09');
    expect(parseReceiptTime('2025-03-15T14:05')?.toISOString()).toBe('2025-03-15T14:05:00.000Z');
  });

  it('has an English form', () => {
    expect(formatReceiptTime('2025-03-15T14:05:09Z', 'en')).toBe('15 Mar 2025, 11:05:09');
  });

  it('prints an unreadable time as given', () => {
    expect(parseReceiptTime('ontem')).toBeNull();
    expect(formatReceiptTime('ontem', 'pt-BR')).toBe('ontem');
  });
});
