/**
 * What waits for a brand's review: the brand's review screen, its dashboard and the shell's
 * sidebar all read it, so the call and its words live here once. Its tag is the one the review
 * decisions invalidate (remote-brand's payouts feature), so an approval or rejection anywhere
 * refreshes every count.
 */
import type { ReviewSummary } from 'contract';
import { mayDo } from 'contract/teams';
import { api } from '../api/api';
import type { User } from '../types';

/** The review's cache tag: decisions, reopenings and payouts invalidate it. */
export const REVIEW_TAG = { type: 'Conversion' as const, id: 'REVIEW' };

const summaryPath = (brandId: number) => `brand/${brandId}/review/summary/`;

export const reviewSummaryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReviewSummary: build.query<ReviewSummary, number>({
      query: summaryPath,
      providesTags: [REVIEW_TAG],
    }),
    /**
     * Sales held for a person on all the given brands together (a count of sales, never money,
     * so brands add up). A brand whose summary cannot be read is left out; it fails only when
     * none can be.
     */
    salesWaitingForReview: build.query<number, readonly number[]>({
      async queryFn(brandIds, _api, _extra, baseQuery) {
        const replies = await Promise.all(brandIds.map((id) => baseQuery(summaryPath(id))));
        const read = replies.filter((reply) => !reply.error);
        if (brandIds.length > 0 && read.length === 0) return { error: replies[0].error! };
        return { data: read.reduce((n, reply) => n + (reply.data as ReviewSummary).held, 0) };
      },
      providesTags: [REVIEW_TAG],
    }),
  }),
});

export const { useGetReviewSummaryQuery, useSalesWaitingForReviewQuery } = reviewSummaryApi;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '2 sales waiting for review', or null when none waits for a person. */
export function waitingText(held: number | undefined): string | null {
  if (!held) return null;
  return `${plural(held, 'sale', 'sales')} waiting for review`;
}

/**
 * The brands whose held sales `user` may decide on: a role with the review permission and, where
 * the brand requires it, two-factor on (the server refuses the rest).
 */
export function reviewableBrandIds(
  user: Pick<User, 'brand_roles' | 'two_factor_enabled'> | null,
): number[] {
  return (user?.brand_roles ?? [])
    .filter((m) => mayDo(m.role, 'review') && (!m.two_factor_required || user?.two_factor_enabled))
    .map((m) => m.brand_id);
}
