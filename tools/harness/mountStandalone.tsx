// Runs one remote on its own (`npm run dev -w remote-brand`) inside the same providers the shell
// gives it, so a team can work on its area without the host. Dev-only; never part of a build
// the shell loads.
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter, Navigate, Route, Routes } from 'shared-ui/router';
import { bootstrapSession, createAppStore } from 'shared-api';
import { AppThemeProvider, ToastProvider } from 'shared-ui';

export function mountStandalone(App: ComponentType, basePath: string): void {
  const store = createAppStore();
  void store.dispatch(bootstrapSession());
  createRoot(document.getElementById('root') as HTMLElement).render(
    <Provider store={store}>
      <AppThemeProvider>
        <ToastProvider>
          <BrowserRouter>
            <Routes>
              <Route path={`${basePath}/*`} element={<App />} />
              <Route path="*" element={<Navigate to={basePath} replace />} />
            </Routes>
          </BrowserRouter>
        </ToastProvider>
      </AppThemeProvider>
    </Provider>,
  );
}
