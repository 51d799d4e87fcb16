import { useMemo } from 'react';
import { useSearchParams } from 'shared-ui/router';
import { fieldErrors } from 'shared-api';
import styled from 'styled-components';
import { ErrorBanner, PageHeader, useExportableTable } from 'shared-ui';
import { Pagination } from 'shared-ui/workspace';
import { brandPaths } from '../../paths';
import { readFilters, writeFilters, type AdvocateFilters } from './advocateFilters';
import { AdvocateFiltersForm } from './AdvocateFiltersForm';
import { useListBrandAdvocatesQuery } from './advocatesApi';
import { ADVOCATE_EXPORT_COLUMNS, AdvocatesTable } from './AdvocatesTable';

/**
 * The advocates who joined the owner's brands (/brand/advocates). The URL holds every filter and
 * the page, so a reload, a shared link and the browser's back and forward show the same list.
 */
export function AdvocatesPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const { data, isLoading, isFetching, isError, error, refetch } =
    useListBrandAdvocatesQuery(filters);
  // A filter the server refuses (a search over 100 characters) is said under that filter.
  const filterErrors = isError ? fieldErrors(error, ['q', 'campaign_id']) : {};
  const refused = Boolean(filterErrors.q ?? filterErrors.campaign_id);

  const show = (next: AdvocateFilters) => setParams(writeFilters(next));
  const campaignHref = (campaignId: number) =>
    `${brandPaths.advocates}?${writeFilters({ ...filters, campaignId, page: 1 })}`;

  useExportableTable(
    data && !isError
      ? { name: 'advocates', columns: ADVOCATE_EXPORT_COLUMNS, rows: data.data }
      : null,
  );

  return (
    <>
      <PageHeader title="Advocates" subtitle="Everyone who joined a campaign of your brands." />
      <AdvocateFiltersForm
        // A new URL (Apply, a chip, back or forward) starts the form from what it says.
        key={params.toString()}
        filters={filters}
        onApply={show}
        onClear={() => setParams(new URLSearchParams())}
        serverErrors={filterErrors}
      />
      {refused ? null : isError ? (
        <ErrorBanner message="Failed to load advocates" onRetry={() => void refetch()} />
      ) : (
        <Results aria-busy={isFetching || undefined}>
          <AdvocatesTable
            rows={data?.data ?? []}
            loading={isLoading}
            campaignHref={campaignHref}
            brandId={filters.brandId}
          />
          {data && data.meta.total > 0 && (
            <Pagination
              page={filters.page}
              pages={Math.max(data.meta.pages, 1)}
              total={data.meta.total}
              perPage={filters.perPage}
              onPageChange={(page) => show({ ...filters, page })}
            />
          )}
        </Results>
      )}
    </>
  );
}

const Results = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(3)};
  min-width: 0;
`;
