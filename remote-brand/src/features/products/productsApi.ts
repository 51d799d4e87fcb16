import type { CreateProductBody, UpdateProductBody } from 'contract';
import { PRODUCT_FETCH_LIMIT } from 'contract/rules';
import {
  api,
  fieldIn,
  listIn,
  messageIn,
  recordIn,
  type Product,
  type ProductStatus,
} from 'shared-api';

export { PRODUCT_FETCH_LIMIT };

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

/** POST product/create/ as the form sends it: empty optional fields left out, not cleared. */
export type CreateProductInput = {
  [K in keyof CreateProductBody]: Exclude<CreateProductBody[K], null>;
};

/** PUT product/{id}/update/ sends these alone. */
export type UpdateProductInput = { id: number } & Pick<
  UpdateProductBody,
  'name' | 'price' | 'currency' | 'status'
> & { description: string; product_url?: string };

export interface ProductWriteReply {
  /** The stored product, when the reply carries it (applied back into the form). */
  product: Product | null;
  message?: string;
}

function readBrandProducts(reply: unknown): BrandProducts {
  const products = listIn<Product>(reply, 'products');
  return { products, count: fieldIn<number>(reply, 'count') ?? products.length };
}

const readProduct = (reply: unknown) => recordIn<Product>(reply, 'product');

function readWriteReply(reply: unknown): ProductWriteReply {
  return { product: readProduct(reply), message: messageIn(reply) };
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
      transformResponse: (reply: unknown) => ({ message: messageIn(reply) }),
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
