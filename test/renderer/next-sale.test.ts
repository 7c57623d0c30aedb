import { describe, expect, it } from 'vitest';
import type { SaleStatus } from '#shared/counter/counter-api';
import { isWaitingStatus } from '#shared/counter/waiting-sale';
import { centsEntryReducer, emptyEntry, type CentsEntry } from '#renderer/lib/cents-entry';
import {
  DIGIT_KEYS,
  displayHoldMs,
  outcomeKey,
  PAID_HOLD_MS,
  saleIsOver,
  typeAheadKey,
  type SaleScreenState,
} from '#renderer/lib/next-sale';

/** What the new entry reads after the first key on the outcome screen and the rest typed in it. */
function typedAfterOutcome(keys: string): number {
  const [first, ...rest] = [...keys];
  const result = outcomeKey('COMPLETED', first!);
  if (result?.action !== 'next-sale') throw new Error(`"${first}" did not start a sale`);
  return rest.reduce<CentsEntry>((entry, digit) => centsEntryReducer(entry, { type: 'digit', digit }), result.entry)
    .cents;
}

describe('starting the next sale from the outcome screen', () => {
  it('a digit on "Pago" starts the next sale with that digit already typed', () => {
    expect(outcomeKey('COMPLETED', '7')).toEqual({ action: 'next-sale', entry: { cents: 7, pristine: false } });
    // The queue flow: Pago, then 1 2 3 4 reads R$ 12,34 on the new entry.
    expect(typedAfterOutcome('1234')).toBe(1234);
  });

  it('every digit key works, also on "Expirada"; 0 starts an empty amount', () => {
    for (const digit of DIGIT_KEYS) {
      expect(outcomeKey('COMPLETED', digit)).toEqual({
        action: 'next-sale',
        entry: { cents: Number(digit), pristine: false },
      });
      expect(outcomeKey('EXPIRED', digit)?.action).toBe('next-sale');
    }
    expect(outcomeKey('COMPLETED', '0')).toEqual({ action: 'next-sale', entry: { cents: 0, pristine: false } });
  });

  it('Enter and Esc start it empty', () => {
    for (const key of ['Enter', 'Escape']) {
      expect(outcomeKey('COMPLETED', key)).toEqual({ action: 'next-sale', entry: emptyEntry });
      expect(outcomeKey('EXPIRED', key)).toEqual({ action: 'next-sale', entry: emptyEntry });
    }
  });

  it('continues an amount typed ahead while the QR waited: 3, 2 before "Pago", 1, 4 after read R$ 32,14', () => {
    const typedWhileWaiting = [...'32'].reduce<CentsEntry>((entry, key) => typeAheadKey(entry, key)!, emptyEntry);
    expect(typedWhileWaiting).toEqual({ cents: 32, pristine: false });
    const first = outcomeKey('COMPLETED', '1', typedWhileWaiting);
    expect(first).toEqual({ action: 'next-sale', entry: { cents: 321, pristine: false } });
    if (first?.action !== 'next-sale') throw new Error('1 did not start the next sale');
    expect(centsEntryReducer(first.entry, { type: 'digit', digit: '4' }).cents).toBe(3214);
    // Enter keeps what was typed; Esc, as on the entry, clears it.
    expect(outcomeKey('EXPIRED', 'Enter', typedWhileWaiting)).toEqual({
      action: 'next-sale',
      entry: typedWhileWaiting,
    });
    expect(outcomeKey('COMPLETED', 'Escape', typedWhileWaiting)).toEqual({ action: 'next-sale', entry: emptyEntry });
  });

  it('C opens the receipt of a paid sale only; other keys do nothing', () => {
    expect(outcomeKey('COMPLETED', 'c')).toEqual({ action: 'receipt' });
    expect(outcomeKey('COMPLETED', 'C')).toEqual({ action: 'receipt' });
    expect(outcomeKey('EXPIRED', 'c')).toBeNull();
    for (const key of ['a', ',', '.', ' ', 'Backspace', 'Tab', 'F8', 'F2', '12', '']) {
      expect(outcomeKey('COMPLETED', key)).toBeNull();
    }
  });
});

describe('typing ahead while the QR waits', () => {
  it('digits build the next amount and Backspace corrects it; other keys are not for it', () => {
    let entry = emptyEntry;
    for (const key of ['1', '2', '3', 'Backspace', '4']) entry = typeAheadKey(entry, key)!;
    expect(entry).toEqual({ cents: 124, pristine: false });
    for (const key of ['c', 'Escape', 'Enter', 'F8', ',', 'a', '12']) expect(typeAheadKey(entry, key)).toBeNull();
  });
});

