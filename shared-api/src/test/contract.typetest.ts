/**
 * Compiled by the type check (never run): proves that fake replies are held to the server's
 * reply schemas. Each `@ts-expect-error` line must stay an error; if the contract stopped
 * catching it, the directive itself would fail the type check.
 */
import type { ApiReply, CampaignStats, ProductListReply } from 'contract';
import type { FakeRoutes } from './fakeApi';
import { aBrand, aCampaignStats, aProduct, replies } from './fixtures';

// The server counts clicks as integers; a fake reply cannot send them as text.
// @ts-expect-error clicks is a number in the contract
export const textCount: CampaignStats = { ...aCampaignStats(), clicks: '5' };

// A field the server does not send cannot be faked either.
// @ts-expect-error `title` is not a product field (products have a name)
export const renamed = aProduct({ title: 'House Blend' });

// Nor can a reply leave out what the server always sends.
// @ts-expect-error count is required in the product list reply
export const uncounted: ProductListReply = { status: 'success', data: { products: [] } };

// The builders accept exactly the contract's shapes.
export const fine = [replies.campaignStats(aCampaignStats({ clicks: 5 })), replies.productList([])];

// The fake API's routes are the contract's route map: a concrete path takes its template's reply.
export const statsOfCampaign: ApiReply<'GET campaign/11/stats/'> = aCampaignStats({ clicks: 5 });
// @ts-expect-error the server counts a campaign's clicks as a number, also through the route map
export const textClicks: ApiReply<'GET campaign/11/stats/'>['clicks'] = '5';

export const routes: FakeRoutes = {
  'GET campaign/11/stats/': replies.campaignStats(aCampaignStats()),
  'GET brand/list/': replies.brandList([aBrand()]),
  'GET brand/3/': replies.brandNotFound(),
  'POST token/': replies.failure(401, 'Invalid email or password'),
};

export const wrongReply: FakeRoutes = {
  // @ts-expect-error a brand list is not what GET user/me/ answers
  'GET user/me/': replies.brandList([]),
};

export const unknownRoute: FakeRoutes = {
  // @ts-expect-error the server has no such call (a brand id is a number)
  'GET brand/acme/': replies.brand(aBrand()),
};

export const textCountReply: FakeRoutes = {
  // @ts-expect-error a count sent as text is not the server's product list
  'GET brand/3/products/': { body: { status: 'success', data: { products: [], count: '0' } } },
};

export const errorWithoutDetail: FakeRoutes = {
  // @ts-expect-error an error reply carries the error envelope, whose detail is required
  'GET brand/list/': { status: 500, body: {} },
};
