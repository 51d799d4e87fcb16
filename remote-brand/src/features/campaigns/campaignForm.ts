import {
  EVENT_TYPES,
  isMoneyAmount,
  JOIN_MODES,
  LIMITS,
  type EventType,
  type JoinMode,
} from 'contract/rules';
import type { EventRewards } from 'contract';
import * as yup from 'yup';
import { DEFAULT_CAMPAIGN_STATUS, type CampaignProductRef, type CampaignStatus } from 'shared-api';
import {
  campaignTitle,
  type CampaignFields,
  type CampaignRecord,
  type CommissionType,
} from 'shared-api/catalog';
import { optionalNumber, optionalText } from '../../lib/formValues';

/** A product chosen in the form: what the picker shows and the call sends. */
export type ChosenProduct = Pick<CampaignProductRef, 'id' | 'name'>;

/** The one set of values behind Create and Edit Campaign. Number boxes hold '' while empty. */
export interface CampaignFormValues {
  title: string;
  category: string;
  description: string;
  target_customers: string;
  location: string;
  gender: string;
  age_range: string;
  product_url: string;
  budget_limit: number | '';
  duration: number | '';
  status: CampaignStatus;
  commission_type: CommissionType;
  commission_value: number | '';
  /** Per event type: '' keeps the campaign's rule. */
  event_rewards: Record<EventType, EventRewardValues>;
  /** '' every renewal pays; 0 only the first payment; N renewals within N months. */
  recurring_months: number | '';
  products: ChosenProduct[];
  video: File | null;
  /** Hold the commissions of clicks bought from ad networks (the fraud rule 'paid_ads'). */
  forbid_paid_ads: boolean;
  /** How advocates join: at once, by applying, or only when invited. */
  join_mode: JoinMode;
  /** Applications of clean, verified advocates are approved at once. */
  auto_approve: boolean;
}

export interface EventRewardValues {
  commission_type: CommissionType | '';
  commission_value: number | '';
}

const noEventRewards = (): Record<EventType, EventRewardValues> =>
  Object.fromEntries(
    EVENT_TYPES.map((type) => [type, { commission_type: '', commission_value: '' }]),
  ) as Record<EventType, EventRewardValues>;

function eventRewardValues(stored: EventRewards | undefined): Record<EventType, EventRewardValues> {
  const values = noEventRewards();
  for (const type of EVENT_TYPES) {
    const rule = stored?.[type];
    if (rule) values[type] = { ...rule };
  }
  return values;
}

/** The rules the form sets: only event types with both a type and a value. */
function toEventRewards(values: Record<EventType, EventRewardValues>): EventRewards {
  const rules: EventRewards = {};
  for (const type of EVENT_TYPES) {
    const { commission_type, commission_value } = values[type];
    if (commission_type !== '' && commission_value !== '')
      rules[type] = { commission_type, commission_value };
  }
  return rules;
}

export function newCampaignValues(): CampaignFormValues {
  return {
    title: '',
    category: '',
    description: '',
    target_customers: '',
    location: '',
    gender: '',
    age_range: '',
    product_url: '',
    budget_limit: '',
    duration: '',
    status: DEFAULT_CAMPAIGN_STATUS,
    commission_type: 'percentage',
    commission_value: '',
    event_rewards: noEventRewards(),
    recurring_months: '',
    products: [],
    video: null,
    forbid_paid_ads: false,
    join_mode: 'open',
    auto_approve: false,
  };
}

/** A stored campaign as form values, for Edit. */
export function campaignValues(campaign: CampaignRecord): CampaignFormValues {
  const text = (value: string | null | undefined) => value ?? '';
  const number = (value: number | null | undefined) => value ?? '';
  return {
    title: campaignTitle(campaign),
    category: text(campaign.category),
    description: text(campaign.description),
    target_customers: text(campaign.target_customers),
    location: text(campaign.location),
    gender: text(campaign.gender),
    age_range: text(campaign.age_range),
    product_url: text(campaign.product_url),
    budget_limit: number(campaign.budget_limit),
    duration: number(campaign.duration),
    status: campaign.status ?? DEFAULT_CAMPAIGN_STATUS,
    commission_type: campaign.commission_type ?? 'percentage',
    commission_value: number(campaign.commission_value),
    event_rewards: eventRewardValues(campaign.event_rewards),
    recurring_months: number(campaign.recurring_months),
    products: campaign.products.map(({ id, name }) => ({ id, name })),
    video: null,
    forbid_paid_ads: campaign.forbid_paid_ads,
    join_mode: campaign.join_mode ?? 'open',
    auto_approve: campaign.auto_approve ?? false,
  };
}

