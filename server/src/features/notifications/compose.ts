// What each business event tells whom: the in-app notification (title, body, the screen it links
// to) and whether it also goes out by email. The same words serve the drawer and the email.
import type {
  BusinessEventDataMap,
  BusinessEventType,
  CommissionEventData,
  NOTIFICATION_KINDS_BY_ROLE,
  PayoutEventData,
} from 'contract';
import { currencyDecimals, moneyText } from 'contract';
import type { RoleCode } from '../../db/schema.js';

/** A kind the role is sent (contract/rules): the drawer's Filter offers exactly these. */
type KindFor<R extends RoleCode> = (typeof NOTIFICATION_KINDS_BY_ROLE)[R][number];

/** Who it is for: the advocate the event is about, or the brand's owner; what it is about. */
export type Recipient =
  | { to: 'advocate'; role: 'advocate'; kind: KindFor<'advocate'> }
  | { to: 'owner'; role: 'brand_owner'; kind: KindFor<'brand_owner'> };

export type Announcement = Recipient & {
  title: string;
  body: string;
  /** Product path of the screen it is about. */
  link: string;
  /** Also sent by email (when the recipient's Email setting allows). */
  email: boolean;
};

/** One formatter per currency: building an Intl.NumberFormat costs far more than formatting. */
const formatters = new Map<string, Intl.NumberFormat | null>();

/** '€12.50', '¥100', 'KWD 12.345': an amount with its own currency's decimals (contract/currency). */
export function formatMoney(amount: number, currency: string): string {
  let format = formatters.get(currency);
  if (format === undefined) {
    try {
      const digits = currencyDecimals(currency);
      format = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    } catch {
      format = null; // not a currency Intl knows
    }
    // Currencies come from stored rows (ISO 4217 codes): a few hundred at most.
    formatters.set(currency, format);
  }
  return format ? format.format(amount) : `${moneyText(amount, currency)} ${currency}`;
}

const reward = (d: CommissionEventData) => formatMoney(d.reward.amount, d.reward.currency);
const payout = (d: PayoutEventData) => formatMoney(d.payout.amount, d.payout.currency);
const campaign = (d: CommissionEventData) => d.campaign.title || `campaign ${d.campaign.id}`;

const EARNINGS = '/advocate/earnings';
const BRAND_PAYOUTS = '/brand/payouts';

type Composer<T extends BusinessEventType> = (data: BusinessEventDataMap[T]) => Announcement[];

