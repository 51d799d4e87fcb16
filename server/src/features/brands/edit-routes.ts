// PATCH brand/{id}/: edit a brand (owner and admin), as JSON or as a multipart form whose file
// `logo` sets the logo. The creation's rules and messages hold for its fields; the questions are
// checked by the contract's questionsProblem, a slug in use by another brand is refused by name.
import { websiteWithScheme } from './routes.js';
import { BrandReply, BrandUpdate, questionsProblem } from 'contract';
import { fieldError, notFound } from '../../lib/http-error.js';
import { IdParams } from '../../lib/schema.js';
import { signedInRoutes } from '../../lib/route.js';
import { optionalText } from '../../lib/text.js';
import { principalOf } from '../../plugins/auth.js';
import { formatWithMessages } from '../../plugins/errors.js';
import { BRAND_NOT_FOUND, brandRoute, manageableBrand } from '../access/index.js';
import { userActor } from '../audit/index.js';
import { formBody, withMultipart, type UploadRule } from '../files/index.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { reloadBrand, updateBrand } from './edit.js';
import { BRAND_MESSAGES } from './schemas.js';
import { toBrandView } from './view.js';

/** The program page's logo: an image, at most 2 MB. */
export const LOGO_UPLOAD: UploadRule = {
  field: 'logo',
  accept: ['image'],
  maxBytes: 2 * 1024 * 1024,
  description: 'an image (PNG, JPEG, GIF, WebP)',
};

const brandEditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock, fileUrls, uploads } = app.deps;
  const { signedIn } = signedInRoutes(app, 'brands');

  await withMultipart(app, (form) => {
    form.patch(
      '/brand/:id/',
      {
        ...signedIn(
          'Edit a brand: its details, program page address, logo and application questions (owner and admin)',
          { 200: BrandReply },
          {
            description:
              'JSON, or multipart/form-data with the image file `logo` (at most 2 MB; lists as JSON text). ' +
              'Only the fields sent change; null clears an optional field and `logo: null` removes the logo. ' +
              'The creation rules and messages apply; a slug another brand has is a 400 naming `slug`. ' +
              'Audited (brand.updated, before and after) and announced (brand.updated).',
            params: IdParams,
            body: BrandUpdate,
            access: brandRoute('catalog'),
            errors: [413, 415, 429],
          },
        ),
        schemaErrorFormatter: formatWithMessages(BRAND_MESSAGES),
        preValidation: [formBody(app, BrandUpdate, LOGO_UPLOAD), websiteWithScheme],
      },
      async (request) => {
        const me = principalOf(request);
        const id = request.params.id;
        await manageableBrand(db, me, id, 'catalog');
        const values = { ...request.body };
        if (values.brand_name !== undefined) values.brand_name = values.brand_name.trim();
        if (values.phone_no !== undefined && values.phone_no !== null)
          values.phone_no = optionalText(values.phone_no) ?? null;
        if (values.description !== undefined && values.description !== null)
          values.description = optionalText(values.description) ?? null;
        if (values.application_questions) {
          const problem = questionsProblem(values.application_questions);
          if (problem) throw fieldError('application_questions', problem, problem);
        }
        const released = await uploads.keep(request.upload, { userId: me.userId, brandId: id }, (logo) =>
          updateBrand(db, { id, values, logo, audit: userActor(request), at: clock() }),
        );
        await uploads.remove(released);
        const brand = await reloadBrand(db, id);
        if (!brand) throw notFound(BRAND_NOT_FOUND);
        return { status: 'success' as const, brand: toBrandView(brand, fileUrls) };
      },
    );
  });
};

export default brandEditRoutes;
