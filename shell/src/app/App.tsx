import { useState } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'shared-ui/router';
import { createAppStore } from 'shared-api';
import { AppThemeProvider, ToastProvider } from 'shared-ui';
import { CookieBanner } from '../cookie-consent/CookieBanner';
import { AppRoutes } from './AppRoutes';
import { SessionGate } from './SessionGate';

/** The host owns the one store and the theme; every remote renders inside these providers. */
export function App() {
  const [store] = useState(createAppStore);
  return (
    <Provider store={store}>
      <AppThemeProvider>
        <ToastProvider>
          <BrowserRouter>
            <SessionGate>
              <AppRoutes />
            </SessionGate>
            <CookieBanner />
          </BrowserRouter>
        </ToastProvider>
      </AppThemeProvider>
    </Provider>
  );
}
