import { useMemo, useState } from 'react';
import { Link } from 'shared-ui/router';
import styled from 'styled-components';
import { useListBrandCampaignsQuery } from 'shared-api/catalog';
import { ErrorBanner, Input, PageHeader, Select } from 'shared-ui';
import { BackLink } from '../../components/BackLink';
import { PermittedButton } from '../../components/PermittedButton';
import { useRouteIds } from '../../lib/routeIds';
import { brandPaths } from '../../paths';
import { CampaignsTable } from './CampaignsTable';
import { searchCampaigns } from './searchCampaigns';

// The period select is shown but filters nothing yet.
const PERIODS = [
  { value: 'week', label: 'Last week' },
  { value: 'month', label: 'Last month' },
  { value: 'quarter', label: 'Last quarter' },
];

/** A brand's campaigns. */
export function CampaignsPage() {
  const { brandId } = useRouteIds();
  const [search, setSearch] = useState('');
  const [period, setPeriod] = useState(PERIODS[0].value);
  const { data, isLoading, isError, refetch } = useListBrandCampaignsQuery(brandId ?? 0, {
    skip: brandId === null,
  });
  const rows = useMemo(() => searchCampaigns(data ?? [], search), [data, search]);

  return (
    <>
      <BackLink to={brandPaths.brands}>Back to Brands</BackLink>
      <PageHeader
        title="Campaigns"
        subtitle="Reward advocates for the sales they bring."
        actions={
          brandId !== null && (
            <PermittedButton
              brandId={brandId}
              permission="catalog"
              as={Link}
              to={brandPaths.createCampaign(brandId)}
            >
              Create Campaign
            </PermittedButton>
          )
        }
      />
      <Toolbar>
        <Input
          type="search"
          aria-label="Search campaigns"
          placeholder="Search by title or campaign id"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Select
          aria-label="Period"
          options={PERIODS}
          value={period}
          onChange={(event) => setPeriod(event.target.value)}
        />
      </Toolbar>
      {brandId === null || isError ? (
        <ErrorBanner
          message="Failed to fetch campaigns"
          onRetry={brandId === null ? undefined : () => void refetch()}
        />
      ) : (
        <CampaignsTable brandId={brandId} rows={rows} loading={isLoading} />
      )}
    </>
  );
}

const Toolbar = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 180px;
  gap: ${({ theme }) => theme.spacing(2)};
  margin-bottom: ${({ theme }) => theme.spacing(4)};

  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;
