import { Link } from 'shared-ui/router';
import styled from 'styled-components';
import type { ProductStatus } from 'shared-api';
import { Input, Select } from 'shared-ui';
import { PermittedButton } from '../../components/PermittedButton';
import { statusOptions } from './productStatus';

export const PAGE_SIZES = [10, 25, 50] as const;
export type StatusFilter = ProductStatus | 'all';

interface ProductsToolbarProps {
  search: string;
  onSearchChange: (value: string) => void;
  status: StatusFilter;
  onStatusChange: (value: StatusFilter) => void;
  pageSize: number;
  onPageSizeChange: (value: number) => void;
  addProductTo: string;
  /** Adding a product needs the catalog permission on this brand. */
  brandId: number | null;
}

const statusFilterOptions = [{ value: 'all', label: 'All statuses' }, ...statusOptions];
const pageSizeOptions = PAGE_SIZES.map((size) => ({
  value: String(size),
  label: `${size} per page`,
}));

export function ProductsToolbar({
  search,
  onSearchChange,
  status,
  onStatusChange,
  pageSize,
  onPageSizeChange,
  addProductTo,
  brandId,
}: ProductsToolbarProps) {
  return (
    <Bar>
      <Search
        type="search"
        aria-label="Search products"
        placeholder="Search by id, name, brand or description"
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
      />
      <Select
        aria-label="Status"
        options={statusFilterOptions}
        value={status}
        onChange={(event) => onStatusChange(event.target.value as StatusFilter)}
      />
      <Select
        aria-label="Page size"
        options={pageSizeOptions}
        value={String(pageSize)}
        onChange={(event) => onPageSizeChange(Number(event.target.value))}
      />
      <PermittedButton brandId={brandId} permission="catalog" as={Link} to={addProductTo}>
        Add Product
      </PermittedButton>
    </Bar>
  );
}

const Bar = styled.div`
  display: grid;
  grid-template-columns: minmax(200px, 1fr) 180px 150px auto;
  gap: ${({ theme }) => theme.spacing(2)};
  margin: ${({ theme }) => theme.spacing(4)} 0;

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: 1fr 1fr;
  }

  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Search = styled(Input)`
  ${({ theme }) => theme.media.tablet} {
    grid-column: 1 / -1;
  }
`;
