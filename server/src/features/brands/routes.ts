// POST brand/create/, GET brand/list/, GET brand/{id}/.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { withWebScheme } from 'contract/rules';
import { IdParams } from '../../lib/schema.js';
import { optionalText } from '../../lib/text.js';
import { formatWithMessages } from '../../plugins/errors.js';
import { principalOf } from '../../plugins/auth.js';
import { formBody, withMultipart, type UploadRule } from '../files/index.js';
import { roleNames } from '../roles/index.js';
import { BRAND_NOT_FOUND, brandAccess, brandRoute, findBrand } from '../access/index.js';
import { userActor } from '../audit/index.js';
import { forbidden } from '../../lib/http-error.js';
import { createBrand, listBrands } from './repository.js';
import {
  BRAND_MESSAGES,
  BrandInput,
  BrandListReply,
  BrandNotFoundReply,
  BrandReply,
  CreateBrandReply,
} from './schemas.js';
import { toBrandView } from './view.js';
import { signedInRoutes } from '../../lib/route.js';

/** The registration document: an image or a PDF, at most 5 MB (ISSUE 5). */
export const CAC_UPLOAD: UploadRule = {
  field: 'brand_CAC',
  accept: ['image', 'pdf'],
  maxBytes: 5 * 1024 * 1024,
  description: 'an image (PNG, JPEG, GIF, WebP) or a PDF',
};

/** "lumenroast.test" is read as https://lumenroast.test, the same rule the brand form applies. */
export async function websiteWithScheme(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (typeof body === 'object' && body !== null && 'website_url' in body) {
    const { website_url } = body;
    if (typeof website_url === 'string')
      Object.assign(body, { website_url: withWebScheme(website_url) });
  }
}

const brandRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock, fileUrls, uploads } = app.deps;
  const { signedIn } = signedInRoutes(app, 'brands');

  // The create route takes multipart as well: its parser lives in a context of its own, so the
  // JSON-only routes keep answering 415 to forms.
  await withMultipart(app, (form) => {
    form.post(
      '/brand/create/',
      {
        ...signedIn(
          'Create a brand (the caller becomes its owner)',
          { 201: CreateBrandReply },
          {
            description:
              'JSON, or multipart/form-data when the registration document `brand_CAC` (image or PDF by content, ' +
              'at most 5 MB) is attached; both are validated the same way. Grants Brand Owner and makes brand_owner ' +
              'the active role of this session.',
            body: BrandInput,
            errors: [413, 415, 429],
          },
        ),
        schemaErrorFormatter: formatWithMessages(BRAND_MESSAGES),
        preValidation: [formBody(app, BrandInput, CAC_UPLOAD), websiteWithScheme],
      },
      async (request, reply) => {
        const me = principalOf(request);
        const input = request.body;
        // A brand being created has no files yet: only the owner's own quota applies.
        const brand = await uploads.keep(request.upload, { userId: me.userId }, (cac) =>
          createBrand(db, {
            ownerId: me.userId,
            sessionId: me.sessionId,
            cac,
            at: clock(),
            audit: userActor(request),
            brand: {
              brandName: input.brand_name.trim(),
              brandType: input.brand_type ?? null,
              brandSize: input.brand_size ?? null,
              phoneNo: optionalText(input.phone_no) ?? null,
              websiteUrl: input.website_url ?? null,
              instagramUrl: input.instagram_url ?? null,
              discordUrl: input.discord_url ?? null,
              xUrl: input.X_url ?? null,
              description: optionalText(input.description) ?? null,
            },
          }),
        );
        const roles = me.roles.includes('brand_owner')
          ? me.roles
          : [...me.roles, 'brand_owner' as const];
        return reply.code(201).send({
          status: 'success' as const,
          message: 'Brand application successful',
          brand: toBrandView(brand, fileUrls),
          roles: roleNames(roles),
          active_role: 'brand_owner' as const,
        });
      },
    );
  });

  app.get(
    '/brand/list/',
    signedIn('The brands the caller is a member of (staff: every brand)', {
      200: BrandListReply,
    }),
    async (request) => {
      const me = principalOf(request);
      const rows = me.isStaff
        ? await listBrands(db, undefined)
        : me.roles.includes('brand_owner')
          ? await listBrands(db, me.userId)
          : [];
      return {
        status: 'success' as const,
        brands: rows.map((brand) => toBrandView(brand, fileUrls)),
      };
    },
  );

  app.get(
    '/brand/:id/',
    signedIn(
      'One brand (its members and staff only)',
      { 200: BrandReply, 404: BrandNotFoundReply },
      { params: IdParams, access: brandRoute('view') },
    ),
    async (request, reply) => {
      const me = principalOf(request);
      const access = brandAccess(me, request.params.id, 'view');
      if (!access.ok && access.status === 403) throw forbidden(access.detail);
      const brand = access.ok ? await findBrand(db, request.params.id) : undefined;
      if (!brand) {
        return reply
          .code(404)
          .send({ status: 'error' as const, message: BRAND_NOT_FOUND, detail: BRAND_NOT_FOUND });
      }
      return { status: 'success' as const, brand: toBrandView(brand, fileUrls) };
    },
  );
};

export default brandRoutes;
