import type { MyLinksReply } from 'contract';
import { api } from 'shared-api';
import type { JoinedLink } from './joinApi';

/** GET campaign/{id}/share-links/: whether the advocate joined, and the links the join made. */
export interface MyLinks {
  joined: boolean;
  links: JoinedLink[];
  /** The advocate's application, on a campaign the brand approves advocates for. */
  application?: MyLinksReply['application'];
}

export const myLinksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyShareLinks: build.query<MyLinks, number>({
      query: (campaignId) => `campaign/${campaignId}/share-links/`,
      transformResponse: (reply: MyLinksReply): MyLinks => ({
        joined: reply.joined,
        application: reply.application ?? null,
        links: reply.share_links.map((link) => ({ productId: link.product_id, url: link.url })),
      }),
    }),
  }),
});

export const { useGetMyShareLinksQuery } = myLinksApi;
