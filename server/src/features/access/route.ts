// What a brand route declares about its access: the brand it acts on and the permission needed
// (`access: brandRoute('catalog', 'campaign')` in lib/route.ts's parts). The hook enforcing it
// is route-access.ts.
import type { BrandPermission } from 'contract/teams';

/** Where a route's brand comes from. */
export type BrandSource =
  /** The path's `brandId` (or `id`, on the older `/brand/{id}/…` routes). */
  | 'path'
  /** The brand of the campaign, product or payout in the path's `id`. */
  | 'campaign'
  | 'product'
  | 'payout';

export interface BrandRouteAccess {
  permission: BrandPermission;
  from: BrandSource;
  /** The route's own 404 detail for a thing not the caller's to see, when it has one. */
  notFound?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route acts on one brand and needs `permission` on it (features/access/route-access.ts). */
    brandAccess?: BrandRouteAccess;
  }
  interface FastifyInstance {
    /** Every route with its brand access, as registered (the role × route test enumerates them). */
    brandRoutes: { method: string; url: string; access: BrandRouteAccess | undefined }[];
  }
}

/** The `access` part of a signed-in route (lib/route.ts): its brand and the permission needed. */
export const brandRoute = (
  permission: BrandPermission,
  from: BrandSource = 'path',
  notFound?: string,
): BrandRouteAccess => ({ permission, from, ...(notFound ? { notFound } : {}) });
