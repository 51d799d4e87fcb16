export type SortValue = string | number | Date | boolean | null | undefined;
export type SortDirection = 'ascending' | 'descending';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Orders numbers, dates and strings naturally ('item 2' before 'item 10'); empty values always last. */
export function compareSortValues(a: SortValue, b: SortValue, direction: SortDirection): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  const sign = direction === 'ascending' ? 1 : -1;
  if (a instanceof Date && b instanceof Date) return sign * (a.getTime() - b.getTime());
  if (typeof a === 'number' && typeof b === 'number') return sign * (a - b);
  return sign * collator.compare(String(a), String(b));
}
