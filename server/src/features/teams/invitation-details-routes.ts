// GET invitations/details/?token=…: what the invitation page shows before anyone signs in (the
// brand, who invited, the role, the invited address). No sign-in: the emailed link is opened by
// people without an account yet; the token is the key, and the reply repeats what the email said.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { InvitationDetailsQuery, InvitationDetailsReply } from 'contract';
import { notFound } from '../../lib/http-error.js';
import { withErrors } from '../../lib/schema.js';
import { invitationDetails } from './invitations.js';
import { INVITATION_FAILURES } from './routes.js';

const invitationDetailsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock } = app.deps;
  app.get(
    '/invitations/details/',
    {
      schema: {
        tags: ['team'],
        summary: 'The brand, inviter, role and address of an invitation link (no sign-in)',
        description:
          'For the page the emailed link opens. 404 for an unknown token; an expired, withdrawn or used ' +
          'invitation answers with its state.',
        querystring: InvitationDetailsQuery,
        response: withErrors({ 200: InvitationDetailsReply }, 404),
      },
    },
    async (request) => {
      const details = await invitationDetails(db, request.query.token, clock());
      if (!details) throw notFound(INVITATION_FAILURES.unknown);
      return details;
    },
  );
};

export default invitationDetailsRoutes;
