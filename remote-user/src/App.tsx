import { Navigate, Route, Routes } from 'shared-ui/router';
import { BRAND_CREATE_PATH } from 'shared-api';
import { NotFoundPage } from 'shared-ui';
import { DashboardPage } from './features/dashboard/DashboardPage';
import { GetStartedPage } from './features/get-started/GetStartedPage';
import { ProfilePage } from './features/profile/ProfilePage';
import { SelectRolePage } from './features/select-role/SelectRolePage';

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
      {/* SPEC 2.2 lists brand/create under /user; the screen itself belongs to the brand area. */}
      <Route path="brand/create" element={<Navigate to={BRAND_CREATE_PATH} replace />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
