import styled from 'styled-components';
import { Link, useParams } from 'shared-ui/router';
import {
  Button,
  Columns,
  EmptyState,
  ErrorBanner,
  linkStyles,
  PageHeader,
  PageLoader,
} from 'shared-ui';
import { parseId } from '../../lib/parseId';
import { advocatePaths } from '../../paths';
import { campaignLabel, brandLabel } from './campaignLabels';
import { CampaignSummary } from './CampaignSummary';
import { JoinPanel } from './JoinPanel';
import { useAdvocateCampaign } from './useAdvocateCampaign';

/** One campaign and the way to join it. */
export function CampaignDetailPage() {
  const campaignId = parseId(useParams().campaignId);
  const load = useAdvocateCampaign(campaignId);
  const back = <Back to={advocatePaths.campaigns}>← Back to Campaigns</Back>;

  if (load.phase === 'loading') return <PageLoader label="Loading campaign" />;
  if (load.phase === 'missing') {
    return (
      <>
        {back}
        <EmptyState
          title="No campaign found."
          text="It may have ended or been removed."
          action={
            <Button as={Link} to={advocatePaths.campaigns} variant="secondary">
              See available campaigns
            </Button>
          }
        />
      </>
    );
  }
  if (load.phase === 'failed') {
    return (
      <>
        {back}
        <ErrorBanner message="Failed to load campaign" onRetry={load.retry} />
      </>
    );
  }

  const { campaign } = load;
  return (
    <>
      {back}
      <PageHeader
        title={campaignLabel(campaign)}
        subtitle={[brandLabel(campaign), campaign.campaign_id].filter(Boolean).join(' · ')}
      />
      <Columns>
        <CampaignSummary campaign={campaign} />
        <JoinPanel campaign={campaign} />
      </Columns>
    </>
  );
}

const Back = styled(Link)`
  ${linkStyles}
  display: inline-block;
  margin-bottom: ${({ theme }) => theme.spacing(3)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
