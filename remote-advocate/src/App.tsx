import { Navigate, Route, Routes } from 'shared-ui/router';
import { NotFoundPage } from 'shared-ui';
import { DashboardPage } from './features/dashboard/DashboardPage';

/** The /advocate route tree, rendered by the shell inside the signed-in layout. */
export default function AdvocateApp() {
  return (
    <Routes>
      <Route index element={<Navigate to="dashboard" replace />} />
      <Route path="dashboard" element={<DashboardPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