const composers: { [T in BusinessEventType]: Composer<T> } = {
  'conversion.created': (d) => [
    {
      to: 'advocate',
      role: 'advocate',
      kind: 'conversion',
      title: 'New conversion',
      body: `A ${d.conversion.event_type} through your link for ${campaign(d)} earned ${reward(d)} (${d.reward.status}).`,
      link: EARNINGS,
      email: false,
    },
    {
      to: 'owner',
      role: 'brand_owner',
      kind: 'conversion',
      title: 'New conversion',
      body: `${d.advocate.username} brought a ${d.conversion.event_type} of ${formatMoney(d.conversion.value, d.conversion.currency)} for ${campaign(d)}.${d.reward.status === 'held' ? ' It is held for your review.' : ''}`,
      link: BRAND_PAYOUTS,
      email: false,
    },
  ],
  'conversion.refunded': (d) => [
    {
      to: 'advocate',
      role: 'advocate',
      kind: 'conversion',
      title: 'Conversion refunded',
      body: `A ${d.conversion.event_type} for ${campaign(d)} was refunded; its ${reward(d)} commission no longer counts.`,
      link: EARNINGS,
      email: false,
    },
  ],
  // A commission of nothing (a signup on a percentage campaign) is no news: no "€0.00
  // commission approved" in anyone's drawer or mailbox. The webhook still carries the event.
  'commission.approved': (d) =>
    Number(d.reward.amount) === 0
      ? []
      : [
          {
            to: 'advocate',
            role: 'advocate',
            kind: 'commission',
            title: 'Commission approved',
            body: `Your ${reward(d)} commission for ${campaign(d)} was approved and will be paid out.`,
            link: EARNINGS,
            email: true,
          },
        ],
  'commission.rejected': (d) => [
    {
      to: 'advocate',
      role: 'advocate',
      kind: 'commission',
      title: 'Commission rejected',
      body: `Your ${reward(d)} commission for ${campaign(d)} was rejected${d.reason ? `: ${d.reason}` : '.'}`,
      link: EARNINGS,
      email: false,
    },
  ],
  'commission.reopened': (d) => [
    {
      to: 'advocate',
      role: 'advocate',
      kind: 'commission',
      title: 'Commission reopened',
      body: `Your ${reward(d)} commission for ${campaign(d)} was reopened and is being reviewed again.`,
      link: EARNINGS,
      email: false,
    },
  ],
  'payout.created': (d) => [
    {
      to: 'advocate',
      role: 'advocate',
      kind: 'payout',
      title: 'Payout on its way',
      body: `A payout of ${payout(d)} was created for you.`,
      link: EARNINGS,
      email: false,
    },
  ],
  'payout.paid': (d) => [
    {
      to: 'advocate',
      role: 'advocate',
      kind: 'payout',
      title: 'Payout sent',
      body: `Your payout of ${payout(d)} was sent by ${d.payout.method === 'paypal' ? 'PayPal' : 'bank transfer'}.`,
      link: EARNINGS,
      email: true,
    },
  ],
  'payout.failed': (d) => [
    {
      to: 'advocate',
      role: 'advocate',
      kind: 'payout',
      title: 'Payout failed',
      body: `Your payout of ${payout(d)} failed${d.payout.failure_reason ? `: ${d.payout.failure_reason}` : '.'} Check your payout method.`,
      link: EARNINGS,
      email: true,
    },
  ],
  // Applications (issue 36): the brand's owners hear of a new one; the advocate of the decision.
  'application.created': (d) =>
    d.application.status === 'pending'
      ? [
          {
            to: 'owner',
            role: 'brand_owner',
            kind: 'advocate',
            title: 'New application',
            body: `${d.advocate.username} applied to ${d.campaign.title || `campaign ${d.campaign.id}`}.`,
            link: `/brand/brands/${d.brand_id}/applications`,
            email: true,
          },
        ]
      : [],
  'application.approved': (d) => [
    {
      to: 'advocate',
      role: 'advocate',
      kind: 'advocate',
      title: `${d.brand_name} approved your application`,
      body: `You joined ${d.campaign.title || `campaign ${d.campaign.id}`}; your share links are ready.`,
      link: `/advocate/campaigns/${d.campaign.id}`,
      email: true,
    },
  ],
  'application.rejected': (d) => [
    {
      to: 'advocate',
      role: 'advocate',
      kind: 'advocate',
      title: `${d.brand_name} declined your application`,
      body: `Your application to ${d.campaign.title || `campaign ${d.campaign.id}`} was declined${d.application.reason ? `: ${d.application.reason}` : '.'}`,
      link: `/advocate/campaigns/${d.campaign.id}`,
      email: true,
    },
  ],
  // The invitees are mailed by the request itself (they may have no account yet).
  'advocate.invited': () => [],
  'advocate.joined': (d) => [
    {
      to: 'owner',
      role: 'brand_owner',
      kind: 'advocate',
      title: 'New advocate',
      body: `${d.advocate.username} joined ${d.campaign.title || `campaign ${d.campaign.id}`}.`,
      link: `/brand/advocates/${d.advocate.id}`,
      email: true,
    },
  ],
  // The advocate hears of a removal, a ban or a restore, by notification and email (issue 36).
  'advocate.removed': (d) => [
    {
      to: 'advocate',
      role: 'advocate',
      kind: 'advocate',
      title: `Removed from ${d.brand_name}`,
      body: `${d.brand_name} removed you from its program${d.reason ? `: ${d.reason}` : '.'} Your links no longer earn; ${d.pending === 'reject' ? 'your pending commissions were rejected' : 'your pending commissions are still reviewed'}, and paid ones stay paid.`,
      link: '/advocate/campaigns',
      email: true,
    },
  ],
  'advocate.banned': (d) => [
    {
      to: 'advocate',
      role: 'advocate',
      kind: 'advocate',
      title: `Banned by ${d.brand_name}`,
      body: `${d.brand_name} removed you from its program and will not take you back${d.reason ? `: ${d.reason}` : '.'} Your links no longer earn; ${d.pending === 'reject' ? 'your pending commissions were rejected' : 'your pending commissions are still reviewed'}, and paid ones stay paid.`,
      link: '/advocate/campaigns',
      email: true,
    },
  ],
  // The edit was made by a member on the screen: nobody else needs telling (webhooks carry it).
  'brand.updated': () => [],
  'advocate.restored': (d) => [
    {
      to: 'advocate',
      role: 'advocate',
      kind: 'advocate',
      title: `Back in ${d.brand_name}'s program`,
      body: `${d.brand_name} restored you to its program: your links earn again in ${d.campaign_ids.length === 1 ? '1 campaign' : `${d.campaign_ids.length} campaigns`}.`,
      link: '/advocate/campaigns',
      email: true,
    },
  ],
  // The advocate's rules change with their group (for their future conversions): they hear of it.
  'advocate.group_changed': (d) => [
    {
      to: 'advocate',
      role: 'advocate',
      kind: 'advocate',
      title: 'Your group changed',
      body: `You are now in the ${d.group.name} group (before: ${d.previous_group.name}); its rewards apply to your conversions from now on.`,
      link: '/advocate/campaigns',
      email: true,
    },
  ],
};

/**
 * The announcements of one event: none for a type this version does not know, nor for data it
 * cannot read (an event written by a newer version): the event still reaches its webhooks, and
 * one unreadable event must not hold up the dispatch of every other.
 */
export function announcementsOf(type: string, data: unknown): Announcement[] {
  const compose = composers[type as BusinessEventType] as Composer<BusinessEventType> | undefined;
  try {
    return compose ? compose(data as BusinessEventDataMap[BusinessEventType]) : [];
  } catch {
    return [];
  }
}
