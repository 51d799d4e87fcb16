import { Navigate, useLocation } from 'shared-ui/router';
import { brandPaths } from '../../paths';

/** /brand opens the dashboard, keeping its query (`/brand?brandId=3`). */
export function DashboardRedirect() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: brandPaths.dashboard, search }} replace />;
}
