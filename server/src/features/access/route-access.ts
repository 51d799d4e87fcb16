// The one access rule, applied to every brand route before anything else of the route runs: a
// route states which brand it acts on and the permission it needs in its config
// (`access: brandRoute('catalog', 'campaign')` in lib/route.ts's parts), and this hook answers 404 (not a member) or 403
// (the role falls short; two-factor required) before the body is even validated, so a refused
// caller learns nothing from validation errors either. Handlers still load the brand through
// manageableBrand with the same permission.
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { rowsOf } from '../../lib/sql.js';
import { principalOf } from '../../plugins/auth.js';
import type { BrandRouteAccess, BrandSource } from './route.js';
import { BrandAccessDenied, brandAccess } from './rule.js';

function pathId(request: FastifyRequest, name: string): number | undefined {
  const raw = (request.params as Record<string, unknown> | undefined)?.[name];
  const id = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : undefined;
  return id !== undefined && id >= 1 && id <= 2147483647 ? id : undefined;
}

async function brandIdOf(
  app: FastifyInstance,
  request: FastifyRequest,
  from: BrandSource,
): Promise<number | undefined> {
  if (from === 'path') return pathId(request, 'brandId') ?? pathId(request, 'id');
  const id = pathId(request, 'id');
  if (id === undefined) return undefined;
  const table = from === 'campaign' ? 'campaigns' : from === 'product' ? 'products' : 'payouts';
  const [row] = await rowsOf<{ brand_id: number }>(
    app.deps.db,
    sql`select brand_id from ${sql.raw(table)} where id = ${id}::integer`,
  );
  return row?.brand_id;
}

async function routeAccessPlugin(app: FastifyInstance): Promise<void> {
  const routes: FastifyInstance['brandRoutes'] = [];
  app.decorate('brandRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      if (method !== 'HEAD')
        routes.push({ method, url: route.url, access: route.config?.brandAccess });
  });
  app.addHook('preValidation', async (request, reply) => {
    const access = request.routeOptions.config.brandAccess;
    if (!access) return;
    const brandId = await brandIdOf(app, request, access.from);
    // A malformed or unknown id: the route's own validation and 404 answer as they always have.
    if (brandId === undefined) return;
    const verdict = brandAccess(principalOf(request), brandId, access.permission);
    if (verdict.ok) return;
    if (verdict.status === 403)
      throw new BrandAccessDenied(brandId, access.permission, verdict.detail);
    // Sent as GET brand/{id}/ has always answered it; routes whose 404 is the plain error reply
    // serialize only `detail` of it.
    const detail = notFoundDetail(access);
    return reply.code(404).send({ status: 'error', message: detail, detail });
  });
}

/** The 404 a route gives for a thing that is not the caller's to see. */
const notFoundDetail = (access: BrandRouteAccess) =>
  access.notFound ??
  (access.from === 'campaign' || access.from === 'product'
    ? 'Not found'
    : access.from === 'payout'
      ? 'Payout not found'
      : 'Brand not found');

export default fp(routeAccessPlugin, { name: 'brand-route-access', dependencies: ['auth'] });
