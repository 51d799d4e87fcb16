// GET/POST brand/{id}/api-keys/, DELETE brand/{id}/api-keys/{keyId}/ (tracking contract
// "API keys"): the brand's owner and staff only; everyone else gets 404 'Brand not found'.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiKeyListReply, CreateApiKeyBody, CreatedApiKeyReply } from 'contract';
import type { ApiKeyRow } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { IdParams, StatusReply } from '../../lib/schema.js';
import { principalOf } from '../../plugins/auth.js';
import { manageableBrand } from '../brands/index.js';
import { generateApiKey } from './keys.js';
import { insertApiKey, listApiKeys, revokeApiKey } from './repository.js';
import { signedInRoutes } from '../../lib/route.js';

const KeyParams = Type.Object({ id: IdParams.properties.id, keyId: IdParams.properties.id });

const view = (row: ApiKeyRow) => ({
  id: row.id,
  kind: row.kind,
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  revoked_at: row.revokedAt?.toISOString() ?? null,
});

const apiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock } = app.deps;
  const { byId, signedIn } = signedInRoutes(app, 'tracking');

  app.get(
    '/brand/:id/api-keys/',
    byId("A brand's API keys (prefixes only)", { 200: ApiKeyListReply }),
    async (request) => {
      const brand = await manageableBrand(db, principalOf(request), request.params.id);
      return { keys: (await listApiKeys(db, brand.id)).map(view) };
    },
  );

  app.post(
    '/brand/:id/api-keys/',
    byId(
      'Create an API key; the full key is in this reply only',
      { 201: CreatedApiKeyReply },
      {
        description:
          'secret (sk_live_…): merchant servers, may set rewardAmount. publishable (pk_live_…): pages; conversions start pending.',
        body: CreateApiKeyBody,
      },
    ),
    async (request, reply) => {
      const me = principalOf(request);
      const brand = await manageableBrand(db, me, request.params.id);
      const key = generateApiKey(request.body.kind);
      const row = await insertApiKey(db, {
        brandId: brand.id,
        kind: request.body.kind,
        prefix: key.prefix,
        hash: key.hash,
        createdBy: me.userId,
        at: clock(),
      });
      const { revoked_at: _revoked, ...created } = view(row);
      return reply.code(201).send({ key: created, secret: key.secret });
    },
  );

  app.delete(
    '/brand/:id/api-keys/:keyId/',
    signedIn(
      'Revoke an API key (effective immediately)',
      { 200: StatusReply },
      { params: KeyParams, errors: [404] },
    ),
    async (request) => {
      const brand = await manageableBrand(db, principalOf(request), request.params.id);
      if (!(await revokeApiKey(db, brand.id, request.params.keyId, clock())))
        throw notFound('Key not found');
      return { status: 'success' as const, message: 'Key revoked' };
    },
  );
};

export default apiKeyRoutes;
