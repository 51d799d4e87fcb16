import type { CampaignProductRef } from 'shared-api';
import type { CampaignRecord } from 'shared-api/catalog';
import type { JoinedLink } from './joinApi';

/** A link to show: the product it promotes, and whether it is the advocate's tracked link. */
export interface ProductLink {
  key: string;
  productName: string;
  url: string;
  /** False for the product_url fallback, which earns nothing: the advocate should know. */
  tracked: boolean;
}

/**
 * The join reply's links paired with the campaign's products: by product_id, else the
 * product's product_url as the fallback. Links for products the campaign no longer lists are
 * kept (labelled by id), and a lone share_link is named after the only product or the campaign.
 */
export function productLinks(
  campaign: CampaignRecord,
  links: readonly JoinedLink[],
): ProductLink[] {
  const products = campaign.products;
  const nameOf = (p: CampaignProductRef) => p.name || `Product #${p.id}`;
  const byProduct = new Map(links.filter((l) => l.productId !== null).map((l) => [l.productId, l]));

  const result: ProductLink[] = [];
  for (const product of products) {
    const link = byProduct.get(product.id);
    if (link) {
      result.push({
        key: `p${product.id}`,
        productName: nameOf(product),
        url: link.url,
        tracked: true,
      });
      byProduct.delete(product.id);
    } else if (product.product_url) {
      result.push({
        key: `p${product.id}`,
        productName: nameOf(product),
        url: product.product_url,
        tracked: false,
      });
    }
  }
  for (const [productId, link] of byProduct) {
    result.push({
      key: `p${productId}`,
      productName: `Product #${productId}`,
      url: link.url,
      tracked: true,
    });
  }
  const single = links.find((l) => l.productId === null);
  if (single && result.every((r) => !r.tracked)) {
    const name = products.length === 1 ? nameOf(products[0]) : (campaign.title ?? 'Campaign link');
    // The single link replaces the untracked fallback of that same product.
    return [{ key: 'single', productName: name, url: single.url, tracked: true }];
  }
  return result;
}
