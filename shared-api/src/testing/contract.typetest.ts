/**
 * Compiled by the type check (never run): proves that fake replies are held to the server's
 * reply schemas. Each `@ts-expect-error` line must stay an error; if the contract stopped
 * catching it, the directive itself would fail the type check.
 */
import type { CampaignStats, ProductListReply } from 'contract';
import { aCampaignStats, aProduct, replies } from './fixtures';

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
