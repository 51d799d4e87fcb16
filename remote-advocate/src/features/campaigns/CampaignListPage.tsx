import { Link } from 'shared-ui/router';
import { useListCampaignsQuery, type CampaignRecord } from 'shared-api/catalog';
import styled from 'styled-components';
import { Button, Card, ErrorBanner, PageHeader, truncate } from 'shared-ui';
import { actionsColumn, Table, type TableColumn } from 'shared-ui/workspace';
import { advocatePaths } from '../../paths';
import { brandLabel, campaignLabel } from './campaignLabels';

const PAGE_SIZE = 10;

const COLUMNS: TableColumn<CampaignRecord>[] = [
  { key: 'campaign_id', header: 'Campaign ID', render: (c) => c.campaign_id ?? String(c.id) },
  {
    key: 'title',
    header: 'Title',
    render: campaignLabel,
    sortable: true,
    sortValue: campaignLabel,
  },
  { key: 'brand', header: 'Brand', render: brandLabel, sortable: true, sortValue: brandLabel },
  { key: 'description', header: 'Description', render: (c) => truncate(c.description, 80) || '-' },
  actionsColumn((c) => (
    // The row's campaign travels along so the detail screen draws without waiting.
    <Button
      as={Link}
      to={advocatePaths.campaign(c.id)}
      state={{ campaign: c }}
      size="sm"
      variant="secondary"
      aria-label={`View ${campaignLabel(c)}`}
    >
      View
    </Button>
  )),
];

/** Every active campaign an advocate may join. */
export function CampaignListPage() {
  const { data = [], isLoading, isError, refetch } = useListCampaignsQuery();
  return (
    <>
      <PageHeader
        title="Available Campaigns"
        subtitle="Join a campaign to get your share links for its products."
      />
      {isError ? (
        <ErrorBanner message="Failed to load campaigns" onRetry={() => void refetch()} />
      ) : (
        <ListCard>
          <Table
            caption="Available Campaigns"
            columns={COLUMNS}
            rows={data}
            loading={isLoading}
            pageSize={PAGE_SIZE}
            emptyText="No campaigns found."
          />
        </ListCard>
      )}
    </>
  );
}

/**
 * Positioned and clipped for the visually hidden 'Actions' header: shared-ui's Table scroll box
 * is not positioned, so that absolutely positioned text would sit past the right edge of a
 * table wider than a phone and widen the whole page.
 */
const ListCard = styled(Card)`
  position: relative;
  overflow: hidden;
`;
