// A sale's number in its register session as everything prints it: "0042", four digits at least
// (the 12345th sale of a session is "12345"). The receipt, the register's report, the CSV export
// and the screens all write it through here; each adds its own word ("Venda", "Sale") around it.

/** "0042"; undefined for a sale without a number (made before the register was set up). */
export function saleNumberText(number: number | undefined): string | undefined {
  if (number === undefined || !Number.isInteger(number) || number <= 0) return undefined;
  return String(number).padStart(4, '0');
}
