import type { AdvocateRecord, BrandAdvocatesReply, PageMeta } from 'contract';

/** One advocate as GET brands/advocates/ returns them (list item and profile record alike). */
export function makeAdvocate(
  overrides: Partial<AdvocateRecord> & { id?: number; name?: string; email?: string } = {},
): AdvocateRecord {
  const id = overrides.id ?? 42;
  const name = overrides.name ?? 'Ada Obi';
  const email = overrides.email ?? 'ada@example.test';
  return {
    id,
    name,
    picture_url: null,
    username: name.toLowerCase().replace(/\s+/g, '.'),
    email,
    is_active: true,
    joined_at: '2026-03-01T09:00:00.000Z',
    advocate: { id, name, email },
    totals: {
      currency: 'USD',
      clicks: 30,
      conversions: 3,
      gross_revenue: 150,
      net_revenue: 135,
      rewards: 15,
      rewards_paid: 10,
      by_currency: [
        { currency: 'USD', conversions: 3, total_revenue: 150, rewards: 15, net_revenue: 135 },
      ],
    },
    brands: [{ brand_id: 3, brand_name: 'Acme Coffee', gross_revenue: 150, conversions: 3 }],
    campaigns: [
      {
        campaign_id: 11,
        campaign_name: 'Spring Launch',
        brand_id: 3,
        joined_at: '2026-03-01T09:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

/** The list reply for `advocates`, `total` of them over pages of `perPage`. */
export function advocatesReply(
  advocates: AdvocateRecord[],
  meta: Partial<PageMeta> = {},
): { body: BrandAdvocatesReply } {
  const perPage = meta.per_page ?? 20;
  const total = meta.total ?? advocates.length;
  return {
    body: {
      data: advocates,
      meta: {
        total,
        page: 1,
        pages: Math.ceil(total / perPage),
        per_page: perPage,
        count: advocates.length,
        ...meta,
      },
      generated_at: '2026-11-22T20:00:00.000Z',
    },
  };
}
