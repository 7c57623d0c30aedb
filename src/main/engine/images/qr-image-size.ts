import { badRequest } from '../errors';

export const QR_IMAGE_MIN_SIZE = 600;
export const QR_IMAGE_MAX_SIZE = 4096;
export const QR_IMAGE_DEFAULT_SIZE = 1024;

/**
 * The `size` query of both image endpoints: an integer-like string within 600..4096 (spec
 * "Limits"), default 1024. "800.5", "1e3", " 800" or an empty value are refused rather than
 * guessed at, since the caller asked for a size we would not honour.
 */
export function parseQrImageSize(query: Record<string, string | undefined> | undefined): number {
  const raw = query?.size;
  if (raw === undefined) return QR_IMAGE_DEFAULT_SIZE;
  const message = `size must be an integer between ${QR_IMAGE_MIN_SIZE} and ${QR_IMAGE_MAX_SIZE}`;
  if (typeof raw !== 'string' || !/^\d{1,5}$/.test(raw)) throw badRequest(message);
  const size = Number(raw);
  if (size < QR_IMAGE_MIN_SIZE || size > QR_IMAGE_MAX_SIZE) throw badRequest(message);
  return size;
}
