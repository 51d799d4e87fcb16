export { lightTheme, darkTheme, themes } from './tokens';
export type { AppTheme, ThemeColors, ThemeMode } from './tokens';
export { GlobalStyle } from './GlobalStyle';
export { AppThemeProvider, useThemeMode, THEME_STORAGE_KEY } from './AppThemeProvider';
export type { AppThemeProviderProps, ThemeModeContextValue } from './AppThemeProvider';
export { ThemeToggle } from './ThemeToggle';
export type { ThemeToggleProps } from './ThemeToggle';
