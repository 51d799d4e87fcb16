// The product as clients read it.
import type { ProductRow } from '../../db/schema.js';
import type { ProductView } from './schemas.js';

/** A product row with its brand's name and owner (every read joins them). */
export type ProductWithBrand = ProductRow & { brandName: string; ownerId: number };

export function toProductView(product: ProductWithBrand): ProductView {
  return {
    id: product.id,
    name: product.name,
    brand_id: product.brandId,
    brand_name: product.brandName,
    unique_id: product.uniqueId,
    source_product_id: product.sourceProductId,
    description: product.description,
    price: product.price,
    currency: product.currency,
    status: product.status,
    image_url: product.imageUrl,
    product_url: product.productUrl,
    created_at: product.createdAt.toISOString(),
  };
}
