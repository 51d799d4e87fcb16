// The calls the front end and the sdk make, keyed 'METHOD path' (path relative to /api/v1/, path
// parameters as `{name}`, no query), each with the schema of its success reply and, where it has
// one, of its request body. The fake API of the component tests types its replies by this map;
// server/src/openapi-routes.test.ts checks every entry against the server's OpenAPI document (the
// operation exists, and its success reply and body are these very schemas), so it cannot drift.
import { Type, type Static, type TSchema } from 'typebox';
import { ApiKeyListReply, CreateApiKeyBody, CreatedApiKeyReply } from './api-keys.js';
import { CampaignStandingReply } from './advocate-campaigns.js';
import {
  AdvocateRemovalBody,
  AdvocateRemovalReply,
  AdvocateRemovalsReply,
  AdvocateRestoreReply,
} from './advocate-removals.js';
import {
  BrandAdvocatesReply,
  ConversionsReply,
  PaymentsReply,
  PerformanceReply,
  StatsReply,
} from './analytics.js';
import {
  EmailBody,
  LoginBody,
  LoginReply,
  RefreshReply,
  RegisterBody,
  RegisterReply,
  ResetPasswordBody,
  VerifyOtpBody,
} from './auth.js';
import {
  BrandInput,
  BrandListReply,
  BrandNotFoundReply,
  BrandReply,
  BrandUpdate,
  CreateBrandReply,
} from './brands.js';
import { CampaignStats } from './campaign-stats.js';
import {
  CreateGroupBody,
  GroupMembersReply,
  GroupMovesReply,
  GroupReply,
  GroupsReply,
  MoveMembersBody,
  MyGroupReply,
  UpdateGroupBody,
} from './groups.js';
import {
  BrandCampaignsReply,
  CampaignView,
  CampaignWriteReply,
  CreateCampaignBody,
  UpdateCampaignBody,
} from './campaigns.js';
import { ConversionBody, ConversionReply } from './conversions.js';
import {
  AcceptInvitationBody,
  AcceptInvitationReply,
  AuditLogReply,
  BrandMembersReply,
  ChangeMemberRoleBody,
  InviteMemberBody,
  InviteMemberReply,
  MemberReply,
  MfaLoginBody,
  TeamSettingsBody,
  TokenReply,
  TwoFactorConfirmBody,
  TwoFactorEnableReply,
  TwoFactorStatusReply,
  TwoFactorSetupReply,
} from './team-api.js';
import { FraudSettings } from './fraud.js';
import { InvitationDetailsReply } from './invitations.js';
import {
  PromotionCodeBody,
  PromotionCodeListReply,
  StripeConnectBody,
  StripeConnectReply,
  StripeIntegrationReply,
  StripePromotionCodesReply,
  StripeTestEventReply,
} from './integrations.js';
import {
  DiscountCodeBody,
  DiscountCodeListReply,
  WebhookConnectBody,
  WebhookConnectReply,
  WebhookIntegrationReply,
} from './billing-providers.js';
import { JoinBody, JoinReply, MyLinksReply } from './joins.js';
import {
  AdvocatePayoutListReply,
  CreatePayoutsBody,
  CreatePayoutsReply,
  PayoutPreviewReply,
  RefusedReportListReply,
  ReopenBody,
  ReopenReply,
  ReviewDetail,
  ReviewSummary,
  EarningsListReply,
  EarningsSummary,
  PayoutFailedBody,
  PayoutListReply,
  PayoutMethodBody,
  PayoutMethodListReply,
  PayoutMethodReply,
  PayoutReply,
  PayoutSettings,
  PayoutSettingsReply,
  PayoutSummary,
  RefundBody,
  RefundReply,
  ReviewBody,
  ReviewListReply,
  ReviewReply,
} from './money.js';
import { NotificationPreferences } from './preferences.js';
import {
  BrandNotificationSettings,
  MarkReadBody,
  MarkReadReply,
  NotificationsReply,
  UnreadCountReply,
  UnsubscribeBody,
  UnsubscribeReply,
} from './notifications.js';
import {
  CreatedWebhookReply,
  CreateWebhookBody,
  RotatedSecretReply,
  UpdateWebhookBody,
  WebhookAttemptReply,
  WebhookDeliveriesReply,
  WebhookListReply,
  WebhookReply,
} from './webhooks.js';
import {
  CreateProductBody,
  ProductListReply,
  ProductReply,
  ProductWriteReply,
  UpdateProductBody,
} from './products.js';
import { ProfileInput, ProfileView } from './profiles.js';
import {
  AcceptAdvocateInvitationBody,
  AcceptAdvocateInvitationReply,
  AdvocateInvitationDetailsReply,
  AdvocateInvitationsBody,
  AdvocateInvitationsReply,
  ApplicationReply,
  ApplicationsReply,
  ApplyBody,
  ApplyReply,
  ApproveApplicationBody,
  MyApplicationsReply,
  ProgramPageReply,
  RejectApplicationBody,
} from './programs.js';
import { ErrorReply, StatusReply } from './replies.js';
import {
  ActiveRoleReply,
  RemoveRoleBody,
  RemoveRoleReply,
  SetActiveRoleBody,
  UpgradeReply,
} from './roles.js';
import {
  DeleteUserBody,
  DeleteUserReply,
  MeReply,
  UpdateUserBody,
  UpdateUserReply,
} from './users.js';

