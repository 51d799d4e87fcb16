import type { ReactNode } from 'react';
import { useGetBrandQuery } from 'shared-api/catalog';
import { PageHeader } from 'shared-ui';
import { brandPaths } from '../paths';
import { BackLink } from './BackLink';

/**
 * The top of a page below one brand (Team, API keys, Webhooks, Integrations, Audit log): a link
 * back to the brand, the title, and a subtitle that names the brand once it has loaded
 * (`subtitle` is given no name until then).
 */
export function BrandSectionHeader({
  brandId,
  title,
  subtitle,
  actions,
}: {
  brandId: number;
  title: string;
  subtitle?: (brandName: string | undefined) => string;
  actions?: ReactNode;
}) {
  const brand = useGetBrandQuery(brandId).data;
  return (
    <>
      <BackLink to={brandPaths.brand(brandId)}>Back to Brand</BackLink>
      <PageHeader title={title} subtitle={subtitle?.(brand?.brand_name)} actions={actions} />
    </>
  );
}
