// GET/PUT brand/{brandId}/notification-settings/ (the brand's emails to its owner), and the
// unsubscribe link of every notification email: GET /unsubscribe?token=… is a page with one
// button (mail scanners that open links change nothing), whose POST — or a mail client's RFC
// 8058 one-click POST to the same address — turns the emails off. No sign-in: the token is
// signed. POST /api/v1/unsubscribe/ does the same for API clients.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  BrandNotificationSettings,
  UnsubscribeBody,
  UnsubscribeReply,
  BrandIdParams,
} from 'contract';
import { fieldError } from '../../lib/http-error.js';
import { signedInRoutes } from '../../lib/route.js';
import { withErrors } from '../../lib/schema.js';
import { principalOf } from '../../plugins/auth.js';
import { brandRoute, manageableBrand } from '../access/index.js';
import { brandEmailOn, setBrandEmail, unsubscribe } from './settings.js';
import { PRODUCT_NAME } from './template.js';
import { readUnsubscribeToken, type UnsubscribeClaim } from './unsubscribe-token.js';

export const UNSUBSCRIBED = 'You will no longer receive these emails.';
const INVALID_LINK = 'This unsubscribe link is not valid';

export const emailApiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock, config } = app.deps;
  const { signedIn } = signedInRoutes(app, 'notifications');

  app.get(
    '/brand/:brandId/notification-settings/',
    signedIn(
      "A brand's emails to its owner",
      { 200: BrandNotificationSettings },
      {
        params: BrandIdParams,
        access: brandRoute('view'),
      },
    ),
    async (request) => {
      const brand = await manageableBrand(db, principalOf(request), request.params.brandId, 'view');
      return { email: await brandEmailOn(db, brand.id) };
    },
  );

  app.put(
    '/brand/:brandId/notification-settings/',
    signedIn(
      "Turn the brand's emails to its owner on or off",
      { 200: BrandNotificationSettings },
      {
        params: BrandIdParams,
        body: BrandNotificationSettings,
        access: brandRoute('catalog'),
      },
    ),
    async (request) => {
      const brand = await manageableBrand(
        db,
        principalOf(request),
        request.params.brandId,
        'catalog',
      );
      await setBrandEmail(db, brand.id, request.body.email, clock());
      return { email: await brandEmailOn(db, brand.id) };
    },
  );

  app.post(
    '/unsubscribe/',
    {
      schema: {
        tags: ['notifications'],
        summary: "Stop the emails an unsubscribe link names (the link's token; no sign-in)",
        body: UnsubscribeBody,
        response: withErrors({ 200: UnsubscribeReply }),
      },
    },
    async (request) => {
      const claim = readUnsubscribeToken(config.jwtSecret, request.body.token);
      if (!claim || !(await unsubscribe(db, claim, clock())))
        throw fieldError('token', INVALID_LINK);
      return replyOf(claim);
    },
  );
};

const replyOf = (claim: UnsubscribeClaim) => ({
  status: 'success' as const,
  message: UNSUBSCRIBED,
  brand_id: claim.scope.kind === 'brand' ? claim.scope.brandId : null,
});

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${PRODUCT_NAME}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;max-width:480px;margin:48px auto;padding:0 16px;color:#1f2430">
<h1 style="font-size:22px">${title}</h1>${body}</body></html>`;

const TokenQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 500 })) });

/** The unsubscribe page (outside /api/v1, not in the API document). */
export const unsubscribePageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock, config } = app.deps;
  // A browser form and a mail client's one-click both post form-encoded data; only the token in
  // the address matters.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_r, _b, done) => done(null, {}),
  );

  app.get(
    '/unsubscribe',
    { schema: { hide: true, querystring: TokenQuery } },
    async (request, reply) => {
      const token = request.query.token ?? '';
      reply.type('text/html; charset=utf-8');
      if (!readUnsubscribeToken(config.jwtSecret, token))
        return reply
          .code(400)
          .send(page(INVALID_LINK, '<p>Open the link from your latest email again.</p>'));
      const action = `/unsubscribe?token=${encodeURIComponent(token)}`;
      return page(
        `Unsubscribe from ${PRODUCT_NAME} emails`,
        `<p>Stop these notification emails? In-app notifications are not affected.</p>
<form method="post" action="${action}"><button type="submit" style="font-size:16px;padding:10px 18px">Unsubscribe</button></form>`,
      );
    },
  );

  app.post(
    '/unsubscribe',
    { schema: { hide: true, querystring: TokenQuery } },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8');
      const claim = readUnsubscribeToken(config.jwtSecret, request.query.token ?? '');
      if (!claim || !(await unsubscribe(db, claim, clock())))
        return reply
          .code(400)
          .send(page(INVALID_LINK, '<p>Open the link from your latest email again.</p>'));
      return page(
        'You are unsubscribed',
        `<p>${UNSUBSCRIBED} You can turn them on again in your settings.</p>`,
      );
    },
  );
};