describe('F1 / "Nova venda": which sale on screen makes way for a new entry', () => {
  type Expected = 'start' | 'keep';
  // [what is on screen, online, syncing, offline]
  const table: Array<[SaleScreenState, Expected, Expected, Expected]> = [
    // Over: always makes way.
    [{ phase: 'live', status: 'COMPLETED' }, 'start', 'start', 'start'],
    [{ phase: 'live', status: 'EXPIRED' }, 'start', 'start', 'start'],
    [{ phase: 'live', status: 'CANCELLED' }, 'start', 'start', 'start'],
    [{ phase: 'live', status: 'REJECTED' }, 'start', 'start', 'start'],
    // Still connecting: never traps the cashier; it keeps syncing in the history.
    [{ phase: 'live', status: 'PENDING' }, 'start', 'start', 'start'],
    // A QR waiting for its Pix stays while the counter can hear of the payment; offline it
    // makes way (it stays open in the history and is confirmed when the counter is back).
    [{ phase: 'live', status: 'ACTIVE' }, 'keep', 'keep', 'start'],
    // A QR made offline waits for the service's records, which may take long: always makes way
    // (F1), and stays "aguardando confirmação" in the history.
    [{ phase: 'live', status: 'OFFLINE' }, 'start', 'start', 'start'],
    // A sale being created, or an amount being typed, stays as it is.
    [{ phase: 'creating' }, 'keep', 'keep', 'keep'],
    [{ phase: 'entry' }, 'keep', 'keep', 'keep'],
  ];

  it.each(table)('%j → online %s, syncing %s, offline %s', (state, online, syncing, offline) => {
    expect(saleIsOver(state, 'online') ? 'start' : 'keep').toBe(online);
    expect(saleIsOver(state, 'syncing') ? 'start' : 'keep').toBe(syncing);
    expect(saleIsOver(state, 'offline') ? 'start' : 'keep').toBe(offline);
  });

  it('without a known status an ACTIVE QR is kept (the counter is not known to be offline)', () => {
    expect(saleIsOver({ phase: 'live', status: 'ACTIVE' })).toBe(false);
    expect(saleIsOver({ phase: 'live', status: 'PENDING' })).toBe(true);
  });

  it('waiting means PENDING, ACTIVE or OFFLINE, nothing else', () => {
    expect(
      ['PENDING', 'ACTIVE', 'OFFLINE', 'COMPLETED', 'EXPIRED', 'CANCELLED', 'REJECTED'].filter((status) =>
        isWaitingStatus(status as SaleStatus),
      ),
    ).toEqual(['PENDING', 'ACTIVE', 'OFFLINE']);
  });
});

describe('the Cancelada and Recusada screens start the next sale like Expirada', () => {
  it('digits continue the typed-ahead amount, Enter keeps it, Esc clears it, C does nothing', () => {
    const typed: CentsEntry = { cents: 32, pristine: false };
    for (const status of ['CANCELLED', 'REJECTED'] as const) {
      expect(outcomeKey(status, '1', typed)).toEqual({ action: 'next-sale', entry: { cents: 321, pristine: false } });
      expect(outcomeKey(status, 'Enter', typed)).toEqual({ action: 'next-sale', entry: typed });
      expect(outcomeKey(status, 'Escape', typed)).toEqual({ action: 'next-sale', entry: emptyEntry });
      expect(outcomeKey(status, 'c', typed)).toBeNull();
    }
  });
});

describe('the customer display after "Pago"', () => {
  it('keeps "Pago" a moment when the cashier moves on to an empty entry', () => {
    expect(displayHoldMs({ status: 'COMPLETED' }, null)).toBe(PAID_HOLD_MS);
    expect(PAID_HOLD_MS).toBeGreaterThanOrEqual(2000);
  });

  it('shows a new charge, an update or the idle screen at once otherwise', () => {
    expect(displayHoldMs({ status: 'COMPLETED' }, { status: 'ACTIVE' })).toBe(0);
    expect(displayHoldMs({ status: 'COMPLETED' }, { status: 'COMPLETED' })).toBe(0);
    expect(displayHoldMs({ status: 'EXPIRED' }, null)).toBe(0);
    expect(displayHoldMs({ status: 'ACTIVE' }, null)).toBe(0);
    expect(displayHoldMs(null, null)).toBe(0);
    expect(displayHoldMs(null, { status: 'ACTIVE' })).toBe(0);
  });
});
