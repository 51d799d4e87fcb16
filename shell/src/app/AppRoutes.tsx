import { Route, Routes } from 'shared-ui/router';
import { RemoteArea } from '../federation/RemoteArea';
import { RequireRole, RequireSignIn } from '../guards/guards';
import { AuthLayout } from '../layout/auth/AuthLayout';
import { SignedInLayout } from '../layout/signed-in/SignedInLayout';
import { LandingPage } from '../pages/LandingPage';
import { NotFoundPage } from 'shared-ui';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route element={<AuthLayout />}>
        <Route path="/auth/*" element={<RemoteArea area="auth" />} />
      </Route>
      <Route element={<RequireSignIn />}>
        <Route element={<SignedInLayout />}>
          <Route path="/user/*" element={<RemoteArea area="user" />} />
          {/* Creating a first brand is how a user becomes a brand owner, so it needs sign-in only. */}
          <Route path="/brand/create" element={<RemoteArea area="brand" />} />
          <Route element={<RequireRole area="brand" />}>
            <Route path="/brand/*" element={<RemoteArea area="brand" />} />
          </Route>
          <Route element={<RequireRole area="advocate" />}>
            <Route path="/advocate/*" element={<RemoteArea area="advocate" />} />
          </Route>
        </Route>
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
