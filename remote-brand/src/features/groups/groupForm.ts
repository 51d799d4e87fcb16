// The Groups screen's form: a group's name, its own reward (or the campaign's), hold period,
// discount text, tier rank, automatic rule and conditional rules, as Formik values, and the body
// the API takes. Checked by the server's own cross-field rules (contract/group-rules).
import { CURRENCIES, type Currency } from 'contract/rules';
import { groupRuleProblems, GROUP_LIMITS, type CustomerKind } from 'contract/group-rules';
import type { CreateGroupBody } from 'contract';
import type { Group } from './groupsApi';

export interface RuleFormValues {
  /** Product ids as the checkboxes keep them. */
  product_ids: string[];
  /** Country codes separated by commas or spaces ('FR, DE'). */
  countries: string;
  customer: '' | CustomerKind;
  currency: Currency;
  min: number | '';
  max: number | '';
  commission_type: 'percentage' | 'flat';
  commission_value: number | '';
}

export interface GroupFormValues {
  name: string;
  /** campaign: the group keeps each campaign's own rule. */
  reward: 'campaign' | 'percentage' | 'flat';
  commission_value: number | '';
  /** '' : the brand's hold period. */
  hold_days: number | '';
  discount_text: string;
  rank: number | '';
  auto: boolean;
  min_conversions: number | '';
  min_revenue: number | '';
  revenue_currency: Currency;
  rules: RuleFormValues[];
}

export const NEW_RULE: RuleFormValues = {
  product_ids: [],
  countries: '',
  customer: '',
  currency: CURRENCIES[0],
  min: '',
  max: '',
  commission_type: 'percentage',
  commission_value: '',
};

export const NEW_GROUP: GroupFormValues = {
  name: '',
  reward: 'campaign',
  commission_value: '',
  hold_days: '',
  discount_text: '',
  rank: '',
  auto: false,
  min_conversions: '',
  min_revenue: '',
  revenue_currency: CURRENCIES[0],
  rules: [],
};

export function formOf(group: Group): GroupFormValues {
  const auto = group.auto_rule;
  return {
    name: group.name,
    reward: group.commission_type ?? 'campaign',
    commission_value: group.commission_value ?? '',
    hold_days: group.hold_days ?? '',
    discount_text: group.discount_text ?? '',
    rank: group.rank,
    auto: auto !== null,
    min_conversions: auto?.min_conversions ?? '',
    min_revenue: auto?.min_revenue?.amount ?? '',
    revenue_currency: auto?.min_revenue?.currency ?? CURRENCIES[0],
    rules: group.reward_rules.map((rule) => ({
      product_ids: (rule.conditions.product_ids ?? []).map(String),
      countries: (rule.conditions.countries ?? []).join(', '),
      customer: rule.conditions.customer ?? '',
      currency: rule.conditions.order_value?.currency ?? CURRENCIES[0],
      min: rule.conditions.order_value?.min ?? '',
      max: rule.conditions.order_value?.max ?? '',
      commission_type: rule.commission_type,
      commission_value: rule.commission_value,
    })),
  };
}

const countriesOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);

const num = (value: number | '') => (value === '' ? undefined : value);

/** The API body of the form (every field sent: an edit replaces the group's rules). */
export function bodyOf(values: GroupFormValues): CreateGroupBody {
  const type = values.reward === 'campaign' ? null : values.reward;
  const own = type !== null;
  return {
    name: values.name.trim(),
    commission_type: type,
    commission_value: own && values.commission_value !== '' ? values.commission_value : null,
    hold_days: values.hold_days === '' ? null : values.hold_days,
    discount_text: values.discount_text.trim() || null,
    rank: values.rank === '' ? 0 : values.rank,
    auto_rule: values.auto
      ? {
          ...(values.min_conversions === '' ? {} : { min_conversions: values.min_conversions }),
          ...(values.min_revenue === ''
            ? {}
            : { min_revenue: { amount: values.min_revenue, currency: values.revenue_currency } }),
        }
      : null,
    reward_rules: values.rules.map((rule) => {
      const countries = countriesOf(rule.countries);
      const ranged = rule.min !== '' || rule.max !== '';
      return {
        conditions: {
          ...(rule.product_ids.length ? { product_ids: rule.product_ids.map(Number) } : {}),
          ...(countries.length ? { countries } : {}),
          ...(rule.customer ? { customer: rule.customer } : {}),
          ...(ranged
            ? {
                order_value: {
                  currency: rule.currency,
                  ...(rule.min === '' ? {} : { min: rule.min }),
                  ...(rule.max === '' ? {} : { max: rule.max }),
                },
              }
            : {}),
        },
        commission_type: rule.commission_type,
        commission_value: num(rule.commission_value) ?? 0,
      };
    }),
  };
}

/** Formik's errors: the form's own checks, then the server's cross-field rules by form field. */
export function validateGroupForm(values: GroupFormValues): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  if (!values.name.trim()) errors.name = 'Name is required';
  else if (values.name.trim().length > GROUP_LIMITS.nameMax)
    errors.name = `At most ${GROUP_LIMITS.nameMax} characters`;
  if (values.reward !== 'campaign' && values.commission_value === '')
    errors.commission_value = 'Give the reward, or keep the campaign’s';
  if (values.auto && values.min_conversions === '' && values.min_revenue === '')
    errors.min_conversions = 'Give a number of conversions, a revenue or both';
  const ruleErrors: Record<string, string>[] = values.rules.map((rule) => {
    const e: Record<string, string> = {};
    if (rule.commission_value === '') e.commission_value = 'Give the reward';
    if (countriesOf(rule.countries).some((c) => !/^[A-Z]{2}$/.test(c)))
      e.countries = 'Two-letter country codes, e.g. FR, DE';
    return e;
  });
  const body = bodyOf(values);
  for (const [field, message] of Object.entries(groupRuleProblems(body))) {
    const rule = /^reward_rules\.(\d+)\.(.+)$/.exec(field);
    if (rule) {
      const at = ruleErrors[Number(rule[1])];
      const key = rule[2] === 'conditions.order_value' ? 'max' : rule[2].replace('conditions.', '');
      if (at && !at[key]) at[key] = message;
    } else if (field === 'auto_rule') errors.min_conversions ??= message;
    else if (!errors[field]) errors[field] = message;
  }
  if (ruleErrors.some((e) => Object.keys(e).length > 0)) errors.rules = ruleErrors;
  return errors;
}
