import { Link } from 'shared-ui/router';
import styled from 'styled-components';
import type { Product } from 'shared-api';
import { Button, formatDate, formatMoney, linkStyles, padId, truncate } from 'shared-ui';
import { actionsColumn, figureColumn, Table, type TableColumn } from 'shared-ui/workspace';
import { brandPaths } from '../../paths';
import { ProductStatusBadge } from './productStatus';

interface ProductTableProps {
  rows: readonly Product[];
  brandId: number;
  loading: boolean;
}

// The one date style ('Nov 27, 2026') is short enough to keep the eight columns in a laptop's width.
const formatCreated = (createdAt: string | undefined): string => formatDate(createdAt);

const amount = (product: Product) => formatMoney(product.price, product.currency);

function productColumns(brandId: number): TableColumn<Product>[] {
  return [
    { key: 'id', header: 'PID', render: (p) => padId(p.id, 4), sortable: true },
    { key: 'name', header: 'Product', render: (p) => <ProductCell product={p} />, sortable: true },
    { key: 'brand_name', header: 'Brand' },
    {
      key: 'description',
      header: 'Description',
      render: (p) => (p.description ? truncate(p.description, 60) : <Muted>No description</Muted>),
    },
    { key: 'price', header: 'Amount', render: amount, align: 'right', sortable: true },
    { key: 'status', header: 'Status', render: (p) => <ProductStatusBadge status={p.status} /> },
    {
      key: 'created_at',
      header: 'Created',
      render: (p) => formatCreated(p.created_at),
      sortable: true,
    },
    actionsColumn((p) => (
      <Button
        as={Link}
        to={brandPaths.product(brandId, p.id)}
        size="sm"
        variant="secondary"
        aria-label={`Manage ${p.name}`}
      >
        Manage
      </Button>
    )),
  ];
}

export function ProductsTable({ rows, brandId, loading }: ProductTableProps) {
  return (
    <Table caption="Products" columns={productColumns(brandId)} rows={rows} loading={loading} />
  );
}

// The Sales tab lists the same records; the sale columns have no data yet.
const salesColumns: TableColumn<Product>[] = [
  { key: 'id', header: 'ID', render: (p) => padId(p.id, 4) },
  { key: 'name', header: 'Name' },
  figureColumn('price', 'Amount', amount),
  { key: 'status', header: 'Status', render: (p) => <ProductStatusBadge status={p.status} /> },
  { key: 'customer', header: 'Customer' },
  { key: 'email', header: 'Email' },
  { key: 'lead_source', header: 'Lead Source' },
];

export function SalesTable({ rows, loading }: Omit<ProductTableProps, 'brandId'>) {
  return <Table caption="Sales" columns={salesColumns} rows={rows} loading={loading} />;
}

function ProductCell({ product }: { product: Product }) {
  return (
    <Cell>
      {product.image_url ? (
        <Thumb src={product.image_url} alt="" loading="lazy" />
      ) : (
        <Initial aria-hidden="true">{product.name.trim().charAt(0).toUpperCase()}</Initial>
      )}
      {product.product_url ? (
        <ExternalLink href={product.product_url} target="_blank" rel="noreferrer noopener">
          {product.name}
        </ExternalLink>
      ) : (
        <span>{product.name}</span>
      )}
    </Cell>
  );
}

const Cell = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
`;

const Thumb = styled.img`
  width: 32px;
  height: 32px;
  border-radius: ${({ theme }) => theme.radii.sm};
  object-fit: cover;
`;

const Initial = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 32px;
  height: 32px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const ExternalLink = styled.a`
  ${linkStyles}
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;
