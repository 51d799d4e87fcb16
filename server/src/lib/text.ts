// Normalising optional free-text input before it is stored.

/**
 * Trimmed text, or null when blank or explicitly null (the client cleared it); undefined, meaning
 * "not sent", stays undefined so an update leaves the stored value alone.
 */
export function optionalText(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Drops the keys whose value is undefined (for partial updates). */
export function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
