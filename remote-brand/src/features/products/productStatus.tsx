import { PRODUCT_STATUSES, type ProductStatus } from 'shared-api';
import { Badge, type BadgeTone } from 'shared-ui';

/** How each product status shows as a badge. */
const BADGE: Readonly<Record<ProductStatus, { label: string; tone: BadgeTone }>> = {
  active: { label: 'Active', tone: 'success' },
  inactive: { label: 'Inactive', tone: 'neutral' },
  discontinued: { label: 'Discontinued', tone: 'danger' },
  out_of_stock: { label: 'Out of stock', tone: 'warning' },
};

export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  const badge = BADGE[status] ?? { label: status, tone: 'neutral' };
  return <Badge tone={badge.tone}>{badge.label}</Badge>;
}

/** 'out_of_stock' → 'Out of stock', for select options. */
export function statusLabel(status: ProductStatus): string {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const statusOptions = PRODUCT_STATUSES.map((status) => ({
  value: status,
  label: statusLabel(status),
}));
