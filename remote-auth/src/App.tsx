import { Navigate, Route, Routes } from 'react-router-dom';
import { NotFoundPage } from 'shared-ui';

/** The /auth route tree, rendered by the shell inside its auth layout. */
export default function AuthApp() {
  return (
    <Routes>
      <Route index element={<Navigate to="login" replace />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
