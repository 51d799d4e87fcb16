export type ThemeMode = 'light' | 'dark';

export interface ThemeColors {
  bg: string;
  surface: string;
  surfaceAlt: string;
  text: string;
  textMuted: string;
  border: string;
  primary: string;
  /** Text and icons drawn on a `primary` background. */
  primaryText: string;
  success: string;
  warning: string;
  danger: string;
  info: string;
  focus: string;
  /** Dims the page behind modals and drawers. */
  overlay: string;
}

export interface AppTheme {
  mode: ThemeMode;
  colors: ThemeColors;
  fonts: { body: string; mono: string };
  fontSizes: { xs: string; sm: string; md: string; lg: string; xl: string; xxl: string };
  fontWeights: { regular: number; medium: number; semibold: number; bold: number };
  radii: { sm: string; md: string; lg: string; pill: string };
  /** 4px grid: spacing(2) === '8px'. */
  spacing: (n: number) => string;
  shadows: { sm: string; md: string; lg: string };
  breakpoints: { mobile: string; tablet: string };
  /** Ready-made media queries matching `breakpoints` (max-width, i.e. "this size and below"). */
  media: { mobile: string; tablet: string };
  zIndices: { sticky: number; overlay: number; toast: number };
  transitions: { fast: string };
}

const spacing = (n: number): string => `${n * 4}px`;

const breakpoints = { mobile: '640px', tablet: '960px' } as const;

const shared = {
  fonts: {
    body: "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  },
  fontSizes: { xs: '12px', sm: '13px', md: '14px', lg: '16px', xl: '20px', xxl: '28px' },
  fontWeights: { regular: 400, medium: 500, semibold: 600, bold: 700 },
  radii: { sm: '6px', md: '8px', lg: '12px', pill: '999px' },
  spacing,
  breakpoints: { ...breakpoints },
  media: {
    mobile: `@media (max-width: ${breakpoints.mobile})`,
    tablet: `@media (max-width: ${breakpoints.tablet})`,
  },
  zIndices: { sticky: 10, overlay: 1000, toast: 1400 },
  transitions: { fast: '120ms ease' },
} satisfies Omit<AppTheme, 'mode' | 'colors' | 'shadows'>;

// Contrast: text/textMuted and every status colour reach WCAG AA (4.5:1) on `surface`.
export const lightTheme: AppTheme = {
  ...shared,
  mode: 'light',
  colors: {
    bg: '#f6f6fa',
    surface: '#ffffff',
    surfaceAlt: '#f0f0f6',
    text: '#17171f',
    textMuted: '#5c5c6e',
    border: '#e2e2ea',
    primary: '#5b4ee0',
    primaryText: '#ffffff',
    success: '#15803d',
    warning: '#b45309',
    danger: '#c62a1f',
    info: '#2563eb',
    focus: '#7c6ff0',
    overlay: 'rgba(15, 15, 25, 0.45)',
  },
  shadows: {
    sm: '0 1px 2px rgba(20, 20, 40, 0.06)',
    md: '0 4px 12px rgba(20, 20, 40, 0.08), 0 1px 3px rgba(20, 20, 40, 0.06)',
    lg: '0 16px 40px rgba(20, 20, 40, 0.18)',
  },
};

export const darkTheme: AppTheme = {
  ...shared,
  mode: 'dark',
  colors: {
    bg: '#0d0d13',
    surface: '#15151d',
    surfaceAlt: '#1d1d28',
    text: '#ececf3',
    textMuted: '#a3a3b8',
    border: '#2a2a38',
    primary: '#8f84f8',
    primaryText: '#0d0d13',
    success: '#4ade80',
    warning: '#fbbf24',
    danger: '#f87171',
    info: '#60a5fa',
    focus: '#a59cfa',
    overlay: 'rgba(0, 0, 0, 0.6)',
  },
  shadows: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.4)',
    md: '0 4px 12px rgba(0, 0, 0, 0.45)',
    lg: '0 16px 40px rgba(0, 0, 0, 0.6)',
  },
};

export const themes: Record<ThemeMode, AppTheme> = { light: lightTheme, dark: darkTheme };
