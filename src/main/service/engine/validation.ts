import { z } from 'zod';
import { badRequest } from './errors';
import { readWholeNumber } from './money/whole-number';

/**
 * Parses untrusted input with a zod schema and turns the first problems into one readable
 * 400 message ("customer.taxID: Invalid CPF/CNPJ"), so no handler ever sees unchecked data.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown, what = 'body'): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw badRequest(describeIssues(result.error, what));
}

export function describeIssues(error: z.ZodError, what: string): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      return path ? `${path}: ${issue.message}` : `${what}: ${issue.message}`;
    })
    .join('; ');
}

/** A JSON object body (not an array, not null). Missing bodies count as `{}`. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('body: expected a JSON object');
  return body as Record<string, unknown>;
}

/** The largest amount the service takes: R$ 999.999.999,99 (the counter's limit too, src/shared/counter/large-sale.ts). */
export const MAX_CENTS = 99_999_999_999;

interface WholeNumberInputOptions {
  min: number;
  max: number;
  zeroDecimals: boolean;
  messages: { notANumber: string; fraction: string; tooSmall: string; tooLarge: string };
}

const wholeNumberInputs = new WeakSet<z.ZodType>();

/** Whether a schema is one this module built for a money (or basis-point) field: how tests find a field that bypasses it. */
export function isWholeNumberInput(schema: z.ZodType): boolean {
  return wholeNumberInputs.has(schema);
}

/**
 * A whole number as clients of the real service write it (money/whole-number.ts: an integer, a
 * float with no fraction, a string of digits), bounded. The inner schema is what the OpenAPI
 * document shows (`type: integer` with its bounds): the preprocessing widens what is accepted,
 * never what is promised. A refused value stops here, so no handler sees it.
 */
function wholeNumberInput({ min, max, zeroDecimals, messages }: WholeNumberInputOptions) {
  const schema = z.preprocess(
    (input, ctx) => {
      const reading = readWholeNumber(input, { zeroDecimals });
      if (reading.kind === 'whole') return reading.value;
      const message = {
        'not-a-number': messages.notANumber,
        fraction: messages.fraction,
        'too-large': messages.tooLarge,
      }[reading.kind];
      ctx.addIssue({ code: 'custom', message, input });
      return input;
    },
    z
      .number({ error: messages.notANumber })
      .int({ error: messages.fraction })
      .min(min, { error: messages.tooSmall })
      .max(max, { error: messages.tooLarge }),
  );
  wholeNumberInputs.add(schema);
  return schema;
}

/**
 * Money in integer cents: the one parser of every money field of every operation. Accepts an
 * integer, a float with no fraction (`1000.0`) or a string of digits, `.00` tolerated
 * (`"10000.00"` = 10000 cents, as pretix sends); refuses the rest naming the field.
 */
export const cents = (label = 'value', min = 0) =>
  wholeNumberInput({
    min,
    max: MAX_CENTS,
    zeroDecimals: true,
    messages: {
      notANumber: `${label} must be a number of cents`,
      fraction: `${label} must be an integer number of cents`,
      tooSmall:
        min === 0
          ? `${label} must not be negative`
          : min === 1
            ? `${label} must be at least 1 cent`
            : `${label} must be at least ${min} cents`,
      tooLarge: `${label} is too large`,
    },
  });

export const positiveCents = (label = 'value') => cents(label, 1);

/**
 * A whole number whose unit another field decides (an OVERDUE term's `value` is basis points or
 * cents by its `type` or `modality`). Same shapes as money, except the `.00` tail: `"2.00"` would
 * as likely mean 2 % as 2 basis points, so it is refused rather than guessed.
 */
