import { z } from 'zod';

// `additionalInfo`: the key/value pairs a charge (and each charge a subscription generates) carries
// and echoes back, in the BR Code's infoAdicionais too. The spec calls both sides strings, but
// real clients send the value as whatever their language has at hand: WooCommerce and Magento an
// integer order id, WHMCS a string (../shared/reference/real-clients.md). The real service takes
// any scalar, so a number or boolean is kept as its text (42 -> "42"), and the answer stays strings.

const MAX_ITEMS = 50;
const MAX_KEY_LENGTH = 50;
const MAX_VALUE_LENGTH = 200;

const scalarAsText = z
  .union([z.string(), z.number(), z.boolean()], { error: 'additionalInfo.value must be a string, number or boolean' })
  .transform((value) => String(value))
  .pipe(z.string().max(MAX_VALUE_LENGTH, { error: `additionalInfo.value is too long (max ${MAX_VALUE_LENGTH})` }));

const additionalInfoItem = z.object(
  {
    key: z
      .string({ error: 'additionalInfo.key must be a string' })
      .trim()
      .min(1, { error: 'additionalInfo.key is required' })
      .max(MAX_KEY_LENGTH, { error: `additionalInfo.key is too long (max ${MAX_KEY_LENGTH})` }),
    value: scalarAsText,
  },
  { error: 'each additionalInfo item must be an object with key and value' },
);

export const additionalInfoInput = z
  .array(additionalInfoItem, { error: 'additionalInfo must be an array' })
  .max(MAX_ITEMS, { error: `additionalInfo has too many items (max ${MAX_ITEMS})` });
