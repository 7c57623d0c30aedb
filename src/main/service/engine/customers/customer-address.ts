import type { Address } from '#shared/service/resources';
import type { AddressInput } from './customer-input';

const FIELDS = ['zipcode', 'street', 'number', 'neighborhood', 'city', 'state', 'complement', 'country'] as const;

/**
 * Applies an address from a request onto the stored one, field by field: absent fields keep
 * their value, empty strings clear it. Returns null when nothing is left, so "no address" has
 * one representation.
 */
export function mergeAddress(current: Address | null, change: AddressInput | undefined): Address | null {
  const merged: Address = { ...current };
  for (const field of FIELDS) {
    const value = change?.[field];
    if (value === undefined) continue;
    if (value === '') delete merged[field];
    else merged[field] = value;
  }
  // Keep the documented field order whatever order the request used.
  const ordered: Address = {};
  for (const field of FIELDS) if (merged[field] !== undefined) ordered[field] = merged[field];
  return Object.keys(ordered).length > 0 ? ordered : null;
}

/** True when the address in a request would change nothing at all (absent or all fields absent). */
export function isEmptyAddressChange(change: AddressInput | undefined): boolean {
  return change === undefined || FIELDS.every((field) => change[field] === undefined);
}
