// Route options of the signed-in API in one place: every such route is documented with bearer
// security, guarded by the authenticate hook and answers 400 and 401 besides its own replies, so a
// route states only its summary, its replies and the request parts it reads.
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { TSchema } from 'typebox';
import type { BrandRouteAccess } from '../features/access/index.js';
import { IdParams, withErrors } from './schema.js';

export const bearerSecurity = [{ bearerAuth: [] }];

/** The request parts of a route, its OpenAPI description and its error replies beyond 400/401. */
export interface RouteParts extends Omit<FastifySchema, 'response' | 'tags' | 'summary'> {
  description?: string;
  errors?: readonly number[];
  /**
   * The brand the route acts on and the permission it needs (brandRoute() of
   * features/access/route-access.ts): checked before validation; adds the 403 and 404 replies.
   */
  access?: BrandRouteAccess;
}

type Replies = Record<number, TSchema>;

/**
 * Option builders for the signed-in routes of one OpenAPI tag:
 * - `signedIn(summary, replies, parts?)`: any signed-in caller;
 * - `byId(summary, replies, parts?)`: a `/:id` route that answers 404 when the thing is not the
 *   caller's to see (see the access checks of brands, products and campaigns).
 */
export function signedInRoutes(app: Pick<FastifyInstance, 'authenticate'>, tag: string) {
  const signedIn = <R extends Replies, P extends RouteParts = Record<never, never>>(
    summary: string,
    replies: R,
    parts: P = {} as P,
  ) => {
    const { errors = [], access, ...schema } = parts;
    return {
      schema: {
        tags: [tag],
        summary,
        security: bearerSecurity,
        ...(schema as Omit<P, 'errors' | 'access'>),
        response: withErrors(replies, 401, ...errors, ...(access ? [403, 404] : [])),
      },
      onRequest: app.authenticate,
      config: access ? { brandAccess: access } : {},
    };
  };
  const byId = <R extends Replies, P extends RouteParts = Record<never, never>>(
    summary: string,
    replies: R,
    parts: P = {} as P,
  ) =>
    signedIn(summary, replies, {
      params: IdParams,
      ...parts,
      errors: [404, ...(parts.errors ?? [])],
    });
  return { signedIn, byId };
}
