// The product calls' schemas live in the contract, shared with the clients; the server adds the
// wording of its validation errors.
import { MESSAGES } from 'contract/rules';
import type { FieldMessages } from '../../plugins/errors.js';

export {
  BrandProductsQuery,
  CreateProductBody,
  CurrencyValue,
  ProductListReply,
  ProductReply,
  ProductStatusValue,
  ProductView,
  ProductWriteReply,
  UpdateProductBody,
} from 'contract';

/** The create form's wording. */
export const PRODUCT_MESSAGES: FieldMessages = {
  name: {
    required: MESSAGES.nameRequired,
    minLength: MESSAGES.nameRequired,
    pattern: MESSAGES.nameRequired,
  },
  price: {
    required: MESSAGES.priceAboveZero,
    exclusiveMinimum: MESSAGES.priceAboveZero,
  },
  currency: { required: MESSAGES.currencyRequired },
  status: { required: MESSAGES.statusRequired },
};
