import { Navigate, Outlet, useLocation } from 'shared-ui/router';
import {
  guardDecision,
  selectActiveRole,
  selectAvailableRoles,
  selectIsAuthenticated,
  useAppSelector,
} from 'shared-api';

/** Signed-out visitors go to the login page; where they were heading is kept for after login. */
export function RequireSignIn() {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const location = useLocation();
  if (!isAuthenticated) {
    return <Navigate to="/auth/login" replace state={{ from: location.pathname }} />;
  }
  return <Outlet />;
}

/** An area needs its active role; the decision itself lives in shared-api. */
export function RequireRole({ area }: { area: 'brand' | 'advocate' }) {
  const location = useLocation();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const activeRole = useAppSelector(selectActiveRole);
  const availableRoles = useAppSelector(selectAvailableRoles);
  const decision = guardDecision({
    area,
    path: location.pathname,
    isAuthenticated,
    activeRole,
    availableRoles,
  });
  if ('redirect' in decision) {
    return <Navigate to={decision.redirect} replace state={{ from: location.pathname }} />;
  }
  return <Outlet />;
}
