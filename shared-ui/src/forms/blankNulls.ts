/** `keys` of a stored record, each null (or missing) one as '', what an empty input holds. */
export type BlankedNulls<R, K extends keyof R> = { [P in K]: NonNullable<R[P]> | '' };

/**
 * A stored record's nullable fields as a form's starting values: the form shows the record as it
 * is, with an empty input where the record has nothing.
 */
export function blankNulls<R extends object, K extends keyof R>(
  record: R,
  keys: readonly K[],
): BlankedNulls<R, K> {
  const values = {} as BlankedNulls<R, K>;
  for (const key of keys) values[key] = record[key] ?? '';
  return values;
}
