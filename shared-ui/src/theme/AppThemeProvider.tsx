import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from './GlobalStyle';
import { themes, type ThemeMode } from './tokens';

export const THEME_STORAGE_KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export interface ThemeModeContextValue {
  mode: ThemeMode;
  toggle: () => void;
  setMode: (mode: ThemeMode) => void;
}

const ThemeModeContext = createContext<ThemeModeContextValue | null>(null);

function readStoredMode(): ThemeMode | null {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : null;
  } catch {
    // Storage can throw (privacy mode, sandboxed iframes); fall back to the system preference.
    return null;
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

function initialMode(): ThemeMode {
  return readStoredMode() ?? (systemPrefersDark() ? 'dark' : 'light');
}

function markRoot(mode: ThemeMode): void {
  const root = document.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.dataset.theme = mode;
}

export interface AppThemeProviderProps {
  children: ReactNode;
  /** Render `GlobalStyle` (page background, fonts, resets). Default true. */
  globalStyle?: boolean;
}

export function AppThemeProvider({ children, globalStyle = true }: AppThemeProviderProps) {
  const [mode, setModeState] = useState<ThemeMode>(initialMode);

  // Layout effect so the root marker is in place before the first paint (no flash of the wrong theme
  // for CSS outside styled-components that keys off `.dark`).
  useLayoutEffect(() => {
    markRoot(mode);
  }, [mode]);

  // Follow the system preference live, but only until the user has made an explicit choice.
  useLayoutEffect(() => {
    if (typeof window.matchMedia !== 'function' || readStoredMode()) return;
    const query = window.matchMedia(DARK_QUERY);
    const onChange = (event: MediaQueryListEvent) => {
      if (!readStoredMode()) setModeState(event.matches ? 'dark' : 'light');
    };
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, []);

  const setMode = useCallback((next: ThemeMode) => {
    setModeState(next);
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Not persisting is acceptable; the choice still holds for this session.
    }
  }, []);

  const toggle = useCallback(() => setMode(mode === 'dark' ? 'light' : 'dark'), [mode, setMode]);

  const value = useMemo(() => ({ mode, toggle, setMode }), [mode, toggle, setMode]);

  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={themes[mode]}>
        {globalStyle && <GlobalStyle />}
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeMode(): ThemeModeContextValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used inside <AppThemeProvider>.');
  return value;
}