export const wholeNumber = (
  label: string,
  { min = 0, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {},
) =>
  wholeNumberInput({
    min,
    max,
    zeroDecimals: false,
    messages: {
      notANumber: `${label} must be a whole number`,
      fraction: `${label} must be a whole number`,
      tooSmall: min === 0 ? `${label} must not be negative` : `${label} must be at least ${min}`,
      tooLarge: `${label} is too large`,
    },
  });

/**
 * A text field that clients also send as a whole number (an id or label their language holds as an
 * int): the number becomes its decimal text, and everything else is left for the string schema to
 * judge. Only safe integers: past 2^53 the number JSON.parse gives is no longer the digits sent,
 * and a fraction or a boolean is no id anyone meant. Used by z.preprocess, so the inner string
 * schema stays what the OpenAPI document shows.
 */
export function wholeNumberAsText(input: unknown): unknown {
  return typeof input === 'number' && Number.isSafeInteger(input) ? String(input) : input;
}

/**
 * A correlationID: text, or a whole number taken as its decimal text. WHMCS
 * (ianchamba/openpix-whmcs, modules/gateways/openpix.php @2ea7773) sends the bare invoice id,
 * `$params['invoiceid']` with no cast, so PHP's json_encode writes `"correlationID":42` when WHMCS
 * hands an int; 42 and "42" name the same charge, so both are the same record here.
 */
export const correlationId = z.preprocess(
  wholeNumberAsText,
  z
    .string({ error: 'correlationID must be a string' })
    .trim()
    .min(1, { error: 'correlationID is required' })
    .max(255, { error: 'correlationID is too long (max 255 characters)' }),
);

/**
 * A real calendar day, YYYY-MM-DD, as a pattern (no flags: the derived document states it as is):
 * months 01-12, each month's own days, February 29 in leap years only (divisible by 4, centuries by
 * 400). Date.parse alone takes 2026-02-30 and 2026-04-31, rolling them into the next month.
 */
const MONTH_DAY =
  '(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))';
const LEAP_DAY = '(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29';
/** The calendar day, unanchored, for patterns that go on with a time (a charge's expiresDate). */
export const CALENDAR_DAY = `(?:\\d{4}-${MONTH_DAY}|${LEAP_DAY})`;
export const CALENDAR_DAY_PATTERN = `^${CALENDAR_DAY}$`;

/**
 * An RFC 3339 date-time with its offset, as a pattern: a calendar day, `T`, hours 00-23, minutes
 * and seconds 00-59 (seconds and their fraction optional), `Z` or an offset of ±23:59 at most; `T`
 * and `Z` in either case. Date.parse alone takes 24:00 as the next day's midnight.
 */
export const RFC3339_PATTERN = `^${CALENDAR_DAY}[Tt](?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d+)?)?(?:[Zz]|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)$`;

/** The shape of a date-time, whatever its numbers: a text of this shape with an impossible date is "not a valid date-time". */
const DATE_TIME_SHAPE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * RFC 3339 date-time (offset required), as the list filters `start` and `end` take (and a webhook
 * replay's `since`). One pattern, RFC3339_PATTERN, is both what is enforced and what the derived
 * document states; its two texts: a text of another shape is not an RFC 3339 date-time, one of the
 * shape with an impossible month, day or time is not a valid one.
 */
export const rfc3339 = z
  .string()
  .regex(new RegExp(RFC3339_PATTERN), {
    error: (issue) =>
      typeof issue.input === 'string' && DATE_TIME_SHAPE.test(issue.input)
        ? 'is not a valid date-time'
        : 'must be an RFC 3339 date-time, e.g. 2026-11-22T10:00:00Z',
  })
  .transform((s) => new Date(s).toISOString());

/**
 * How clients write a boolean in a query string, which has no booleans of its own: `true`/`false`
 * (JavaScript, Java), `1`/`0` (PHP's http_build_query writes true as 1: the PHP SDK's
 * `charges()->create()` sends `?return_existing=1`), `True`/`False` (Python's str). All mean the
 * same here.
 */
const QUERY_BOOLEAN_SPELLINGS = new Map([
  ['true', 'true'],
  ['1', 'true'],
  ['false', 'false'],
  ['0', 'false'],
]);

/**
 * Every boolean query parameter (return_existing, hasWebhook): one of the spellings above, any
 * case; anything else is refused. The inner enum is what the OpenAPI document shows.
 */
export const queryBoolean = z
  .preprocess(
    (input) => (typeof input === 'string' ? (QUERY_BOOLEAN_SPELLINGS.get(input.toLowerCase()) ?? input) : input),
    z.enum(['true', 'false'], { error: 'must be true or false (or 1 or 0)' }),
  )
  .transform((s) => s === 'true');

/** A non-empty path id, already URI-decoded by the transport. */
export function pathId(params: Record<string, string> | undefined, name = 'id'): string {
  const value = params?.[name];
  if (typeof value !== 'string' || value.trim() === '') throw badRequest(`${name} is required`);
  if (value.length > 255) throw badRequest(`${name} is too long`);
  return value;
}

/** A non-empty path id (URI-decoded by the transport), as a request schema part. */
export const pathIdParam = z
  .string({ error: 'is required' })
  .refine((value) => value.trim() !== '', { error: 'is required' })
  .refine((value) => value.length <= 255, { error: 'is too long' });

/** The `:id` of most paths. */
export const idParams = z.object({ id: pathIdParam });
