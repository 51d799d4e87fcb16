import { useParams } from 'shared-ui/router';

/** A positive whole number from a route segment, else null ('abc', '0', '1.5' are not ids). */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** The numeric ids of the current route, e.g. `useRouteIds().brandId`; null when absent or bad. */
export function useRouteIds(): {
  brandId: number | null;
  productId: number | null;
  campaignId: number | null;
} {
  const params = useParams();
  return {
    brandId: parseId(params.brandId),
    productId: parseId(params.productId),
    campaignId: parseId(params.campaignId),
  };
}
