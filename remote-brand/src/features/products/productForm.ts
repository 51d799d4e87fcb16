import { minorUnitProblem } from 'contract/currency';
import { MESSAGES } from 'contract/rules';
import * as yup from 'yup';
import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  type Currency,
  type Product,
  type ProductStatus,
} from 'shared-api';
import { blankNulls, valueOptions } from 'shared-ui';
import { type CreateProductInput, type UpdateProductInput } from './productsApi';
import { optionalText } from '../../lib/formValues';

/** The fields of both product forms; Manage uses a subset. */
export interface ProductFormValues {
  name: string;
  /** '' while the number box is empty. */
  price: number | '';
  currency: Currency;
  status: ProductStatus;
  description: string;
  product_url: string;
  unique_id: string;
  source_product_id: string;
  image_url: string;
  /** Manage only: shown with a hint, never sent. */
  brand_id: number | '';
}

export const currencyOptions = valueOptions(CURRENCIES);

export function newProductValues(): ProductFormValues {
  return {
    name: '',
    price: '',
    currency: DEFAULT_CURRENCY,
    status: 'active',
    description: '',
    product_url: '',
    unique_id: '',
    source_product_id: '',
    image_url: '',
    brand_id: '',
  };
}

/** A stored product as form values, e.g. after load or after the update reply. */
export function productValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    price: product.price,
    currency: product.currency,
    status: product.status,
    ...blankNulls(product, [
      'description',
      'product_url',
      'unique_id',
      'source_product_id',
      'image_url',
      'brand_id',
    ]),
  };
}

/** Create Product's rules. Manage Product deliberately has none. */
export const createProductSchema = yup.object({
  name: yup.string().trim().required(MESSAGES.nameRequired),
  price: yup
    .number()
    .typeError('Price must be greater than 0')
    .required(MESSAGES.priceAboveZero)
    .moreThan(0, MESSAGES.priceAboveZero)
    // Whole minor units of the chosen currency, as the server checks (contract/currency).
    .test('minor-unit', function minorUnit(value) {
      const problem =
        value === undefined ? null : minorUnitProblem(value, String(this.parent.currency ?? ''));
      return problem === null || this.createError({ message: `Price ${problem}` });
    }),
  currency: yup.string().required(MESSAGES.currencyRequired),
  status: yup.string().required(MESSAGES.statusRequired),
});

/** Create: optional texts only when non-empty after trimming; brand_id from a numeric route id. */
export function toCreateProductInput(
  values: ProductFormValues,
  brandId: number | null,
): CreateProductInput {
  return {
    name: values.name.trim(),
    price: Number(values.price),
    currency: values.currency,
    status: values.status,
    brand_id: brandId ?? undefined,
    unique_id: optionalText(values.unique_id),
    source_product_id: optionalText(values.source_product_id),
    description: optionalText(values.description),
    image_url: optionalText(values.image_url),
    product_url: optionalText(values.product_url),
  };
}

/** Update: name, description, price, currency, status, and product_url only if non-empty. */
export function toUpdateProductInput(id: number, values: ProductFormValues): UpdateProductInput {
  return {
    id,
    name: values.name,
    description: values.description,
    // No client validation: an empty box goes as 0 and the server says what is wrong.
    price: Number(values.price),
    currency: values.currency,
    status: values.status,
    product_url: optionalText(values.product_url),
  };
}
