import { api, type Currency, type Product, type ProductStatus } from 'shared-api';
import { entityAt, isRecord, listAt, messageOf, pick, toNumberOrNull } from './replies';

/** SPEC 9: the product fetch limit. */
export const PRODUCT_FETCH_LIMIT = 50;

export interface BrandProductsArgs {
  brandId: number;
  /** Omitted for every status. */
  status?: ProductStatus;
  limit?: number;
}

export interface BrandProducts {
  products: Product[];
  /** How many products match on the server; may exceed `products.length` past the limit. */
  count: number;
}

export interface CreateProductInput {
  name: string;
  price: number;
  currency: Currency;
  status: ProductStatus;
  brand_id?: number;
  unique_id?: string;
  source_product_id?: string;
  description?: string;
  image_url?: string;
  product_url?: string;
}

/** PUT product/{id}/update/ sends these alone (SPEC 5 Manage Product). */
export interface UpdateProductInput {
  id: number;
  name: string;
  description: string;
  price: number;
  currency: Currency;
  status: ProductStatus;
  product_url?: string;
}

export interface ProductWriteReply {
  /** The stored product, when the reply carries it (applied back into the form). */
  product: Product | null;
  message?: string;
}

/** Prices may arrive as decimal strings; everything else is taken as sent. */
export function normaliseProduct(raw: Product): Product {
  return { ...raw, price: toNumberOrNull(raw.price) ?? 0 };
}

/** Reads `{data: {products, count}}`, `{products, count}` or a bare array. */
export function readBrandProducts(reply: unknown): BrandProducts {
  const products = listAt<Product>(reply, ['data', 'products'], ['products'], ['data'], []).map(
    normaliseProduct,
  );
  const count = toNumberOrNull(pick(reply, ['data', 'count'], ['count']));
  return { products, count: count ?? products.length };
}

/** Reads `{data: {product}}`, `{product}` or a bare product. */
export function readProduct(reply: unknown): Product | null {
  const product = entityAt<Product>(reply, ['data', 'product'], ['product'], ['data'], []);
  return product && normaliseProduct(product);
}

function readWriteReply(reply: unknown): ProductWriteReply {
  return { product: readProduct(reply), message: messageOf(reply) };
}

function productsQuery({ brandId, status, limit = PRODUCT_FETCH_LIMIT }: BrandProductsArgs) {
  const params: Record<string, string> = { limit: String(limit) };
  if (status) params.status = status;
  return { url: `brand/${brandId}/products/`, params };
}

export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listBrandProducts: build.query<BrandProducts, BrandProductsArgs>({
      query: productsQuery,
      transformResponse: readBrandProducts,
      providesTags: (result) => [
        ...(result?.products ?? []).map((product) => ({
          type: 'Product' as const,
          id: product.id,
        })),
        { type: 'Product', id: 'LIST' },
      ],
    }),
    getProduct: build.query<Product | null, number>({
      query: (id) => `product/${id}/`,
      transformResponse: readProduct,
      providesTags: (_product, _error, id) => [{ type: 'Product', id }],
    }),
    createProduct: build.mutation<ProductWriteReply, CreateProductInput>({
      query: (body) => ({ url: 'product/create/', method: 'POST', body }),
      transformResponse: readWriteReply,
      invalidatesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    updateProduct: build.mutation<ProductWriteReply, UpdateProductInput>({
      query: ({ id, ...body }) => ({ url: `product/${id}/update/`, method: 'PUT', body }),
      transformResponse: readWriteReply,
      invalidatesTags: (_reply, _error, { id }) => [
        { type: 'Product', id },
        { type: 'Product', id: 'LIST' },
      ],
    }),
    deleteProduct: build.mutation<{ message?: string }, number>({
      query: (id) => ({ url: `product/${id}/delete/`, method: 'DELETE' }),
      transformResponse: (reply: unknown) => ({
        message: isRecord(reply) ? messageOf(reply) : undefined,
      }),
      // Not the product's own tag: refetching a deleted product would only fetch a 404.
      invalidatesTags: [{ type: 'Product', id: 'LIST' }],
    }),
  }),
});

export const {
  useListBrandProductsQuery,
  useGetProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
} = productsApi;
