import { z } from 'zod';

export const QR_IMAGE_MIN_SIZE = 600;
export const QR_IMAGE_MAX_SIZE = 4096;
export const QR_IMAGE_DEFAULT_SIZE = 1024;

const sizeMessage = `size must be an integer between ${QR_IMAGE_MIN_SIZE} and ${QR_IMAGE_MAX_SIZE}`;

/**
 * The `size` query of both image endpoints: an integer-like string within 600..4096 (spec
 * "Limits"), default 1024. "800.5", "1e3", " 800" or an empty value are refused rather than
 * guessed at, since the caller asked for a size we would not honour.
 */
export const qrImageSizeQuery = z.object({
  size: z
    .string({ error: sizeMessage })
    .regex(/^\d{1,5}$/, { error: sizeMessage })
    .transform(Number)
    .pipe(z.number().min(QR_IMAGE_MIN_SIZE, { error: sizeMessage }).max(QR_IMAGE_MAX_SIZE, { error: sizeMessage }))
    .optional()
    .transform((size) => size ?? QR_IMAGE_DEFAULT_SIZE),
});
