import { Link } from 'shared-ui/router';
import styled from 'styled-components';
import { campaignProducts, campaignTitle } from 'shared-api/catalog';
import { Badge, Button, Card, EmptyState, ErrorBanner, Heading, PageHeader, Text } from 'shared-ui';
import { BackLink } from '../../components/BackLink';
import { PageLoader } from '../../components/PageLoader';
import { useRouteIds } from '../../lib/routeIds';
import { brandPaths } from '../../paths';
import { formatRewardRule } from './rewardRule';
import { useCampaign } from './useCampaign';

/**
 * A campaign at a glance. Its statistics (joins, clicks, conversions, visitors) arrive with the
 * analytics work; until then this shows what the campaign is and where to edit it.
 */
export function CampaignOverviewPage() {
  const { brandId, campaignId } = useRouteIds();
  const { campaign, isLoading, isError } = useCampaign(campaignId);
  const listPath = brandId === null ? brandPaths.brands : brandPaths.campaigns(brandId);
  const back = <BackLink to={listPath}>Back to Campaigns</BackLink>;

  if (campaignId === null)
    return (
      <>
        {back}
        <ErrorBanner message="Missing campaign id" />
      </>
    );
  if (isLoading) return <PageLoader label="Loading campaign" />;
  if (isError || !campaign)
    return (
      <>
        {back}
        <ErrorBanner message="Failed to load campaign" />
      </>
    );

  const products = campaignProducts(campaign);
  return (
    <>
      {back}
      <PageHeader
        title={campaignTitle(campaign) || 'Untitled campaign'}
        subtitle={campaign.campaign_id ?? undefined}
        actions={
          brandId !== null && (
            <Button
              as={Link}
              to={brandPaths.editCampaign(brandId, campaign.id)}
              state={{ campaign }}
            >
              Edit
            </Button>
          )
        }
      />
      <Grid>
        <Card as="section" aria-label="Summary">
          <Facts>
            <dt>Status</dt>
            <dd>
              <Badge tone={campaign.status === 'active' ? 'success' : 'neutral'}>
                {campaign.status ?? 'active'}
              </Badge>
            </dd>
            <dt>Reward</dt>
            <dd>{formatRewardRule(campaign)}</dd>
            <dt>Products</dt>
            <dd>
              {products.length
                ? products.map((p) => p.name ?? p.title ?? p.id).join(', ')
                : 'No products attached to this campaign.'}
            </dd>
          </Facts>
          {campaign.description && <Text muted>{campaign.description}</Text>}
        </Card>
        <Card as="section" aria-labelledby="stats-heading">
          <Heading level={2} size="lg" id="stats-heading">
            Statistics
          </Heading>
          <EmptyState text="Statistics appear once advocates join and share this campaign." />
        </Card>
      </Grid>
    </>
  );
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(300px, 1fr));
  gap: ${({ theme }) => theme.spacing(4)};
  align-items: start;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.spacing(2)} ${({ theme }) => theme.spacing(4)};
  margin-bottom: ${({ theme }) => theme.spacing(3)};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    color: ${({ theme }) => theme.colors.text};
    text-transform: none;
  }
`;
