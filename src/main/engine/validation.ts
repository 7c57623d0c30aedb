import { z } from 'zod';
import { badRequest } from './errors';

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

export const cents = (label = 'value') =>
  z
    .number({ error: `${label} must be a number of cents` })
    .int({ error: `${label} must be an integer number of cents` })
    .max(99_999_999_999, { error: `${label} is too large` });

export const positiveCents = (label = 'value') => cents(label).min(1, { error: `${label} must be at least 1 cent` });

export const correlationId = z
  .string({ error: 'correlationID must be a string' })
  .trim()
  .min(1, { error: 'correlationID is required' })
  .max(255, { error: 'correlationID is too long (max 255 characters)' });

/** RFC 3339 date-time (offset required), as the list filters `start` and `end` take. */
export const rfc3339 = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i, {
    error: 'must be an RFC 3339 date-time, e.g. 2026-11-22T10:00:00Z',
  })
  .refine((s) => !Number.isNaN(Date.parse(s)), { error: 'is not a valid date-time' })
  .transform((s) => new Date(s).toISOString());

export const queryBoolean = z
  .enum(['true', 'false'], { error: 'must be true or false' })
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
