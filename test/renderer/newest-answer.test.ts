// Answers to the same question kept only when newest: one that arrives late, from a question asked
// before another already shown, never puts back a register that is no longer so.
import { describe, expect, it } from 'vitest';
import { newestAnswer } from '../../src/renderer/src/lib/newest-answer';

describe('newestAnswer', () => {
  it('keeps the later question’s answer when the earlier one arrives after it', () => {
    const answers = newestAnswer();
    const first = answers.ask();
    const second = answers.ask();
    expect(answers.isNewest(second)).toBe(true);
    expect(answers.isNewest(first)).toBe(false);
  });

  it('keeps a call’s own answer over a question asked before it, and shows one asked after', () => {
    const answers = newestAnswer();
    const before = answers.ask();
    answers.shownNow();
    const after = answers.ask();
    expect(answers.isNewest(before)).toBe(false);
    expect(answers.isNewest(after)).toBe(true);
  });

  it('shows answers that arrive in order, and each answer once', () => {
    const answers = newestAnswer();
    const first = answers.ask();
    expect(answers.isNewest(first)).toBe(true);
    const second = answers.ask();
    expect(answers.isNewest(second)).toBe(true);
    expect(answers.isNewest(second)).toBe(false);
  });
});
