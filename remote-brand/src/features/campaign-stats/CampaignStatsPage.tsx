import { Link } from 'shared-ui/router';
import { useGetCampaignStatsQuery } from './statsApi';
import { Columns, ErrorBanner, PageHeader, PageLoader } from 'shared-ui';
import { useRouteIds } from '../../lib/routeIds';
import { brandPaths } from '../../paths';
import { DiscountCodesPanel } from '../integrations';
import { AdvocatesTable } from './AdvocatesTable';
import { BackToCampaigns } from './BackToCampaigns';
import { ProductsList } from './ProductsList';
import { StatTiles } from './StatTiles';
import { PermittedButton } from '../../components/PermittedButton';

/** A campaign's results. */
export function CampaignStatsPage() {
  const { brandId, campaignId } = useRouteIds();
  const { data, isLoading, isError, refetch } = useGetCampaignStatsQuery(campaignId ?? 0, {
    skip: campaignId === null,
    // Clicks and conversions arrive all the time; a revisit shows current figures.
    refetchOnMountOrArgChange: true,
  });
  const back = (
    <BackToCampaigns
      fallback={brandId === null ? brandPaths.brands : brandPaths.campaigns(brandId)}
    />
  );

  if (campaignId === null) {
    return (
      <>
        {back}
        <ErrorBanner message="Missing campaign id" />
      </>
    );
  }
  if (isLoading) return <PageLoader label="Loading campaign stats" />;
  if (isError || !data) {
    return (
      <>
        {back}
        <ErrorBanner message="Failed to load campaign stats" onRetry={() => void refetch()} />
      </>
    );
  }

  return (
    <>
      {back}
      <PageHeader
        title={data.campaign.title || 'Untitled campaign'}
        // The public id, as the campaigns list and every other screen name the campaign.
        subtitle={`Campaign ID ${data.campaign.campaign_id}`}
        actions={
          brandId !== null && (
            <PermittedButton
              brandId={brandId}
              permission="catalog"
              as={Link}
              to={brandPaths.editCampaign(brandId, campaignId)}
              variant="secondary"
            >
              Edit campaign
            </PermittedButton>
          )
        }
      />
      <StatTiles stats={data} />
      <Columns widths={[2, 3]}>
        <ProductsList products={data.products} />
        <AdvocatesTable advocates={data.advocates} brandId={brandId} campaignId={campaignId} />
      </Columns>
      <DiscountCodesPanel brandId={brandId} campaignId={campaignId} advocates={data.advocates} />
    </>
  );
}
