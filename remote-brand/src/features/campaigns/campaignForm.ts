import { LIMITS } from 'contract/rules';
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
  products: ChosenProduct[];
  video: File | null;
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
    products: [],
    video: null,
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
    products: campaign.products.map(({ id, name }) => ({ id, name })),
    video: null,
  };
}

/**
 * The one schema of both campaign forms: nothing is required; duration is at least 1
 * day, the budget and the reward are not negative, and a percentage reward is at most 100.
 */
export const campaignSchema = yup.object({
  duration: yup
    .number()
    .typeError('Duration must be a number')
    .integer('Duration is a whole number of days')
    .min(LIMITS.campaignDurationMin, 'Duration must be at least 1 day'),
  budget_limit: yup
    .number()
    .typeError('Budget limit must be a number')
    .min(LIMITS.budgetLimitMin, 'Budget limit cannot be negative'),
  commission_value: yup
    .number()
    .typeError('Reward must be a number')
    .min(0, 'Reward cannot be negative')
    .when('commission_type', {
      is: 'percentage',
      then: (rule) => rule.max(100, 'A percentage reward cannot exceed 100'),
    }),
});

export interface ToCampaignFieldsOptions {
  /**
   * Edit sends an empty product list, so that removing every product sticks; create leaves it
   * out like any other empty field.
   */
  sendEmptyProducts?: boolean;
}

/** The call's fields: empty ones left out, numbers as numbers. */
export function toCampaignFields(
  values: CampaignFormValues,
  { sendEmptyProducts = false }: ToCampaignFieldsOptions = {},
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
    product_ids: productIds.length > 0 || sendEmptyProducts ? productIds : undefined,
  };
}

export const NO_TOKEN_FOR_CAMPAIGN = 'No access token. Please log in again.';
