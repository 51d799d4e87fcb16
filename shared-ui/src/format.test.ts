import {
  formatAmounts,
  formatMoney,
  formatMoneyAxis,
  padId,
  truncate,
} from './format';

describe('formatMoney', () => {
  it('formats with two decimals and a currency symbol', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney('99.999')).toBe('$100.00');
    expect(formatMoney(10, 'EUR')).toBe('€10.00');
    expect(formatMoney(5, 'NGN')).toMatch(/^NGN\s5\.00$/);
  });

  it("shows each currency's minor unit: none for JPY, three decimals for KWD", () => {
    expect(formatMoney(100, 'JPY')).toBe('¥100');
    expect(formatMoney('999.00', 'jpy')).toBe('¥999');
    expect(formatMoney(12.345, 'KWD')).toMatch(/^KWD\s12\.345$/);
    expect(formatMoney(1.5, 'BHD')).toMatch(/^BHD\s1\.500$/);
  });

  it('shows a dash for values that are not numbers', () => {
    expect(formatMoney('abc')).toBe('—');
  });
});

describe('formatAmounts', () => {
  it('lists each currency, and shows none as zero dollars', () => {
    expect(formatAmounts([])).toBe('$0.00');
    expect(
      formatAmounts([
        { amount: 12.5, currency: 'USD' },
        { amount: '3', currency: 'EUR' },
      ]),
    ).toBe('$12.50 · €3.00');
  });
});

describe('formatMoneyAxis', () => {
  it.each([
    [0, '$0'],
    [950, '$950'],
    [999, '$999'],
    [1000, '$1K'],
    [1200, '$1.2K'],
    [12000, '$12K'],
    [12500, '$13K'],
    [250000, '$250K'],
    [-1500, '-$1.5K'],
  ])('%p → %s', (value, label) => {
    expect(formatMoneyAxis(value)).toBe(label);
  });
});

describe('padId', () => {
  it('pads to the requested width', () => {
    expect(padId(7, 4)).toBe('0007');
    expect(padId('42', 6)).toBe('000042');
    expect(padId(123456, 4)).toBe('123456');
  });
});

describe('truncate', () => {
  it('cuts to the limit and adds an ellipsis', () => {
    expect(truncate('abcdefghij', 4)).toBe('abcd…');
    expect(truncate('short', 60)).toBe('short');
    expect(truncate('a'.repeat(60), 60)).toBe('a'.repeat(60));
    expect(truncate(null, 5)).toBe('');
  });
});