interface RouteSpec {
  /** The success status the server answers with. */
  status: 200 | 201;
  reply: TSchema;
  body?: TSchema;
  /** A reply other than the error envelope for this error status (e.g. the brand 404). */
  errors?: Partial<Record<number, TSchema>>;
}

const route = <S extends RouteSpec>(spec: S): S => spec;
const ok = <R extends TSchema>(reply: R) => route({ status: 200, reply });
const okWith = <R extends TSchema, B extends TSchema>(reply: R, body: B) =>
  route({ status: 200, reply, body });
const created = <R extends TSchema, B extends TSchema>(reply: R, body: B) =>
  route({ status: 201, reply, body });

export const API_ROUTES = {
  'POST token/': okWith(TokenReply, LoginBody),
  'POST token/2fa/': okWith(LoginReply, MfaLoginBody),
  'POST user/2fa/setup/': ok(TwoFactorSetupReply),
  'GET user/2fa/': ok(TwoFactorStatusReply),
  'POST user/2fa/enable/': okWith(TwoFactorEnableReply, TwoFactorConfirmBody),
  'POST user/2fa/disable/': okWith(StatusReply, TwoFactorConfirmBody),
  'POST user/2fa/recovery-codes/': okWith(TwoFactorEnableReply, TwoFactorConfirmBody),
  'GET brand/{brandId}/members/': ok(BrandMembersReply),
  'POST brand/{brandId}/members/invite/': created(InviteMemberReply, InviteMemberBody),
  'PATCH brand/{brandId}/members/{userId}/': okWith(MemberReply, ChangeMemberRoleBody),
  'DELETE brand/{brandId}/members/{userId}/': ok(StatusReply),
  'DELETE brand/{brandId}/invitations/{invitationId}/': ok(StatusReply),
  'PUT brand/{brandId}/team-settings/': okWith(TeamSettingsBody, TeamSettingsBody),
  'POST invitations/accept/': okWith(AcceptInvitationReply, AcceptInvitationBody),
  'GET invitations/details/': ok(InvitationDetailsReply),
  'GET brand/{brandId}/audit-log/': ok(AuditLogReply),
  'POST token/refresh/': ok(RefreshReply),
  'POST token/logout/': ok(StatusReply),
  'POST user/register/': created(RegisterReply, RegisterBody),
  'POST auth/send-otp': okWith(StatusReply, EmailBody),
  'POST auth/verify-otp': okWith(StatusReply, VerifyOtpBody),
  'POST auth/forgot-password': okWith(StatusReply, EmailBody),
  'POST auth/reset-password': okWith(StatusReply, ResetPasswordBody),
  'GET user/me/': ok(MeReply),
  'POST user/update/': okWith(UpdateUserReply, UpdateUserBody),
  'POST user/delete/': okWith(DeleteUserReply, DeleteUserBody),
  'GET user/active-role/': ok(ActiveRoleReply),
  'POST user/active-role/': okWith(ActiveRoleReply, SetActiveRoleBody),
  'POST roles/upgrade/advocate/': ok(UpgradeReply),
  'POST role/remove/': okWith(RemoveRoleReply, RemoveRoleBody),
  'GET user/notification-preferences/': ok(NotificationPreferences),
  'PUT user/notification-preferences/': okWith(NotificationPreferences, NotificationPreferences),

  'POST brand/create/': created(CreateBrandReply, BrandInput),
  'GET brand/list/': ok(BrandListReply),
  'GET brand/{id}/': route({ status: 200, reply: BrandReply, errors: { 404: BrandNotFoundReply } }),
  'PATCH brand/{id}/': okWith(BrandReply, BrandUpdate),
  'GET brand/{id}/products/': ok(ProductListReply),
  'POST product/create/': created(ProductWriteReply, CreateProductBody),
  'GET product/{id}/': ok(ProductReply),
  'PUT product/{id}/update/': okWith(ProductWriteReply, UpdateProductBody),
  'DELETE product/{id}/delete/': ok(StatusReply),
  'GET brand/{id}/campaigns/': ok(BrandCampaignsReply),
  'POST campaign/create/': created(CampaignWriteReply, CreateCampaignBody),
  'PATCH campaign/update/{id}/': okWith(CampaignWriteReply, UpdateCampaignBody),
  'DELETE campaign/delete/{id}/': ok(StatusReply),
  'GET campaign/list/': ok(Type.Array(CampaignView)),
  'GET campaign/{id}/': ok(CampaignView),
  'GET campaign/{id}/share-links/': ok(MyLinksReply),
  'POST join-campaign/': created(JoinReply, JoinBody),

  'GET programs/{slug}/': ok(ProgramPageReply),
  'POST programs/{slug}/apply/': created(ApplyReply, ApplyBody),
  'GET advocate/applications/': ok(MyApplicationsReply),
  'GET brand/{brandId}/applications/': ok(ApplicationsReply),
  'POST brand/{brandId}/applications/{applicationId}/approve/': okWith(
    ApplicationReply,
    ApproveApplicationBody,
  ),
  'POST brand/{brandId}/applications/{applicationId}/reject/': okWith(
    ApplicationReply,
    RejectApplicationBody,
  ),
  'POST brand/{brandId}/advocate-invitations/': created(
    AdvocateInvitationsReply,
    AdvocateInvitationsBody,
  ),
  'GET advocate-invitations/{token}/': ok(AdvocateInvitationDetailsReply),
  'POST advocate-invitations/accept/': okWith(
    AcceptAdvocateInvitationReply,
    AcceptAdvocateInvitationBody,
  ),
  'POST sdk-log-conversion/': created(ConversionReply, ConversionBody),

  'GET brand/{id}/api-keys/': ok(ApiKeyListReply),
  'POST brand/{id}/api-keys/': created(CreatedApiKeyReply, CreateApiKeyBody),
  'DELETE brand/{id}/api-keys/{keyId}/': ok(StatusReply),

  'GET campaign/{id}/stats/': ok(CampaignStats),
  'GET brand/stats/': ok(StatsReply),
  'GET brand/stats/{brandId}/': ok(StatsReply),
  'GET me/stats/': ok(StatsReply),
  'GET me/stats/{brandId}/': ok(StatsReply),
  'GET payments/': ok(PaymentsReply),
  'GET brands/advocates/': ok(BrandAdvocatesReply),
  'GET advocates/campaign-standing/': ok(CampaignStandingReply),
  'GET brand/{brandId}/advocates/removed/': ok(AdvocateRemovalsReply),
  'POST brand/{brandId}/advocates/{advocateId}/remove/': okWith(
    AdvocateRemovalReply,
    AdvocateRemovalBody,
  ),
  'POST brand/{brandId}/advocates/{advocateId}/ban/': okWith(
    AdvocateRemovalReply,
    AdvocateRemovalBody,
  ),
  'POST brand/{brandId}/advocates/{advocateId}/restore/': ok(AdvocateRestoreReply),
  'GET advocates/performance/': ok(PerformanceReply),
  'GET advocates/conversions/': ok(ConversionsReply),
  'GET advocates/earnings/': ok(EarningsSummary),
  'GET advocates/earnings/transactions/': ok(EarningsListReply),
  'GET advocates/payouts/': ok(AdvocatePayoutListReply),

  'GET brand/{id}/review/': ok(ReviewListReply),
  'POST brand/{id}/review/': okWith(ReviewReply, ReviewBody),
  'GET brand/{id}/review/summary/': ok(ReviewSummary),
  'GET brand/{id}/review/refused/': ok(RefusedReportListReply),
  'GET brand/{id}/review/{conversionId}/': ok(ReviewDetail),
  'POST brand/{id}/review/{conversionId}/reopen/': okWith(ReopenReply, ReopenBody),
  'GET brand/{id}/payout-settings/': ok(PayoutSettingsReply),
  'PUT brand/{id}/payout-settings/': okWith(PayoutSettings, PayoutSettings),
  'GET brand/{id}/fraud-settings/': ok(FraudSettings),
  'PUT brand/{id}/fraud-settings/': okWith(FraudSettings, FraudSettings),
  'GET brand/{id}/payouts/summary/': ok(PayoutSummary),
  'GET brand/{id}/payouts/': ok(PayoutListReply),
  'POST brand/{id}/payouts/preview/': ok(PayoutPreviewReply),
  'POST brand/{id}/payouts/': created(CreatePayoutsReply, Type.Optional(CreatePayoutsBody)),
  'POST payout/{id}/sent/': ok(PayoutReply),
  'POST payout/{id}/successful/': ok(PayoutReply),
  'POST payout/{id}/failed/': okWith(PayoutReply, Type.Optional(PayoutFailedBody)),
  'GET brand/{id}/payouts/export/': ok(Type.String()),
  'POST refunds/': okWith(RefundReply, RefundBody),

  'GET brand/{brandId}/integrations/stripe/': ok(StripeIntegrationReply),
  'PUT brand/{brandId}/integrations/stripe/': okWith(StripeConnectReply, StripeConnectBody),
  'DELETE brand/{brandId}/integrations/stripe/': ok(StatusReply),
  'POST brand/{brandId}/integrations/stripe/test-event/': ok(StripeTestEventReply),
  'GET brand/{brandId}/integrations/stripe/promotion-codes/': ok(StripePromotionCodesReply),
  'GET brand/{brandId}/integrations/paddle/': ok(WebhookIntegrationReply),
  'PUT brand/{brandId}/integrations/paddle/': okWith(WebhookConnectReply, WebhookConnectBody),
  'DELETE brand/{brandId}/integrations/paddle/': ok(StatusReply),
  'GET brand/{brandId}/integrations/lemonsqueezy/': ok(WebhookIntegrationReply),
  'PUT brand/{brandId}/integrations/lemonsqueezy/': okWith(WebhookConnectReply, WebhookConnectBody),
  'DELETE brand/{brandId}/integrations/lemonsqueezy/': ok(StatusReply),
  'GET brand/{brandId}/integrations/shopify/': ok(WebhookIntegrationReply),
  'PUT brand/{brandId}/integrations/shopify/': okWith(WebhookConnectReply, WebhookConnectBody),
  'DELETE brand/{brandId}/integrations/shopify/': ok(StatusReply),
  'GET campaign/{id}/discount-codes/': ok(DiscountCodeListReply),
  'PUT campaign/{id}/discount-codes/': okWith(DiscountCodeListReply, DiscountCodeBody),
  'DELETE campaign/{id}/discount-codes/{provider}/{code}/': ok(StatusReply),
  'GET campaign/{id}/promotion-codes/': ok(PromotionCodeListReply),
  'PUT campaign/{id}/promotion-codes/': okWith(PromotionCodeListReply, PromotionCodeBody),
  'DELETE campaign/{id}/promotion-codes/{code}/': ok(StatusReply),

  'GET payout-methods/': ok(PayoutMethodListReply),
  'POST payout-methods/': created(PayoutMethodReply, PayoutMethodBody),
  'PUT payout-methods/{id}/': okWith(PayoutMethodReply, PayoutMethodBody),
  'DELETE payout-methods/{id}/': ok(StatusReply),
  'POST payout-methods/{id}/default/': ok(PayoutMethodReply),
  'GET advocate/profile/': ok(ProfileView),
  'PUT advocate/profile/': okWith(ProfileView, ProfileInput),

  'GET brand/{brandId}/groups/': ok(GroupsReply),
  'POST brand/{brandId}/groups/': created(GroupReply, CreateGroupBody),
  'PATCH brand/{brandId}/groups/{groupId}/': okWith(GroupReply, UpdateGroupBody),
  'DELETE brand/{brandId}/groups/{groupId}/': ok(GroupMovesReply),
  'GET brand/{brandId}/groups/{groupId}/members/': ok(GroupMembersReply),
  'POST brand/{brandId}/groups/{groupId}/members/': okWith(GroupMovesReply, MoveMembersBody),
  'POST brand/{brandId}/groups/evaluate/': ok(GroupMovesReply),
  'GET campaign/{id}/my-group/': ok(MyGroupReply),
  'GET brand/{brandId}/webhooks/': ok(WebhookListReply),
  'POST brand/{brandId}/webhooks/': created(CreatedWebhookReply, CreateWebhookBody),
  'PATCH brand/{brandId}/webhooks/{webhookId}/': okWith(WebhookReply, UpdateWebhookBody),
  'DELETE brand/{brandId}/webhooks/{webhookId}/': ok(StatusReply),
  'POST brand/{brandId}/webhooks/{webhookId}/rotate-secret/': ok(RotatedSecretReply),
  'GET brand/{brandId}/webhooks/{webhookId}/deliveries/': ok(WebhookDeliveriesReply),
  'POST brand/{brandId}/webhooks/{webhookId}/deliveries/{deliveryId}/retry/':
    ok(WebhookAttemptReply),
  'POST brand/{brandId}/webhooks/{webhookId}/test/': ok(WebhookAttemptReply),
  'GET brand/{brandId}/notification-settings/': ok(BrandNotificationSettings),
  'PUT brand/{brandId}/notification-settings/': okWith(
    BrandNotificationSettings,
    BrandNotificationSettings,
  ),
  'GET notifications/': ok(NotificationsReply),
  'GET notifications/unread-count/': ok(UnreadCountReply),
  'POST notifications/mark-read/': okWith(MarkReadReply, MarkReadBody),
  'POST unsubscribe/': okWith(UnsubscribeReply, UnsubscribeBody),
} satisfies Record<string, RouteSpec>;

