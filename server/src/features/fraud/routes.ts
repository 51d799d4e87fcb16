// GET/PUT brand/{id}/fraud-settings/: publishable keys on or off, the attribution window, the
// value cap without a product and which rules hold rewards. Any member may read them; changing
// them (publishable keys are the tracking installation's) needs the developers permission.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FraudSettings } from 'contract';
import { principalOf } from '../../plugins/auth.js';
import { brandRoute, manageableBrand } from '../access/index.js';
import { changedFields, recordAudit, userActor } from '../audit/index.js';
import { signedInRoutes } from '../../lib/route.js';
import { fraudSettings, fromView, saveFraudSettings, toView } from './settings.js';

const fraudRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock } = app.deps;
  const { byId } = signedInRoutes(app, 'money');

  app.get(
    '/brand/:id/fraud-settings/',
    byId(
      "The brand's fraud settings (defaults until saved)",
      { 200: FraudSettings },
      { access: brandRoute('view') },
    ),
    async (request) => {
      const brand = await manageableBrand(db, principalOf(request), request.params.id, 'view');
      return toView(await fraudSettings(db, brand.id));
    },
  );

  app.put(
    '/brand/:id/fraud-settings/',
    byId(
      'Set the fraud settings: publishable keys, attribution window, max order value, rules',
      { 200: FraudSettings },
      { body: FraudSettings, access: brandRoute('developers') },
    ),
    async (request) => {
      const brand = await manageableBrand(
        db,
        principalOf(request),
        request.params.id,
        'developers',
      );
      const actor = userActor(request);
      const saved = await db.transaction(async (tx) => {
        const before = toView(await fraudSettings(tx, brand.id));
        const after = await saveFraudSettings(tx, brand.id, fromView(request.body), clock());
        const change = changedFields(before, toView(after));
        if (change)
          await recordAudit(tx, actor, {
            brandId: brand.id,
            action: 'brand.fraud_settings_updated',
            target: { kind: 'brand', id: brand.id, label: brand.brandName },
            ...change,
            at: clock(),
          });
        return after;
      });
      return toView(saved);
    },
  );
};

export default fraudRoutes;
