import { useMemo, useState } from 'react';
import { type Brand } from 'shared-api';
import { useListBrandProductsQuery } from './productsApi';
import { ErrorBanner, PageHeader, useDebouncedValue } from 'shared-ui';
import { Tabs } from 'shared-ui/workspace';
import { BackLink } from '../../components/BackLink';
import { useStateEntity } from '../../lib/navigationState';
import { useRouteIds } from '../../lib/routeIds';
import { brandPaths } from '../../paths';
import { ProductsFooter } from './ProductsFooter';
import { ProductsTable, SalesTable } from './ProductTables';
import { PAGE_SIZES, ProductsToolbar, type StatusFilter } from './ProductsToolbar';
import { searchProducts } from './searchProducts';

export const SEARCH_DEBOUNCE_MS = 250;

type TabId = 'products' | 'sales';
const TABS = [
  { id: 'products', label: 'Products' },
  { id: 'sales', label: 'Sales' },
] as const;

/**
 * 'Products & Sales' of one brand. The status filter asks the server; the search
 * and the pages work on what arrived.
 */
export function ProductsPage() {
  const { brandId } = useRouteIds();
  const passedBrand = useStateEntity<Brand>('brand', brandId);
  const [tab, setTab] = useState<TabId>('products');
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);

  const { data, isLoading, isFetching, isError, refetch, fulfilledTimeStamp } =
    useListBrandProductsQuery(
      { brandId: brandId ?? 0, status: status === 'all' ? undefined : status },
      { skip: brandId === null },
    );
  const matches = useMemo(() => searchProducts(data?.products ?? [], query), [data, query]);

  // Any change of filter starts again at page 1, without an effect: the page belongs to a key.
  const filterKey = `${query}\n${status}\n${pageSize}`;
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const pageCount = Math.max(1, Math.ceil(matches.length / pageSize));
  const page = paging.key === filterKey ? Math.min(paging.page, pageCount) : 1;
  const rows = matches.slice((page - 1) * pageSize, page * pageSize);

  const brandName = passedBrand?.brand_name ?? data?.products[0]?.brand_name;
  const backTo = brandId === null ? brandPaths.brands : brandPaths.brand(brandId);
  const failed = brandId === null || isError;

  return (
    <>
      <BackLink to={brandPaths.brands}>Back to Brands</BackLink>
      <PageHeader title="Products & Sales" subtitle={brandName} />
      <Tabs tabs={TABS} value={tab} onChange={setTab} aria-label="Products and sales" />
      <ProductsToolbar
        search={search}
        onSearchChange={setSearch}
        status={status}
        onStatusChange={setStatus}
        pageSize={pageSize}
        onPageSizeChange={setPageSize}
        addProductTo={brandPaths.createProduct(brandId ?? '')}
        brandId={brandId}
      />
      {failed ? (
        <ErrorBanner
          message="Failed to load products"
          onRetry={brandId === null ? undefined : () => void refetch()}
        />
      ) : (
        <div role="tabpanel" aria-label={tab === 'products' ? 'Products' : 'Sales'}>
          {tab === 'products' ? (
            <ProductsTable rows={rows} brandId={brandId} loading={isLoading} />
          ) : (
            <SalesTable rows={rows} loading={isLoading} />
          )}
        </div>
      )}
      <ProductsFooter
        page={page}
        total={matches.length}
        perPage={pageSize}
        onPageChange={(next) => setPaging({ key: filterKey, page: next })}
        updatedAt={fulfilledTimeStamp}
        refreshing={isFetching && !isLoading}
        onRefresh={() => void refetch()}
        backTo={backTo}
      />
    </>
  );
}
