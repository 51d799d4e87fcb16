/// <reference path="./styled.d.ts" />
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { AppThemeProvider } from './theme/AppThemeProvider';
import { ToastProvider } from './toast/ToastProvider';

/** The providers the shell puts around every screen: theme (with mode) and toasts. */
export function AllProviders({ children }: { children: ReactNode }) {
  return (
    <AppThemeProvider>
      <ToastProvider>{children}</ToastProvider>
    </AppThemeProvider>
  );
}

/** `render` from @testing-library/react inside AllProviders (plus any `wrapper` you pass, innermost). */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): RenderResult {
  const { wrapper: Inner, ...rest } = options;
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <AllProviders>{Inner ? <Inner>{children}</Inner> : children}</AllProviders>
  );
  return render(ui, { wrapper: Wrapper, ...rest });
}

export { makeStats, makeBusyStats, makeSeries, statsReply } from './insights/fixtures';
export { chartStubs } from './charts/chartStubs';
