/** Form values turned into call payloads: empty optional fields are left out. */

/** The trimmed text, or undefined when nothing is left. */
export function optionalText(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** A number box's value ('' while empty, per shared-ui NumberField) as a number or undefined. */
export function optionalNumber(value: number | '' | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** An optional select: undefined for the empty placeholder. */
export function optionalChoice<T extends string>(value: T | ''): T | undefined {
  return value === '' ? undefined : value;
}