type Routes = typeof API_ROUTES;

/** A route's key as the map spells it: 'GET brand/{id}/'. */
export type ApiRouteTemplate = keyof Routes;

/** 'GET brand/{id}/' → 'GET brand/${number}/': the concrete keys a template stands for. */
export type ConcreteRoute<T extends string> = T extends `${infer Head}{${infer Name}}${infer Tail}`
  ? `${Head}${Name extends TextParam ? string : number}${ConcreteRoute<Tail>}`
  : T;

/** Path parameters that are text, not ids: a program page's slug, an invitation's token. */
type TextParam = 'slug' | 'token';

/** Every concrete route key, e.g. 'GET brand/stats/5/'. */
export type ApiRoute = { [T in ApiRouteTemplate]: ConcreteRoute<T> }[ApiRouteTemplate];

/** The template a concrete key belongs to: 'GET brand/3/' → 'GET brand/{id}/'. */
export type TemplateOf<K extends string> = {
  [T in ApiRouteTemplate]: K extends ConcreteRoute<T> ? T : never;
}[ApiRouteTemplate];

/** The success reply of a route (template or concrete key). */
export type ApiReply<K extends string> = Static<Routes[TemplateOf<K>]['reply']>;

/** The request body of a route; `undefined` for a route without one. */
export type ApiBody<K extends string> = Routes[TemplateOf<K>] extends {
  body: infer B extends TSchema;
}
  ? Static<B>
  : undefined;

/** What a route answers with a status of 400 or above: the error envelope, or its own reply. */
export type ApiErrorReply<K extends string> =
  | ErrorReply
  | (Routes[TemplateOf<K>] extends { errors: infer E extends Partial<Record<number, TSchema>> }
      ? Static<NonNullable<E[keyof E]>>
      : never);
