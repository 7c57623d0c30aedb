// An amount typed in the history's search box, read one way by the main process (which searches)
// and by the screen (which says how it read it: "buscando R$ 1.500,00"). Whole numbers are
// reais ("1500" is R$ 1.500,00: an owner looking for a sale thinks in reais, not in the cents the
// keypad builds); "12,34", "12.34", "1.234,56" and "R$ 12,34" carry their cents. "1.234" is not
// read as an amount: thousands or decimals, neither is safe to guess.

/** The amount in cents the text stands for, or null when it is not an amount. */
export function parseAmountSearch(text: string): number | null {
  const plain = text.trim().replace(/^R\$\s*/i, '');
  // Nine digits at most: R$ 999.999.999, inside the largest charge the service accepts.
  if (/^\d{1,9}$/.test(plain)) return Number(plain) * 100;
  const comma = /^(\d{1,3}(?:\.\d{3})+|\d{1,9}),(\d{1,2})$/.exec(plain);
  if (comma) return reaisToCents(comma[1]!.replaceAll('.', ''), comma[2]!);
  const dot = /^(\d{1,9})\.(\d{1,2})$/.exec(plain);
  if (dot) return reaisToCents(dot[1]!, dot[2]!);
  return null;
}

function reaisToCents(reais: string, fraction: string): number {
  return Number(reais) * 100 + Number(fraction.padEnd(2, '0'));
}
