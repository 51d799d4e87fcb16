// A brand's partner program: the public program page (GET programs/{slug}/), Apply
// (POST programs/{slug}/apply/), the advocate's own applications, the brand's applications
// (list, approve, reject) and its bulk invitations, and the invitation link's details and accept.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AcceptAdvocateInvitationBody,
  AcceptAdvocateInvitationReply,
  AdvocateInvitationDetailsReply,
  AdvocateInvitationsBody,
  AdvocateInvitationsReply,
  ApplicationParams,
  ApplicationReply,
  ApplicationsQuery,
  ApplicationsReply,
  ApplyBody,
  ApplyReply,
  ApproveApplicationBody,
  BrandIdParams,
  MyApplicationsReply,
  ProgramPageReply,
  RejectApplicationBody,
  SlugParams,
  type ApplicationView,
  type ShareLinkView,
} from 'contract';
import { fieldError, forbidden, HttpError, notFound } from '../../lib/http-error.js';
import { recipientLimit } from '../../lib/mail-limits.js';
import { withErrors } from '../../lib/schema.js';
import { signedInRoutes } from '../../lib/route.js';
import { principalOf } from '../../plugins/auth.js';
import { brandRoute, manageableBrand } from '../access/index.js';
import { userActor } from '../audit/index.js';
import { findCampaign, missingToPublish } from '../campaigns/index.js';
import { joinCampaign } from '../joins/repository.js';
import { campaignEnded } from '../joins/campaign-period.js';
import { normalizeEmail } from '../users/index.js';
import type { BrandRow } from '../../db/schema.js';
import { programPage } from './page-data.js';
import {
  applicationOf,
  approveApplication,
  brandBySlug,
  listApplications,
  liveProductIds,
  myApplications,
  rejectApplication,
  type ApplicationRecord,
} from './repository.js';
import { declinedMessage, joinByMode } from './join-modes.js';
import {
  advocateInvitationDetails,
  advocateInvitationMail,
  alreadyJoined,
  createAdvocateInvitations,
  spendInvitationToken,
} from './invitations.js';

export const PROGRAM_NOT_FOUND = 'Program not found';
export const APPLICATION_NOT_FOUND = 'Application not found';
export const NOT_AN_ADVOCATE =
  'Become an advocate first (POST roles/upgrade/advocate/), then apply.';
const INVITATION_FAILURES = {
  unknown: 'This invitation link is not valid',
  used: 'This invitation was already used by another account',
  expired: 'This invitation has expired; ask the brand for a new one',
} as const;

/** The brand's questions, each answer under its question's label as the brand wrote it. */
function applicationView(record: ApplicationRecord, brand: BrandRow): ApplicationView {
  const { application } = record;
  const labels = new Map((brand.applicationQuestions ?? []).map((q) => [q.id, q.label]));
  return {
    id: application.id,
    campaign: { id: application.campaignId, title: record.campaignTitle ?? '' },
    advocate: {
      id: application.advocateId,
      username: record.username,
      email: record.email,
      email_verified: record.verifiedAt !== null,
    },
    status: application.status,
    answers: application.answers.map((a) => ({
      question_id: a.question_id,
      label: labels.get(a.question_id) ?? 'A question since removed',
      answer: a.answer,
    })),
    fraud_signals: record.signals,
    reason: application.reason,
    group_id: application.groupId,
    auto_approved: application.autoApproved,
    created_at: application.createdAt.toISOString(),
    decided_at: application.decidedAt?.toISOString() ?? null,
  };
}

const programRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock, config, fileUrls } = app.deps;
  const { signedIn } = signedInRoutes(app, 'programs');
  const origin = config.publicUrl.replace(/\/+$/, '');
  const linkViews = (links: { productId: number | null; code: string }[]): ShareLinkView[] =>
    links.map((link) => ({ product_id: link.productId, url: `${origin}/r/${link.code}` }));

  app.get(
    '/programs/:slug/',
    {
      schema: {
        tags: ['programs'],
        summary:
          "A brand's public program page: its logo, description and open campaigns (no sign-in)",
        params: SlugParams,
        response: withErrors({ 200: ProgramPageReply }, 404),
      },
    },
    async (request) => {
      const page = await programPage(db, fileUrls, request.params.slug, clock());
      if (!page) throw notFound(PROGRAM_NOT_FOUND);
      return page;
    },
  );

  app.post(
    '/programs/:slug/apply/',
    signedIn(
      "Apply to (or join) one of the program's campaigns with the answers to its questions",
      { 200: ApplyReply, 201: ApplyReply, 202: ApplyReply },
      {
        params: SlugParams,
        body: ApplyBody,
        errors: [403, 404],
        description:
          'Needs the Advocate role. An open campaign is joined at once (201, share links); an application ' +
          'campaign answers 202 pending (or 201 when auto-approved); invite_only answers 403 unless the ' +
          "caller's address was invited. Applying again answers the application's state (200).",
      },
    ),
    async (request, reply) => {
      const me = principalOf(request);
      if (!me.roles.includes('advocate')) throw forbidden(NOT_AN_ADVOCATE);
      const brand = await brandBySlug(db, request.params.slug);
      if (!brand) throw notFound(PROGRAM_NOT_FOUND);
      const campaign = await findCampaign(db, request.body.campaign_id);
      if (!campaign || campaign.brandId !== brand.id)
        throw fieldError('campaign_id', 'is not a campaign of this program');
      const now = clock();
      if (
        campaign.status !== 'active' ||
        missingToPublish(campaign) ||
        campaignEnded(campaign, now)
      )
        throw fieldError('campaign_id', 'is not open to advocates now');
      const before = await applicationOf(db, me.userId, campaign.id);
      const outcome = await joinByMode(db, {
        advocateId: me.userId,
        advocateEmail: me.user.email,
        campaign: { ...campaign, productIds: await liveProductIds(db, campaign.id) },
        answers: request.body.answers ?? [],
        source: 'program page',
        at: now,
      });
      if (outcome.kind === 'joined') {
        const application = await applicationOf(db, me.userId, campaign.id);
        return reply.code(outcome.created ? 201 : 200).send({
          status: 'approved' as const,
          application_id: application?.id ?? null,
          reason: null,
          share_links: linkViews(outcome.links),
        });
      }
      return reply.code(before ? 200 : outcome.kind === 'pending' ? 202 : 200).send({
        status: outcome.kind,
        application_id: outcome.applicationId,
        reason: outcome.kind === 'rejected' ? outcome.reason : null,
        share_links: [],
      });
    },
  );

  app.get(
    '/advocate/applications/',
    signedIn("The caller's applications to campaigns, and their states", {
      200: MyApplicationsReply,
    }),
    async (request) => {
      const rows = await myApplications(db, principalOf(request).userId);
      return {
        applications: rows.map((row) => ({
          id: row.id,
          campaign_id: row.campaignId,
          brand_id: row.brandId,
          status: row.status,
          reason: row.reason,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    '/brand/:brandId/applications/',
    signedIn(
      "A brand's applications, with the answers and each applicant's fraud signals",
      { 200: ApplicationsReply },
      { params: BrandIdParams, querystring: ApplicationsQuery, access: brandRoute('view') },
    ),
    async (request) => {
      const brand = await manageableBrand(db, principalOf(request), request.params.brandId, 'view');
      const records = await listApplications(db, brand.id, request.query.status);
      return { applications: records.map((record) => applicationView(record, brand)) };
    },
  );

  const decided = async (brand: BrandRow, applicationId: number) => {
    const [record] = await listApplications(db, brand.id, undefined, [applicationId]);
    return { application: applicationView(record, brand) };
  };
  const decisionFailure = (reason: 'not_found' | 'already_decided' | 'group_not_found') => {
    if (reason === 'not_found') return notFound(APPLICATION_NOT_FOUND);
    if (reason === 'group_not_found') return fieldError('group_id', 'is not a group of this brand');
    return new HttpError(409, 'This application was already decided');
  };

  app.post(
    '/brand/:brandId/applications/:applicationId/approve/',
    signedIn(
      'Approve an application: the advocate joins the campaign (optionally into one of the groups)',
      { 200: ApplicationReply },
      {
        params: ApplicationParams,
        body: ApproveApplicationBody,
        access: brandRoute('catalog'),
        errors: [409],
      },
    ),
    async (request) => {
      const me = principalOf(request);
      const brand = await manageableBrand(db, me, request.params.brandId, 'catalog');
      const result = await approveApplication(db, {
        brandId: brand.id,
        applicationId: request.params.applicationId,
        groupId: request.body.group_id,
        actor: userActor(request),
        at: clock(),
      });
      if (!result.ok) throw decisionFailure(result.reason);
      return decided(brand, result.application.id);
    },
  );

  app.post(
    '/brand/:brandId/applications/:applicationId/reject/',
    signedIn(
      'Reject a pending application with a reason (the advocate reads it)',
      { 200: ApplicationReply },
      {
        params: ApplicationParams,
        body: RejectApplicationBody,
        access: brandRoute('catalog'),
        errors: [409],
      },
    ),
    async (request) => {
      const me = principalOf(request);
      const brand = await manageableBrand(db, me, request.params.brandId, 'catalog');
      const result = await rejectApplication(db, {
        brandId: brand.id,
        applicationId: request.params.applicationId,
        reason: request.body.reason.trim(),
        actor: userActor(request),
        at: clock(),
      });
      if (!result.ok) throw decisionFailure(result.reason);
      return decided(brand, result.application.id);
    },
  );

  app.post(
    '/brand/:brandId/advocate-invitations/',
    signedIn(
      'Invite up to 500 addresses to a campaign: each gets a link that joins it without approval',
      { 201: AdvocateInvitationsReply },
      {
        params: BrandIdParams,
        body: AdvocateInvitationsBody,
        access: brandRoute('catalog'),
        errors: [429],
        description:
          'Addresses that already joined are skipped. Each address counts against the per-recipient mail limit ' +
          '(by default 5 a day, whoever sends), and the batch against the per-brand and per-sender limits of ' +
          'program invitations: addresses over a limit are skipped as rate_limited; when the first is over the ' +
          "brand's or sender's limit, 429 with Retry-After.",
      },
    ),
    async (request, reply) => {
      const me = principalOf(request);
      const brand = await manageableBrand(db, me, request.params.brandId, 'catalog');
      const campaign = await findCampaign(db, request.body.campaign_id);
      if (!campaign || campaign.brandId !== brand.id)
        throw fieldError('campaign_id', 'is not a campaign of this brand');
      const emails = [...new Set(request.body.emails.map(normalizeEmail))];
      const joined = await alreadyJoined(db, campaign.id, emails);
      const skipped: { email: string; reason: 'already_joined' | 'rate_limited' }[] = [];
      const fresh = emails.filter((email) => !joined.has(email));
      for (const email of emails)
        if (joined.has(email)) skipped.push({ email, reason: 'already_joined' });
      // The batch counts once against the brand's and the sender's budget (429 for all of it)...
      if (fresh.length > 0)
        await app.enforceRateLimits(request, reply, [
          {
            name: 'program-invite-brand',
            rule: config.rateLimits.programInvitePerBrand,
            key: String(brand.id),
          },
          {
            name: 'program-invite-sender',
            rule: config.rateLimits.programInvitePerSender,
            key: String(me.userId),
          },
        ]);
      // ...and each address against its own, shared with every other mail typed to it.
      const toInvite: string[] = [];
      for (const email of fresh) {
        try {
          await app.enforceRateLimits(request, reply, [recipientLimit(config.rateLimits, email)]);
          toInvite.push(email);
        } catch (error) {
          if (!(error instanceof HttpError) || error.statusCode !== 429) throw error;
          reply.removeHeader('Retry-After');
          skipped.push({ email, reason: 'rate_limited' });
        }
      }
      const created = await createAdvocateInvitations(
        db,
        {
          brandId: brand.id,
          campaign: { id: campaign.id, title: campaign.title },
          emails: toInvite,
          invitedBy: me.userId,
          at: clock(),
        },
        userActor(request),
      );
      const inviter = userActor(request).name;
      for (const { email, token } of created) {
        const link = `${origin}/auth/advocate-invitation?token=${encodeURIComponent(token)}`;
        await app.deps.mailer.send(
          advocateInvitationMail({
            to: email,
            brandName: brand.brandName,
            campaignTitle: campaign.title || `Campaign ${campaign.id}`,
            inviter,
            link,
          }),
        );
      }
      return reply.code(201).send({ invited: created.map((c) => c.email), skipped });
    },
  );

  app.get(
    '/advocate-invitations/:token/',
    {
      schema: {
        tags: ['programs'],
        summary: 'The brand, campaign and address of an advocate invitation link (no sign-in)',
        params: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: withErrors({ 200: AdvocateInvitationDetailsReply }, 404),
      },
    },
    async (request) => {
      const details = await advocateInvitationDetails(db, request.params.token, clock());
      if (!details) throw notFound(INVITATION_FAILURES.unknown);
      const { campaignId: _campaignId, brandId: _brandId, ...reply } = details;
      return reply;
    },
  );

  app.post(
    '/advocate-invitations/accept/',
    signedIn(
      'Accept an advocate invitation: join its campaign without approval',
      { 200: AcceptAdvocateInvitationReply },
      { body: AcceptAdvocateInvitationBody, errors: [403, 404] },
    ),
    async (request) => {
      const me = principalOf(request);
      if (!me.roles.includes('advocate')) throw forbidden(NOT_AN_ADVOCATE);
      const now = clock();
      const result = await spendInvitationToken(db, request.body.token, { id: me.userId }, now);
      if (!result.ok) {
        const detail = INVITATION_FAILURES[result.reason];
        if (result.reason === 'unknown') throw notFound(detail);
        throw fieldError('token', detail, detail);
      }
      const campaign = await findCampaign(db, result.campaignId);
      if (!campaign) throw notFound(INVITATION_FAILURES.unknown);
      const joined = await joinCampaign(db, {
        advocateId: me.userId,
        campaignId: campaign.id,
        brandId: campaign.brandId,
        productIds: await liveProductIds(db, campaign.id),
        source: 'invitation',
        at: now,
      });
      return { campaign_id: campaign.id, share_links: linkViews(joined.links) };
    },
  );
};

export { declinedMessage };
export default programRoutes;
