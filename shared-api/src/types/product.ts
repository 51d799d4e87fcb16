export type Currency = 'USD' | 'NGN' | 'EUR' | 'GBP';
export type ProductStatus = 'active' | 'inactive' | 'discontinued' | 'out_of_stock';

export const CURRENCIES: readonly Currency[] = ['USD', 'NGN', 'EUR', 'GBP'];
export const DEFAULT_CURRENCY: Currency = 'USD';
export const PRODUCT_STATUSES: readonly ProductStatus[] = [
  'active',
  'inactive',
  'discontinued',
  'out_of_stock',
];

export interface Product {
  id: number;
  name: string;
  brand_id?: number | null;
  brand_name?: string | null;
  unique_id?: string | null;
  source_product_id?: string | null;
  description?: string | null;
  price: number;
  currency: Currency;
  status: ProductStatus;
  image_url?: string | null;
  product_url?: string | null;
  created_at?: string;
}
