import { Link } from 'shared-ui/router';
import styled from 'styled-components';
import { campaignTitle, type CampaignRecord } from 'shared-api/catalog';
import { Button, truncate, VisuallyHidden } from 'shared-ui';
import { Table, type TableColumn } from 'shared-ui/workspace';
import { brandPaths } from '../../paths';
import { formatRewardRule } from './rewardRule';

export const CAMPAIGNS_PER_PAGE = 10;

function columns(brandId: number): TableColumn<CampaignRecord>[] {
  return [
    { key: 'campaign_id', header: 'Campaign ID', render: (c) => c.campaign_id ?? '-' },
    {
      key: 'title',
      header: 'Title',
      render: (c) => campaignTitle(c) || '-',
      sortable: true,
      sortValue: campaignTitle,
    },
    {
      key: 'description',
      header: 'Description',
      render: (c) => truncate(c.description, 60) || '-',
    },
    // Advocates per campaign are not counted yet.
    { key: 'advocates', header: 'Advocates', render: () => '-', align: 'center' },
    { key: 'commission', header: 'Commission', render: formatRewardRule, align: 'right' },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      actions: true,
      render: (c) => {
        // The row's campaign travels along so View and Edit draw without a fetch.
        const state = { campaign: c };
        const label = campaignTitle(c) || c.campaign_id || String(c.id);
        return (
          <Actions>
            <Button
              as={Link}
              to={brandPaths.campaign(brandId, c.id)}
              state={state}
              size="sm"
              variant="secondary"
              aria-label={`View ${label}`}
            >
              View
            </Button>
            <Button
              as={Link}
              to={brandPaths.editCampaign(brandId, c.id)}
              state={state}
              size="sm"
              variant="secondary"
              aria-label={`Edit ${label}`}
            >
              Edit
            </Button>
          </Actions>
        );
      },
    },
  ];
}

export function CampaignsTable({
  brandId,
  rows,
  loading,
}: {
  brandId: number;
  rows: readonly CampaignRecord[];
  loading: boolean;
}) {
  return (
    <Table
      caption="Campaigns"
      columns={columns(brandId)}
      rows={rows}
      getRowId={(c) => c.id}
      loading={loading}
      pageSize={CAMPAIGNS_PER_PAGE}
      emptyText="No campaigns found."
    />
  );
}

const Actions = styled.span`
  display: inline-flex;
  gap: ${({ theme }) => theme.spacing(2)};
`;
