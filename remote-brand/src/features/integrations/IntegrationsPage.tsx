import { useGetBrandQuery } from 'shared-api/catalog';
import { PageHeader, Stack } from 'shared-ui';
import { BackLink } from '../../components/BackLink';
import { brandPage } from '../../components/brandPage';
import { brandPaths } from '../../paths';
import { StripeIntegration } from './StripeIntegration';
import { WebhookProviderCards } from './WebhookProviderCard';

/** Brands → a brand → Integrations: the billing systems whose sales flow in by themselves. */
export const IntegrationsPage = brandPage(Integrations);

function Integrations({ brandId }: { brandId: number }) {
  const brand = useGetBrandQuery(brandId).data;
  return (
    <>
      <BackLink to={brandPaths.brand(brandId)}>Back to Brand</BackLink>
      <PageHeader
        title="Integrations"
        subtitle={
          brand
            ? `Sales, renewals and refunds of ${brand.brand_name} flow in by themselves.`
            : 'Sales, renewals and refunds flow in by themselves.'
        }
      />
      <Stack gap={4}>
        <StripeIntegration brandId={brandId} />
        <WebhookProviderCards brandId={brandId} />
      </Stack>
    </>
  );
}
