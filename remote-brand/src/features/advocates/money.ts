import { formatMoney } from 'shared-ui';

interface CurrencyAmounts {
  currency: string;
}

/**
 * Amounts in currencies other than the main one, e.g. 'NGN 1,500.00': they are listed beside the
 * main figure, never added to it.
 */
export function otherCurrencies<T extends CurrencyAmounts>(
  byCurrency: readonly T[],
  main: string,
  amount: (entry: T) => number,
): string[] {
  return byCurrency
    .filter((entry) => entry.currency !== main && amount(entry) !== 0)
    .map((entry) => formatMoney(amount(entry), entry.currency));
}

