import { describe, expect, it } from 'vitest';
import { breakWord, breakWordEvenly, limitLines, wrapText } from '../../../src/main/engine/receipts/text-layout';

// One point per character keeps the arithmetic obvious.
const measure = (text: string) => Array.from(text).length;

describe('wrapText', () => {
  it('fills lines up to the width', () => {
    expect(wrapText('aa bb cc dd', measure, 5)).toEqual(['aa bb', 'cc dd']);
    expect(wrapText('aa bb cc', measure, 4)).toEqual(['aa', 'bb', 'cc']);
  });

  it('breaks words longer than a line, never dropping characters', () => {
    expect(wrapText('E1823612020250315', measure, 6)).toEqual(['E18236', '120202', '50315']);
    expect(wrapText('ab cdefghij', measure, 4)).toEqual(['ab', 'cdef', 'ghij']);
  });

  it('keeps paragraphs, collapsing blank lines', () => {
    expect(wrapText('\n\na\n\n\nb\n\n', measure, 10)).toEqual(['a', '', 'b']);
  });

  it('does not break on a no-break space', () => {
    expect(wrapText('R$\u00a012,34 ok', measure, 8)).toEqual(['R$\u00a012,34', 'ok']);
  });

  it('returns one empty line for empty text', () => {
    expect(wrapText('   ', measure, 10)).toEqual(['']);
  });

  it('makes progress even when a character is wider than the line', () => {
    expect(breakWord('abc', measure, 0.5)).toEqual(['a', 'b', 'c']);
  });
});

describe('limitLines', () => {
  it('leaves short text alone', () => {
    expect(limitLines(['a', 'b'], 2, measure, 5)).toEqual(['a', 'b']);
  });

  it('ends the last kept line with an ellipsis that fits', () => {
    expect(limitLines(['abcde', 'fghij', 'k'], 2, measure, 5)).toEqual(['abcde', 'fghi…']);
  });
});

describe('breakWordEvenly', () => {
  it('cuts an id into even pieces, in as many lines as greedy breaking', () => {
    expect(breakWordEvenly('abcdefghijk', measure, 10)).toEqual(['abcdef', 'ghijk']);
    expect(breakWordEvenly('abcdefghijklmnopqrstu', measure, 10)).toEqual(['abcdefg', 'hijklmn', 'opqrstu']);
    expect(breakWordEvenly('abc', measure, 10)).toEqual(['abc']);
  });
});
