import { describe, expect, it } from 'vitest';
import {
  centsEntryReducer,
  centsFromText,
  emptyEntry,
  MAX_CENTS,
  presetEntry,
  type CentsEntry,
  type CentsEntryAction,
} from '#renderer/lib/cents-entry';

function run(start: CentsEntry, ...actions: CentsEntryAction[]): CentsEntry {
  return actions.reduce(centsEntryReducer, start);
}

const digits = (text: string): CentsEntryAction[] => [...text].map((digit) => ({ type: 'digit', digit }));

describe('cents entry (digits build cents)', () => {
  it('typing 1, 2, 3, 4 gives 1234 cents (R$ 12,34)', () => {
    const steps: number[] = [];
    let state = emptyEntry;
    for (const action of digits('1234')) {
      state = centsEntryReducer(state, action);
      steps.push(state.cents);
    }
    expect(steps).toEqual([1, 12, 123, 1234]);
  });

  it('leading zeros do not count and 00 appends two zeros', () => {
    expect(run(emptyEntry, ...digits('0005')).cents).toBe(5);
    expect(run(emptyEntry, { type: 'digit', digit: '5' }, { type: 'digit', digit: '00' }).cents).toBe(500);
  });

  it('backspace removes the last digit; clear empties', () => {
    expect(run(emptyEntry, ...digits('1234'), { type: 'backspace' }).cents).toBe(123);
    expect(run(emptyEntry, { type: 'backspace' }).cents).toBe(0);
    expect(run(emptyEntry, ...digits('99'), { type: 'clear' })).toEqual(emptyEntry);
  });

  it('ignores anything that is not a digit', () => {
    expect(run(emptyEntry, ...digits('12'), { type: 'digit', digit: ',' }, { type: 'digit', digit: 'a' }).cents).toBe(
      12,
    );
  });

  it('never goes past the largest amount the service accepts', () => {
    const full = run(emptyEntry, ...digits('99999999999'));
    expect(full.cents).toBe(MAX_CENTS);
    expect(run(full, { type: 'digit', digit: '9' }).cents).toBe(MAX_CENTS);
    expect(run(full, { type: 'digit', digit: '00' }).cents).toBe(MAX_CENTS);
  });

  it('a preset (refund default) is replaced by the first digit, then digits append', () => {
    const preset = presetEntry(1234);
    expect(preset).toEqual({ cents: 1234, pristine: true });
    expect(run(preset, ...digits('500')).cents).toBe(500);
    expect(run(preset, { type: 'backspace' })).toEqual({ cents: 123, pristine: false });
  });

  it('text input (paste, fill) keeps only the digits', () => {
    expect(centsFromText('R$ 12,34')).toBe(1234);
    expect(centsFromText('1.234,56')).toBe(123456);
    expect(centsFromText('abc')).toBe(0);
    expect(centsFromText('000')).toBe(0);
    expect(centsFromText('9'.repeat(30))).toBe(MAX_CENTS);
    expect(run(presetEntry(999), { type: 'text', text: '5,00' })).toEqual({ cents: 500, pristine: false });
  });
});
