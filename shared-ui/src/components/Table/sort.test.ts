import { compareSortValues } from './sort';

describe('compareSortValues', () => {
  it('orders strings naturally and numbers numerically', () => {
    expect(
      ['item 10', 'item 2', 'Item 1'].sort((a, b) => compareSortValues(a, b, 'ascending')),
    ).toEqual(['Item 1', 'item 2', 'item 10']);
    expect([10, 9, 100].sort((a, b) => compareSortValues(a, b, 'descending'))).toEqual([
      100, 10, 9,
    ]);
  });

  it('orders dates and puts empty values last in either direction', () => {
    const early = new Date(2024, 0, 1);
    const late = new Date(2025, 0, 1);
    expect([late, null, early].sort((a, b) => compareSortValues(a, b, 'ascending'))).toEqual([
      early,
      late,
      null,
    ]);
    expect([null, early, late].sort((a, b) => compareSortValues(a, b, 'descending'))).toEqual([
      late,
      early,
      null,
    ]);
  });
});
