import { z } from 'zod';
import { integerRangePattern } from '../pagination';

/**
 * The spec writes 600 as the least size, but WHMCS (ianchamba/openpix-whmcs) puts
 * /openpix/charge/brcode/image/{paymentLinkID}.png?size=300 in its invoice page, where the real
 * service's answer is an image; so sizes from 300 are drawn as asked. Below that is still a 400:
 * no client is known to ask for less, and a smaller image leaves a BR Code's modules too few
 * pixels to draw evenly. Every size is a key of the PNG cache, so both bounds also bound the
 * images one code can have there.
 */
export const QR_IMAGE_MIN_SIZE = 300;
export const QR_IMAGE_MAX_SIZE = 4096;
export const QR_IMAGE_DEFAULT_SIZE = 1024;

const sizeMessage = `size must be an integer between ${QR_IMAGE_MIN_SIZE} and ${QR_IMAGE_MAX_SIZE}`;

/**
 * The `size` query of both image endpoints: an integer-like string within 300..4096 (the spec's
 * "Limits" say 600..4096; see QR_IMAGE_MIN_SIZE), default 1024. "800.5", "1e3" or " 800" are
 * refused rather than guessed at, since the caller asked for a size we would not honour. An empty
 * `size=` is no size, so the default, as every empty query value is (parse-request.ts).
 */
export const qrImageSizeQuery = z.object({
  size: z
    .string({ error: sizeMessage })
    .regex(/^\d{1,5}$/, { error: sizeMessage })
    .transform(Number)
    .pipe(z.number().min(QR_IMAGE_MIN_SIZE, { error: sizeMessage }).max(QR_IMAGE_MAX_SIZE, { error: sizeMessage }))
    // The document states the range the checks above enforce: the digits' pattern says 1 to 5
    // digits only, so the range is a pattern of its own beside the length.
    .meta({
      pattern: integerRangePattern(QR_IMAGE_MIN_SIZE, QR_IMAGE_MAX_SIZE),
      maxLength: 5,
      description: `The image's width and height in pixels, ${QR_IMAGE_MIN_SIZE} to ${QR_IMAGE_MAX_SIZE} (default ${QR_IMAGE_DEFAULT_SIZE})`,
    })
    .optional()
    .transform((size) => size ?? QR_IMAGE_DEFAULT_SIZE),
});
