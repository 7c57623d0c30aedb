import type { Feature } from '../operation';

/** Every company feature, at run time (the `npm run serve` app command validates against it). */
export const FEATURES = [
  'BANK_ACCOUNT',
  'MED_API',
  'APPLICATION_SCOPES_REQUIRED',
  'BAAS',
  'KYC_ONBOARDING',
  'PARTNER',
  'STABLECOIN',
  'INVOICE',
] as const satisfies readonly Feature[];

// A feature added to the Feature type but not here fails to compile: the list stays complete.
type MissingFeature = Exclude<Feature, (typeof FEATURES)[number]>;
const everyFeatureListed: [MissingFeature] extends [never] ? true : MissingFeature = true;
void everyFeatureListed;

export function isFeature(name: string): name is Feature {
  return (FEATURES as readonly string[]).includes(name);
}
