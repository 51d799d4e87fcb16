// GET and PUT advocate/profile/: the signed-in advocate's own profile (settings → Profile). There
// is no id in the path: a caller can only ever read or change their own.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../../lib/http-error.js';
import { optionalText } from '../../lib/text.js';
import { principalOf } from '../../plugins/auth.js';
import { formBody, withMultipart, type UploadRule } from '../files/index.js';
import { findUserById } from '../users/index.js';
import { findProfile, saveProfile } from './repository.js';
import { ProfileInput, ProfileView } from './schemas.js';
import { toProfileView } from './view.js';
import { signedInRoutes } from '../../lib/route.js';

export const NOT_AN_ADVOCATE = 'Only advocates have an advocate profile';

/**
 * The picture: an image by content. The form's hint asks for a square image under 100 KB, as
 * advice only; the limit here just keeps stored files small.
 */
export const PICTURE_UPLOAD: UploadRule = {
  field: 'picture',
  accept: ['image'],
  maxBytes: 2 * 1024 * 1024,
  description: 'an image (PNG, JPEG, GIF, WebP)',
};

const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock, fileUrls, uploads } = app.deps;
  const { signedIn } = signedInRoutes(app, 'advocates');

  const advocate = async (request: FastifyRequest) => {
    const me = principalOf(request);
    if (!me.roles.includes('advocate')) throw forbidden(NOT_AN_ADVOCATE);
    const user = await findUserById(db, me.userId);
    if (!user) throw notFound();
    return user;
  };

  app.get(
    '/advocate/profile/',
    signedIn("The signed-in advocate's profile", { 200: ProfileView }, { errors: [403] }),
    async (request) => {
      const user = await advocate(request);
      return toProfileView(user, await findProfile(db, user.id), fileUrls);
    },
  );

  // Multipart lives in a context of its own, so the other JSON routes keep refusing forms.
  await withMultipart(app, (form) => {
    form.put(
      '/advocate/profile/',
      {
        ...signedIn(
          "Save the signed-in advocate's profile",
          { 200: ProfileView },
          {
            description:
              'The whole profile: a field left out is cleared. JSON, or multipart/form-data with the picture ' +
              '`picture` (an image by content, at most 2 MB) and the other fields as text. The stored picture ' +
              'stays unless a new one is attached or `remove_picture` is true.',
            body: ProfileInput,
            errors: [403, 413, 415, 429],
          },
        ),
        preValidation: formBody(app, ProfileInput, PICTURE_UPLOAD),
      },
      async (request) => {
        const user = await advocate(request);
        const input = request.body;
        const text = (value: string | undefined) => optionalText(value) ?? null;
        const owner = { userId: user.id };
        const { row, released } = await uploads.keep(request.upload, owner, (picture) =>
          saveProfile(db, {
            userId: user.id,
            picture,
            removePicture: input.remove_picture === true,
            at: clock(),
            fields: {
              fullName: text(input.full_name),
              description: text(input.description),
              email: text(input.email)?.toLowerCase() ?? null,
              telephone: text(input.telephone),
              websiteUrl: text(input.website_url),
              instagramUrl: text(input.instagram_url),
              xUrl: text(input.x_url),
              tiktokUrl: text(input.tiktok_url),
              youtubeUrl: text(input.youtube_url),
            },
          }),
        );
        await uploads.remove(released);
        return toProfileView(user, row, fileUrls);
      },
    );
  });
};

export default profileRoutes;
