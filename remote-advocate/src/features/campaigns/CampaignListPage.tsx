import { useId, useMemo, useState } from 'react';
import { Link } from 'shared-ui/router';
import { useListCampaignsQuery, type CampaignRecord } from 'shared-api/catalog';
import styled from 'styled-components';
import {
  Badge,
  Button,
  Card,
  ErrorBanner,
  Input,
  LabelledControl,
  PageHeader,
  Select,
  truncate,
} from 'shared-ui';
import { actionsColumn, Table, type TableColumn } from 'shared-ui/workspace';
import { advocatePaths } from '../../paths';
import { brandLabel, campaignLabel } from './campaignLabels';
import {
  brandOptions,
  filterCampaigns,
  JOIN_MODE_WORDS,
  NO_FILTERS,
  paysText,
  standingText,
  type CampaignFilters,
} from './campaignFilters';
import { useGetCampaignStandingQuery, type CampaignStanding } from './campaignStandingApi';

const PAGE_SIZE = 10;

const REWARD_OPTIONS = [
  { value: 'percentage', label: 'Percentage of the sale' },
  { value: 'flat', label: 'Fixed amount' },
];

function columns(standing: Map<number, CampaignStanding> | undefined): TableColumn<CampaignRecord>[] {
  return [
    { key: 'campaign_id', header: 'Campaign ID', render: (c) => c.campaign_id ?? String(c.id) },
    {
      key: 'title',
      header: 'Title',
      render: campaignLabel,
      sortable: true,
      sortValue: campaignLabel,
    },
    { key: 'brand', header: 'Brand', render: brandLabel, sortable: true, sortValue: brandLabel },
    {
      key: 'description',
      header: 'Description',
      render: (c) => truncate(c.description, 80) || '-',
    },
    { key: 'pays', header: 'Pays', render: (c) => paysText(c, standing?.get(c.id)) },
    {
      key: 'join_mode',
      header: 'Joining',
      render: (c) => JOIN_MODE_WORDS[c.join_mode ?? 'open'],
    },
    {
      key: 'standing',
      header: 'You',
      render: (c) => {
        // Until the standing loads nothing is said; then a campaign with none is 'Not joined'.
        if (!standing) return '';
        const text = standingText(standing.get(c.id));
        if (!text) return 'Not joined';
        const tone =
          text === 'Joined' || text === 'Approved'
            ? 'success'
            : text === 'Applied'
              ? 'info'
              : 'danger';
        return <Badge tone={tone}>{text}</Badge>;
      },
    },
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
}

/** Every active campaign an advocate may join: what each pays, how to join, where they stand. */
export function CampaignListPage() {
  const { data = [], isLoading, isError, refetch } = useListCampaignsQuery();
  // The advocate's standing only adds to the rows: without it they still show.
  const { data: standing } = useGetCampaignStandingQuery();
  const [filters, setFilters] = useState<CampaignFilters>(NO_FILTERS);
  const rows = useMemo(() => filterCampaigns(data, filters), [data, filters]);
  const brands = useMemo(() => brandOptions(data), [data]);
  const cols = useMemo(() => columns(standing), [standing]);
  const ids = { search: useId(), brand: useId(), reward: useId() };
  const set = (key: keyof CampaignFilters) => (value: string) =>
    setFilters((current) => ({ ...current, [key]: value }));
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
          <Filters role="search" aria-label="Find campaigns">
            <LabelledControl label="Search" htmlFor={ids.search}>
              <Input
                id={ids.search}
                type="search"
                value={filters.search}
                placeholder="Title, brand or description"
                onChange={(event) => set('search')(event.target.value)}
              />
            </LabelledControl>
            <LabelledControl label="Brand" htmlFor={ids.brand}>
              <Select
                id={ids.brand}
                value={filters.brand}
                placeholder="All brands"
                options={brands}
                onChange={(event) => set('brand')(event.target.value)}
              />
            </LabelledControl>
            <LabelledControl label="Reward" htmlFor={ids.reward}>
              <Select
                id={ids.reward}
                value={filters.reward}
                placeholder="Any reward"
                options={REWARD_OPTIONS}
                onChange={(event) => set('reward')(event.target.value)}
              />
            </LabelledControl>
          </Filters>
          <Table
            caption="Available Campaigns"
            columns={cols}
            rows={rows}
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

const Filters = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 180px), 1fr));
  gap: ${({ theme }) => theme.spacing(3)};
  margin-bottom: ${({ theme }) => theme.spacing(4)};
`;
