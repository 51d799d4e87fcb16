// GET/POST brand/{id}/api-keys/, DELETE brand/{id}/api-keys/{keyId}/ (tracking contract
// "API keys"): any member reads them, owners and admins make and revoke them (brands/access.ts);
// non-members get 404 'Brand not found'. Keys belong to the brand, not to the member who made them.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiKeyListReply, CreateApiKeyBody, CreatedApiKeyReply } from 'contract';
import type { ApiKeyRow } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { IdParams, StatusReply } from '../../lib/schema.js';
import { principalOf } from '../../plugins/auth.js';
import { recordAudit, userActor } from '../audit/index.js';
import { brandRoute, manageableBrand } from '../access/index.js';
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
    byId(
      "A brand's API keys (prefixes only)",
      { 200: ApiKeyListReply },
      { access: brandRoute('view') },
    ),
    async (request) => {
      const brand = await manageableBrand(db, principalOf(request), request.params.id, 'view');
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
        access: brandRoute('developers'),
      },
    ),
    async (request, reply) => {
      const me = principalOf(request);
      const brand = await manageableBrand(db, me, request.params.id, 'developers');
      const key = generateApiKey(request.body.kind);
      const actor = userActor(request);
      const row = await db.transaction(async (tx) => {
        const created = await insertApiKey(tx, {
          brandId: brand.id,
          kind: request.body.kind,
          prefix: key.prefix,
          hash: key.hash,
          createdBy: me.userId,
          at: clock(),
        });
        await recordAudit(tx, actor, {
          brandId: brand.id,
          action: 'api_key.created',
          target: { kind: 'api_key', id: created.id, label: created.prefix },
          after: { kind: created.kind, prefix: created.prefix },
          at: created.createdAt,
        });
        return created;
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
      { params: KeyParams, access: brandRoute('developers') },
    ),
    async (request) => {
      const brand = await manageableBrand(
        db,
        principalOf(request),
        request.params.id,
        'developers',
      );
      const actor = userActor(request);
      const revoked = await db.transaction(async (tx) => {
        const key = await revokeApiKey(tx, brand.id, request.params.keyId, clock());
        // Revoking an already revoked key changes nothing, so it is not recorded again.
        if (key?.changed)
          await recordAudit(tx, actor, {
            brandId: brand.id,
            action: 'api_key.revoked',
            target: { kind: 'api_key', id: key.id, label: key.prefix },
            before: { revoked_at: null },
            after: { revoked_at: clock().toISOString() },
            at: clock(),
          });
        return key !== undefined;
      });
      if (!revoked) throw notFound('Key not found');
      return { status: 'success' as const, message: 'Key revoked' };
    },
  );
};

export default apiKeyRoutes;
