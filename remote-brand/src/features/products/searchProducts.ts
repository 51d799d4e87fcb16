import type { Product } from 'shared-api';

/** A case-insensitive match on id, name, brand name or description. */
export function searchProducts(products: readonly Product[], query: string): Product[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...products];
  return products.filter((product) =>
    [String(product.id), product.name, product.brand_name, product.description].some((field) =>
      field?.toLowerCase().includes(needle),
    ),
  );
}
