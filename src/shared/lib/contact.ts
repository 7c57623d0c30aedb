// Normalization of the contact fields a cashier types (or an integrator sends), so one person
// typed two ways is stored once and lookups by e-mail match. Shared: the engine validates with
// it, and the counter's customer form checks the same rules before sending (issue 13).

/** Separators people put inside phone numbers; anything else (letters, '#', 'ext') is refused. */
const PHONE_SEPARATORS = /[\s().-]/g;

export type PhoneResult = { ok: true; phone: string } | { ok: false; reason: string };

/**
 * A phone number in E.164 (`+5511987654321`). Without `+`, the number is read as Brazilian:
 * 10 or 11 digits with the area code (a leading trunk `0` is dropped), or 12–13 digits starting
 * with the country code 55, as the API's own examples write it ("5511999999999"). With `+`,
 * any country is accepted (8 to 15 digits); Brazilian numbers are then checked the same way.
 */
export function normalizePhone(input: string): PhoneResult {
  const compact = input.trim().replace(PHONE_SEPARATORS, '');
  const international = compact.startsWith('+');
  const digits = international ? compact.slice(1) : compact;
  if (!/^\d+$/.test(digits))
    return { ok: false, reason: 'phone must contain only digits, spaces, dashes, dots, parentheses and a leading +' };

  if (international) {
    if (digits.length < 8 || digits.length > 15 || digits.startsWith('0')) {
      return { ok: false, reason: 'phone must have 8 to 15 digits after the country code +' };
    }
    return digits.startsWith('55') ? brazilian(digits.slice(2)) : { ok: true, phone: `+${digits}` };
  }
  if (digits.length >= 12 && digits.startsWith('55')) return brazilian(digits.slice(2));
  return brazilian(digits.replace(/^0+/, ''));
}

/** A Brazilian national number: 2-digit area code (11–99, no zero digit) then 8 digits, or 9 starting with 9 (mobile). */
function brazilian(national: string): PhoneResult {
  if (national.length !== 10 && national.length !== 11) {
    return { ok: false, reason: 'phone must have the area code and 8 or 9 digits, e.g. 11 98765-4321' };
  }
  if (!/^[1-9]{2}/.test(national)) return { ok: false, reason: 'phone has an invalid area code (DDD)' };
  if (national.length === 11 && national[2] !== '9') {
    return { ok: false, reason: 'a 9-digit phone number must start with 9 (mobile)' };
  }
  return { ok: true, phone: `+55${national}` };
}

export const EMAIL_MAX_LENGTH = 254;

/**
 * Lower-cased, trimmed e-mail, or null when it cannot be an address. Deliberately loose about
 * the characters (providers differ) but strict about structure: one `@`, a local part of at
 * most 64 characters, a domain of dot-separated labels with a top-level label of 2+ letters.
 */
export function normalizeEmail(input: string): string | null {
  const email = input.trim().toLowerCase();
  if (email.length === 0 || email.length > EMAIL_MAX_LENGTH) return null;
  const at = email.indexOf('@');
  if (at <= 0 || at !== email.lastIndexOf('@')) return null;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (
    local.length > 64 ||
    /[\s<>(),;:"\\[\]]/.test(local) ||
    local.startsWith('.') ||
    local.endsWith('.') ||
    local.includes('..')
  ) {
    return null;
  }
  const labels = domain.split('.');
  if (labels.length < 2) return null;
  if (!labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label))) return null;
  if (!/^[a-z]{2,}$/.test(labels[labels.length - 1]!)) return null;
  return email;
}
