// GET brand/{id}/products/, POST product/create/, GET product/{id}/, PUT product/{id}/update/,
// DELETE product/{id}/delete/. Owner and staff only; anyone else gets 404.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/client.js';
import { fieldError, notFound } from '../../lib/http-error.js';
import { StatusReply, toId } from '../../lib/schema.js';
import { definedOnly, optionalText } from '../../lib/text.js';
import { formatWithMessages } from '../../plugins/errors.js';
import { principalOf } from '../../plugins/auth.js';
import type { Principal } from '../auth/index.js';
import { assertBrandAccess, brandRoute, manageableBrand } from '../access/index.js';
import { userActor } from '../audit/index.js';
import type { BrandPermission } from 'contract/teams';
import { minorUnitProblem } from 'contract';
import {
  findProduct,
  insertProduct,
  listBrandProducts,
  softDeleteProduct,
  updateProduct,
  type ProductValues,
} from './repository.js';
import {
  BrandProductsQuery,
  CreateProductBody,
  PRODUCT_MESSAGES,
  ProductListReply,
  ProductReply,
  ProductWriteReply,
  UpdateProductBody,
} from './schemas.js';
import { toProductView, type ProductWithBrand } from './view.js';
import { signedInRoutes } from '../../lib/route.js';

/**
 * A live product whose brand the caller may act on for `permission`: 404 when it does not exist
 * or the caller is not a member, 403 naming the role needed for a member whose role falls short.
 */
async function manageableProduct(
  db: Database,
  me: Principal,
  id: number,
  permission: BrandPermission = 'catalog',
): Promise<ProductWithBrand> {
  const product = await findProduct(db, id);
  if (!product) throw notFound();
  assertBrandAccess(me, product.brandId, permission, 'Not found');
  return product;
}

/** A price is whole minor units of its currency (no third decimal in USD, no 0.5 yen): else 400. */
function checkPrice(price: number, currency: string) {
  const problem = minorUnitProblem(price, currency);
  if (problem) throw fieldError('price', problem);
}

/** The stored form of the optional fields: trimmed, blank → null, not sent → undefined. */
function optionalValues(body: UpdateProductBody) {
  return {
    uniqueId: optionalText(body.unique_id),
    sourceProductId: optionalText(body.source_product_id),
    description: optionalText(body.description),
    imageUrl: body.image_url,
    productUrl: body.product_url,
  };
}

const productRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock } = app.deps;
  const { byId, signedIn } = signedInRoutes(app, 'products');
  const schemaErrorFormatter = formatWithMessages(PRODUCT_MESSAGES);

  app.get(
    '/brand/:id/products/',
    byId(
      "A brand's products, newest first",
      { 200: ProductListReply },
      { access: brandRoute('view'), querystring: BrandProductsQuery },
    ),
    async (request) => {
      const brand = await manageableBrand(db, principalOf(request), request.params.id, 'view');
      const { status, limit = 50 } = request.query;
      const result = await listBrandProducts(db, brand.id, { status, limit });
      return {
        status: 'success' as const,
        data: { products: result.products.map(toProductView), count: result.count },
      };
    },
  );

  app.post(
    '/product/create/',
    {
      ...signedIn(
        'Create a product',
        { 201: ProductWriteReply },
        {
          description: 'brand_id may be left out by a user owning exactly one brand.',
          body: CreateProductBody,
          errors: [404],
        },
      ),
      schemaErrorFormatter,
    },
    async (request, reply) => {
      const me = principalOf(request);
      const body = request.body;
      checkPrice(body.price, body.currency);
      let brandId: number;
      if (body.brand_id !== undefined) {
        brandId = (await manageableBrand(db, me, toId(body.brand_id), 'catalog')).id;
      } else {
        // The form sends brand_id only when its route has one; a member of a single brand
        // is unambiguous (the principal's memberships: none without the Brand Owner role).
        if (me.memberships.length !== 1) throw fieldError('brand_id', 'is required');
        brandId = me.memberships[0]!.brandId;
        assertBrandAccess(me, brandId, 'catalog');
      }
      const values: ProductValues = {
        name: body.name.trim(),
        price: body.price,
        currency: body.currency,
        status: body.status,
        ...definedOnly(optionalValues(body)),
      };
      const id = await insertProduct(db, brandId, values, clock(), userActor(request));
      const product = await manageableProduct(db, me, id);
      return reply.code(201).send({
        status: 'success' as const,
        message: 'Product created',
        data: { product: toProductView(product) },
      });
    },
  );

  app.get(
    '/product/:id/',
    byId('One product', { 200: ProductReply }, { access: brandRoute('view', 'product') }),
    async (request) => {
      const product = await manageableProduct(db, principalOf(request), request.params.id, 'view');
      return { status: 'success' as const, data: { product: toProductView(product) } };
    },
  );

  app.put(
    '/product/:id/update/',
    {
      ...byId(
        'Update a product',
        { 200: ProductWriteReply },
        {
          access: brandRoute('catalog', 'product'),
          description:
            'name, price, currency and status are replaced; optional fields left out keep their value, null clears them.',
          body: UpdateProductBody,
        },
      ),
      schemaErrorFormatter,
    },
    async (request) => {
      const me = principalOf(request);
      const body = request.body;
      checkPrice(body.price, body.currency);
      const product = await manageableProduct(db, me, request.params.id);
      await updateProduct(
        db,
        product.id,
        {
          name: body.name.trim(),
          price: body.price,
          currency: body.currency,
          status: body.status,
          ...definedOnly(optionalValues(body)),
        },
        clock(),
        userActor(request),
      );
      const updated = await manageableProduct(db, me, product.id);
      return {
        status: 'success' as const,
        message: 'Product updated',
        data: { product: toProductView(updated) },
      };
    },
  );

  app.delete(
    '/product/:id/delete/',
    byId(
      'Delete a product',
      { 200: StatusReply },
      {
        access: brandRoute('catalog', 'product'),
        description:
          'Soft delete: the product disappears from every list and read; its history stays for statistics.',
      },
    ),
    async (request) => {
      const product = await manageableProduct(db, principalOf(request), request.params.id);
      await softDeleteProduct(db, product.id, clock(), userActor(request));
      return { status: 'success' as const, message: 'Product deleted' };
    },
  );
};

export default productRoutes;
