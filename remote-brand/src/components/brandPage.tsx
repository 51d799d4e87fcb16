import type { ComponentType } from 'react';
import { ErrorBanner } from 'shared-ui';
import { useRouteIds } from '../lib/routeIds';
import { brandPaths } from '../paths';
import { BackLink } from './BackLink';

/**
 * The page of a screen about one brand: `Screen` with the route's brand id, or, when the URL has
 * no readable one, a banner saying so under a link back to the brands.
 */
export function brandPage(Screen: ComponentType<{ brandId: number }>) {
  return function BrandPage() {
    const { brandId } = useRouteIds();
    if (brandId === null)
      return (
        <>
          <BackLink to={brandPaths.brands}>Back to Brands</BackLink>
          <ErrorBanner message="Missing brand id in URL" />
        </>
      );
    return <Screen brandId={brandId} />;
  };
}
