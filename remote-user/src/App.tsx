import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'shared-ui/router';
import { BRAND_CREATE_PATH } from 'shared-api';
import { NotFoundPage, Spinner } from 'shared-ui';
import { DashboardPage } from './features/dashboard/DashboardPage';
import { GetStartedPage } from './features/get-started/GetStartedPage';
import { ProfilePage } from './features/profile/ProfilePage';
import { SelectRolePage } from './features/select-role/SelectRolePage';

// A developer page with the sdk package and the catalog endpoints: loaded on first visit only.
const SdkTesterPage = lazy(async () => ({
  default: (await import('./features/sdk-tester/SdkTesterPage')).SdkTesterPage,
}));

/**
 * The /user route tree (paths relative to /user), rendered by the shell inside the signed-in
 * layout; the shell's guards have already required sign-in.
 */
export default function UserApp() {
  return (
    <Routes>
      <Route index element={<Navigate to="dashboard" replace />} />
      <Route path="dashboard" element={<DashboardPage />} />
      <Route path="get-started" element={<GetStartedPage />} />
      <Route path="select-role" element={<SelectRolePage />} />
      <Route path="profile" element={<ProfilePage />} />
      <Route
        path="sdk-tester"
        element={
          <Suspense fallback={<Spinner label="Loading SDK tester" />}>
            <SdkTesterPage />
          </Suspense>
        }
      />
      {/* brand/create is listed under /user; the screen itself belongs to the brand area. */}
      <Route path="brand/create" element={<Navigate to={BRAND_CREATE_PATH} replace />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
