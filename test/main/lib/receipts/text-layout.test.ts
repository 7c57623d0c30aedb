import { describe, expect, it } from 'vitest';
import { breakWord, breakWordEvenly, limitLines, wrapText } from '#lib/receipts/text-layout';

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

  it('breaks a long word in text at a separator where it can', () => {
    expect(wrapText('pedido balcao-1234-5678', measure, 14)).toEqual(['pedido', 'balcao-1234', '-5678']);
  });

  it('makes progress even when a character is wider than the line', () => {
    expect(breakWord('abc', measure, 0.5)).toEqual(['a', 'b', 'c']);
  });
});

describe('breakWord', () => {
  it('breaks at a separator that fits rather than inside a segment', () => {
    // A hyphen starts the next line: at the end of one, PDF readers take it for hyphenation.
    expect(breakWord('abcd-efgh-ij', measure, 8)).toEqual(['abcd', '-efgh-ij']);
    expect(breakWord('abcdefg-hij', measure, 7)).toEqual(['abcdefg', '-hij']);
    expect(breakWord('loja.example/pedido/42', measure, 14)).toEqual(['loja.example/', 'pedido/42']);
    expect(breakWord('v1.2.3.4.5.6', measure, 7)).toEqual(['v1.2.3.', '4.5.6']);
  });

  it('cuts between characters when no separator fits', () => {
    expect(breakWord('abcdefghij-kl', measure, 6)).toEqual(['abcdef', 'ghij', '-kl']);
    expect(breakWord('E1823612020250315', measure, 6)).toEqual(['E18236', '120202', '50315']);
  });

  it('passes over a separator that would leave the line mostly empty', () => {
    expect(breakWord('ab-cdefghijkl', measure, 8)).toEqual(['ab-cdefg', 'hijkl']);
  });

  it('never takes more lines for the sake of a separator', () => {
    // After "abcde-" the rest (14) would need two more lines; cut anywhere it needs two in all.
    expect(breakWord('abcde-fghijklmnopqrs', measure, 10)).toEqual(['abcde-fghi', 'jklmnopqrs']);
  });

  it('returns one empty piece for an empty word', () => {
    expect(breakWord('', measure, 5)).toEqual(['']);
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

  it("keeps a sale's correlationID in whole UUID segments on an 80 mm line (42 Courier characters)", () => {
    const correlationID = 'balcao-7f3c2a9e-1b4d-4e8f-9a21-0c5d6e7f8a9b';
    const lines = breakWordEvenly(correlationID, measure, 42);
    expect(lines).toEqual(['balcao-7f3c2a9e-1b4d', '-4e8f-9a21-0c5d6e7f8a9b']);
    expect(lines.join('')).toBe(correlationID);
  });
});
