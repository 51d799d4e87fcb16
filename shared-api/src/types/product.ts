import type { ProductView } from 'contract';
import type { Currency } from 'contract/rules';

export { CURRENCIES, PRODUCT_STATUSES, type Currency, type ProductStatus } from 'contract/rules';

export const DEFAULT_CURRENCY: Currency = 'USD';

/** A product as the server sends it. */
export type Product = ProductView;
