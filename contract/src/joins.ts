// POST join-campaign/ and the caller's share links of a campaign.
import { Type, type Static } from 'typebox';
import { IdInput, Nullable } from './common.js';
import { ApplicationAnswers } from './brands.js';
import { APPLICATION_STATUSES } from './rules.js';

/**
 * Two shapes in one schema: the advocate UI sends `{id, source}`, the SDK tester
 * `{campaign_id, advocate_id?}`. One object with optional fields keeps the validation messages
 * plain ("id: must be a positive integer id") where a union would report both branches.
 */
export const JoinBody = Type.Object({
  id: Type.Optional(IdInput),
  source: Type.Optional(Type.String({ maxLength: 100 })),
  campaign_id: Type.Optional(IdInput),
  advocate_id: Type.Optional(IdInput),
  /** A campaign whose join_mode is application: the answers to the brand's questions. */
  answers: Type.Optional(ApplicationAnswers),
});
export type JoinBody = Static<typeof JoinBody>;

export const ShareLinkView = Type.Object({
  /** null for a campaign without products (the link leads to the campaign's product_url). */
  product_id: Nullable(Type.Integer()),
  url: Type.String(),
});
export type ShareLinkView = Static<typeof ShareLinkView>;

export const JoinReply = Type.Object({
  status: Type.Union([Type.Literal('Joined campaign'), Type.Literal('Already joined')]),
  share_links: Type.Array(ShareLinkView),
  share_link: Type.Optional(Type.String({ description: 'Present when there is exactly one link' })),
});
export type JoinReply = Static<typeof JoinReply>;

/** GET campaign/{id}/share-links/: whether the caller joined, and their links if so. */
export const MyLinksReply = Type.Object({
  joined: Type.Boolean(),
  /** The caller's application to the campaign (join_mode application), if any. */
  application: Nullable(
    Type.Object({
      id: Type.Integer(),
      status: Type.Enum(APPLICATION_STATUSES),
      reason: Nullable(Type.String()),
    }),
  ),
  share_links: Type.Array(ShareLinkView),
  share_link: Type.Optional(Type.String({ description: 'Present when there is exactly one link' })),
});
export type MyLinksReply = Static<typeof MyLinksReply>;
