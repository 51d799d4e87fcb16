/** What the advocates list shows, read from and written to its URL (the URL is the state). */
export const STATUS_OPTIONS = ['active', 'inactive', 'draft', 'running', 'completed'] as const;
export type StatusFilter = (typeof STATUS_OPTIONS)[number];
export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;

export interface AdvocateFilters {
  brandId: number | null;
  campaignId: number | null;
  status: StatusFilter | null;
  /** Part of a name or email. */
  search: string;
  page: number;
  perPage: number;
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  const number = Number(value);
  return number >= 1 && number <= 2_147_483_647 ? number : null;
}

/**
 * Reads the list's query: brand_id, campaign_id, status, q, page, per_page. Whatever cannot be
 * read is dropped: a page size other than 10, 20, 30 or 50 falls back to 20, a page that is not
 * a whole number from 1 falls back to 1.
 */
export function readFilters(params: URLSearchParams): AdvocateFilters {
  const status = params.get('status');
  const perPage = positiveInt(params.get('per_page'));
  return {
    brandId: positiveInt(params.get('brand_id')),
    campaignId: positiveInt(params.get('campaign_id')),
    status: STATUS_OPTIONS.find((option) => option === status) ?? null,
    search: params.get('q')?.trim() ?? '',
    page: positiveInt(params.get('page')) ?? 1,
    perPage: PAGE_SIZES.find((size) => size === perPage) ?? DEFAULT_PAGE_SIZE,
  };
}

/** The query string for `filters`; defaults are left out so a plain visit keeps a plain URL. */
export function writeFilters(filters: AdvocateFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.brandId !== null) params.set('brand_id', String(filters.brandId));
  if (filters.campaignId !== null) params.set('campaign_id', String(filters.campaignId));
  if (filters.status) params.set('status', filters.status);
  if (filters.search) params.set('q', filters.search);
  if (filters.page !== 1) params.set('page', String(filters.page));
  if (filters.perPage !== DEFAULT_PAGE_SIZE) params.set('per_page', String(filters.perPage));
  return params;
}
