// FEBRABAN's rules for a bank boleto (cobrança), checked independently of the sandbox's own
// validator: the 44-digit barcode's general check digit (mod 11) and the 47-digit digitable line
// rebuilt from the barcode, field by field, with its mod 10 check digits. A plugin prints both,
// so they must be the same boleto.

const digits = (text: string) => text.replace(/[\s.]/g, '');

function mod10(field: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = field.length - 1; i >= 0; i--) {
    const product = Number(field[i]) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

function barcodeCheckDigit(withoutDigit: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = withoutDigit.length - 1; i >= 0; i--) {
    sum += Number(withoutDigit[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const digit = 11 - (sum % 11);
  return digit === 0 || digit === 10 || digit === 11 ? 1 : digit;
}

/** The problems with a barcode/digitable pair (empty when it is a valid boleto). */
export function boletoProblems(barcode: string, digitable: string): string[] {
  const problems: string[] = [];
  if (!/^\d{44}$/.test(barcode)) return [`barcode ${JSON.stringify(barcode)} is not 44 digits`];
  const line = digits(digitable);
  if (!/^\d{47}$/.test(line)) return [`digitable line ${JSON.stringify(digitable)} is not 47 digits`];
  const general = Number(barcode[4]);
  if (barcodeCheckDigit(barcode.slice(0, 4) + barcode.slice(5)) !== general)
    problems.push('the barcode check digit is wrong');
  const free = barcode.slice(19);
  const field1 = barcode.slice(0, 4) + free.slice(0, 5);
  const field2 = free.slice(5, 15);
  const field3 = free.slice(15, 25);
  const expected = `${field1}${mod10(field1)}${field2}${mod10(field2)}${field3}${mod10(field3)}${general}${barcode.slice(5, 19)}`;
  if (line !== expected) problems.push(`the digitable line ${line} is not the barcode's (${expected})`);
  return problems;
}

/** The amount a bank boleto's barcode asks for, in cents. */
export const boletoAmount = (barcode: string) => Number(barcode.slice(9, 19));
