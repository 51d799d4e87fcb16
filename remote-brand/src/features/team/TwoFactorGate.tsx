import { TWO_FACTOR_REQUIRED } from 'contract/teams';
import { Button, PageHeader, Panel, Text } from 'shared-ui';
import { Link, Outlet } from 'shared-ui/router';
import { BackLink } from '../../components/BackLink';
import { useBrandAccess } from '../../lib/brandRole';
import { useRouteIds } from '../../lib/routeIds';
import { brandPaths } from '../../paths';

/** The profile, where two-factor sign-in is turned on (the user remote's screen). */
const PROFILE_PATH = '/user/profile';

/**
 * Wraps a brand's screens: when the brand requires two-factor sign-in and the user has none
 * yet (user/me/'s brand_roles), it asks them to set it up instead of opening the brand.
 */
export function TwoFactorGate() {
  const { brandId } = useRouteIds();
  const access = useBrandAccess(brandId);
  if (!access.twoFactorRequired) return <Outlet />;
  return (
    <>
      <BackLink to={brandPaths.brands}>Back to Brands</BackLink>
      <PageHeader title="Two-factor sign-in required" />
      <Panel title="Set up two-factor sign-in" gap={3}>
        <Text>{TWO_FACTOR_REQUIRED}</Text>
        <div>
          <Button as={Link} to={PROFILE_PATH}>
            Set up two-factor sign-in
          </Button>
        </div>
      </Panel>
    </>
  );
}
