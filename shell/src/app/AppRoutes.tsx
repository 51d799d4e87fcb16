import { lazy, Suspense } from 'react';
import { Route, Routes } from 'shared-ui/router';
import { RemoteArea } from '../federation/RemoteArea';
import { RequireRole, RequireSignIn } from '../guards/guards';
import { AuthLayout } from '../layout/auth/AuthLayout';

// Each RemoteArea carries key={area}: sibling routes render it in the same place, and without
// the key React would keep one area's loaded remote while the URL already belongs to another.

// Loaded on demand so the sign-in pages do not download the workspace chrome, and vice versa.
const SignedInLayout = lazy(() => import('../layout/signed-in/SignedInLayout'));
const LandingPage = lazy(() => import('../pages/LandingPage'));
import { NotFoundPage } from 'shared-ui';
import { PageSpinner } from './PageSpinner';

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        {/* A brand's public program page: the auth area draws it (with the inline sign-up), outside the auth layout. */}
        <Route path="/programs/*" element={<RemoteArea key="auth" area="auth" />} />
        <Route element={<AuthLayout />}>
          <Route path="/auth/*" element={<RemoteArea key="auth" area="auth" />} />
        </Route>
        <Route element={<RequireSignIn />}>
          <Route element={<SignedInLayout />}>
            <Route path="/user/*" element={<RemoteArea key="user" area="user" />} />
            {/* Creating a first brand is how a user becomes a brand owner, so it needs sign-in only. */}
            <Route path="/brand/create" element={<RemoteArea key="brand" area="brand" />} />
            <Route element={<RequireRole area="brand" />}>
              <Route path="/brand/*" element={<RemoteArea key="brand" area="brand" />} />
            </Route>
            <Route element={<RequireRole area="advocate" />}>
              <Route path="/advocate/*" element={<RemoteArea key="advocate" area="advocate" />} />
            </Route>
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
