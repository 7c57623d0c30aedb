// The contact rules live in src/shared/lib/contact.ts: the counter's customer form checks a CPF,
// e-mail or phone by the very rules this engine applies, before anything is sent.
export { EMAIL_MAX_LENGTH, normalizeEmail, normalizePhone, type PhoneResult } from '#shared/lib/contact';