/** A reward: not negative, and a percentage at most LIMITS.percentageRewardMax (100). */
const rewardValue = () =>
  yup
    .number()
    .typeError('Reward must be a number')
    .min(0, 'Reward cannot be negative')
    .when('commission_type', {
      is: 'percentage',
      then: (rule) =>
        rule.max(
          LIMITS.percentageRewardMax,
          `A percentage reward cannot exceed ${LIMITS.percentageRewardMax}`,
        ),
    });

/**
 * The one schema of both campaign forms: nothing is required; duration is at least 1
 * day, the budget and the reward are not negative, and a percentage reward is at most 100.
 */
export const campaignSchema = yup.object({
  join_mode: yup.string().oneOf([...JOIN_MODES], 'Choose who can join'),
  duration: yup
    .number()
    .typeError('Duration must be a number')
    .integer('Duration is a whole number of days')
    .min(LIMITS.campaignDurationMin, 'Duration must be at least 1 day'),
  budget_limit: yup
    .number()
    .typeError('Budget limit must be a number')
    .min(LIMITS.budgetLimitMin, 'Budget limit cannot be negative')
    .test('thousandths', 'At most 3 decimals', (v) => v === undefined || isMoneyAmount(v)),
  commission_value: rewardValue(),
  recurring_months: yup
    .number()
    .typeError('Months must be a number')
    .integer('Months is a whole number')
    .min(0, 'Months cannot be negative')
    .max(LIMITS.recurringMonthsMax, `At most ${LIMITS.recurringMonthsMax} months`),
  event_rewards: yup.object(
    Object.fromEntries(
      EVENT_TYPES.map((type) => [type, yup.object({ commission_value: rewardValue() })]),
    ),
  ),
});

export interface ToCampaignFieldsOptions {
  /**
   * Edit sends an empty product list, so that removing every product sticks; create leaves it
   * out like any other empty field.
   */
  sendEmptyProducts?: boolean;
  /**
   * What the campaign already has (edit); a new campaign starts without it, the server's
   * default. The switch is sent only when it differs, so an untouched form never changes it.
   */
  storedForbidPaidAds?: boolean;
  /** The same for who can join and automatic approval (edit: the campaign's own). */
  storedJoin?: { join_mode: JoinMode; auto_approve: boolean };
}

/** The call's fields: empty ones left out, numbers as numbers. */
export function toCampaignFields(
  values: CampaignFormValues,
  {
    sendEmptyProducts = false,
    storedForbidPaidAds = false,
    storedJoin = { join_mode: 'open', auto_approve: false },
  }: ToCampaignFieldsOptions = {},
): CampaignFields {
  const productIds = values.products.map((product) => product.id);
  const reward = optionalNumber(values.commission_value);
  return {
    title: optionalText(values.title),
    category: optionalText(values.category),
    description: optionalText(values.description),
    target_customers: optionalText(values.target_customers),
    location: optionalText(values.location),
    gender: optionalText(values.gender),
    age_range: optionalText(values.age_range),
    product_url: optionalText(values.product_url),
    budget_limit: optionalNumber(values.budget_limit),
    duration: optionalNumber(values.duration),
    status: values.status,
    // The type means nothing without a value; the server's default rule then applies.
    commission_type: reward === undefined ? undefined : values.commission_type,
    commission_value: reward,
    // Edit sends the whole map (an empty one clears it); create leaves an empty one out.
    event_rewards: sendEventRewards(toEventRewards(values.event_rewards), sendEmptyProducts),
    recurring_months:
      values.recurring_months === ''
        ? sendEmptyProducts
          ? null
          : undefined
        : values.recurring_months,
    product_ids: productIds.length > 0 || sendEmptyProducts ? productIds : undefined,
    forbid_paid_ads:
      values.forbid_paid_ads === storedForbidPaidAds ? undefined : values.forbid_paid_ads,
    join_mode: values.join_mode === storedJoin.join_mode ? undefined : values.join_mode,
    auto_approve: values.auto_approve === storedJoin.auto_approve ? undefined : values.auto_approve,
  };
}

function sendEventRewards(rules: EventRewards, editing: boolean): EventRewards | undefined {
  return Object.keys(rules).length > 0 || editing ? rules : undefined;
}

export const NO_TOKEN_FOR_CAMPAIGN = 'No access token. Please log in again.';

/** The fields a server 400 may name that the campaign form shows, each under its control. */
export const CAMPAIGN_FORM_FIELDS = [
  'title',
  'category',
  'description',
  'target_customers',
  'location',
  'gender',
  'age_range',
  'product_url',
  'budget_limit',
  'duration',
  'status',
  'commission_type',
  'commission_value',
  'recurring_months',
  'video',
] as const satisfies readonly (keyof CampaignFormValues)[];
