// How joining a campaign goes under its join_mode: open joins at once; application applies (the
// brand decides, or it is approved at once when the campaign auto-approves a clean applicant);
// invite_only joins only an advocate the brand invited. An advocate who already joined, or whose
// address the brand invited to the campaign, joins whatever the mode. POST join-campaign/ and the
// program page's Apply both come here, so the two cannot disagree.
import { answersProblem, type ApplicationAnswer } from 'contract';
import type { Database } from '../../db/client.js';
import type { JoinMode } from 'contract';
import { fieldError, forbidden } from '../../lib/http-error.js';
import { hasJoined, joinCampaign } from '../joins/repository.js';
import { findBrand } from '../access/index.js';
import { applyToCampaign, type ApplicableCampaign } from './repository.js';
import { acceptInvitationFor } from './invitations.js';

export const INVITE_ONLY =
  'This campaign is invite only: only advocates the brand invited can join. Ask the brand for an invitation.';

export type JoinOutcome =
  | { kind: 'joined'; created: boolean; links: { productId: number | null; code: string }[] }
  | { kind: 'pending'; applicationId: number }
  | { kind: 'rejected'; applicationId: number; reason: string | null };

export interface JoinAttempt {
  advocateId: number;
  advocateEmail: string;
  campaign: ApplicableCampaign & { joinMode: JoinMode };
  /** undefined: none were sent (an application then needs the brand to ask no required ones). */
  answers: readonly ApplicationAnswer[] | undefined;
  source: string | null;
  at: Date;
}

export async function joinByMode(db: Database, attempt: JoinAttempt): Promise<JoinOutcome> {
  const { campaign, advocateId, at } = attempt;
  const join = () =>
    joinCampaign(db, {
      advocateId,
      campaignId: campaign.id,
      brandId: campaign.brandId,
      productIds: campaign.productIds,
      source: attempt.source,
      at,
    });
  if (campaign.joinMode === 'open' || (await hasJoined(db, advocateId, campaign.id))) {
    const result = await join();
    return { kind: 'joined', ...result };
  }
  // An invitation to this campaign for the advocate's address bypasses approval.
  if (
    await acceptInvitationFor(db, campaign, { id: advocateId, email: attempt.advocateEmail }, at)
  ) {
    const result = await join();
    return { kind: 'joined', ...result };
  }
  if (campaign.joinMode === 'invite_only') throw forbidden(INVITE_ONLY);

  const brand = await findBrand(db, campaign.brandId);
  const questions = brand?.applicationQuestions ?? [];
  const answers = attempt.answers ?? [];
  const problem = answersProblem(questions, answers);
  if (problem) {
    const detail =
      attempt.answers === undefined && brand?.slug
        ? `${problem}: apply on the brand's program page, /programs/${brand.slug}`
        : problem;
    throw fieldError('answers', problem, `answers: ${detail}`);
  }
  const outcome = await applyToCampaign(db, {
    advocateId,
    campaign,
    answers: answers.map((a) => ({ question_id: a.question_id, answer: a.answer.trim() })),
    source: attempt.source,
    at,
  });
  if (outcome.status === 'approved') return { kind: 'joined', created: true, links: outcome.links };
  if (outcome.status === 'rejected')
    return {
      kind: 'rejected',
      applicationId: outcome.application.id,
      reason: outcome.application.reason,
    };
  return { kind: 'pending', applicationId: outcome.application.id };
}

/** The 403 an advocate whose application was declined reads on joining again. */
export const declinedMessage = (reason: string | null) =>
  `The brand declined your application to this campaign${reason ? `: ${reason}` : '.'}`;
