import { darkTheme, lightTheme } from './tokens';

/** WCAG relative luminance contrast ratio for #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe.each([
  ['light', lightTheme],
  ['dark', darkTheme],
])('%s theme', (_name, theme) => {
  it.each(['text', 'textMuted', 'primary', 'success', 'warning', 'danger', 'info'] as const)(
    '%s is readable (AA) on surface and bg',
    (token) => {
      expect(contrast(theme.colors[token], theme.colors.surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(theme.colors[token], theme.colors.bg)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('primaryText is readable on primary', () => {
    expect(contrast(theme.colors.primaryText, theme.colors.primary)).toBeGreaterThanOrEqual(4.5);
  });

  it('uses the product breakpoints and a 4px spacing grid', () => {
    expect(theme.breakpoints).toEqual({ mobile: '640px', tablet: '960px' });
    expect(theme.spacing(4)).toBe('16px');
  });
});
