import { Link } from 'shared-ui/router';
import styled from 'styled-components';
import { campaignTitle, type CampaignRecord } from 'shared-api/catalog';
import { Button, truncate } from 'shared-ui';
import { actionsColumn, figureColumn, Table, type TableColumn } from 'shared-ui/workspace';
import { useBrandAccess } from '../../lib/brandRole';
import { brandPaths } from '../../paths';
import { formatRewardRule } from './rewardRule';

export const CAMPAIGNS_PER_PAGE = 10;

function columns(brandId: number, mayEdit: boolean): TableColumn<CampaignRecord>[] {
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
    figureColumn('commission', 'Commission', formatRewardRule),
    actionsColumn((c) => {
      // The row's campaign travels along so View and Edit draw without a fetch.
      const state = { campaign: c };
      const label = campaignTitle(c) || c.campaign_id || String(c.id);
      const links = [
        { action: 'View', to: brandPaths.campaign(brandId, c.id) },
        // Edit is left out for a role that may not change campaigns (the server refuses it).
        ...(mayEdit ? [{ action: 'Edit', to: brandPaths.editCampaign(brandId, c.id) }] : []),
      ];
      return (
        <Actions>
          {links.map(({ action, to }) => (
            <Button
              key={action}
              as={Link}
              to={to}
              state={state}
              size="sm"
              variant="secondary"
              aria-label={`${action} ${label}`}
            >
              {action}
            </Button>
          ))}
        </Actions>
      );
    }),
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
  const mayEdit = useBrandAccess(brandId).may('catalog');
  return (
    <Table
      caption="Campaigns"
      columns={columns(brandId, mayEdit)}
      rows={rows}
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
