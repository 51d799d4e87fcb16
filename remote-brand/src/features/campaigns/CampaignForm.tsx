import { Form, Formik, useFormikContext, type FormikHelpers } from 'formik';
import type { ReactNode } from 'react';
import { CAMPAIGN_STATUSES } from 'shared-api';
import { EVENT_TYPES, type EventType } from 'contract/rules';
import { COMMISSION_TYPES } from 'shared-api/catalog';
import {
  CheckboxField,
  EVENT_TYPE_LABELS,
  FileField,
  FormActions,
  FormGrid,
  FullWidth,
  NumberField,
  SelectField,
  Stack,
  TextAreaField,
  TextField,
  Panel,
} from 'shared-ui';
import { PermittedSubmit } from '../../components/PermittedButton';
import { useListBrandProductsQuery } from '../products';
import { campaignSchema, type CampaignFormValues } from './campaignForm';
import { ProductPicker } from './ProductPicker';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const statusOptions = CAMPAIGN_STATUSES.map((status) => ({
  value: status,
  label: capitalise(status),
}));
const rewardTypeOptions = COMMISSION_TYPES.map((type) => ({
  value: type,
  label: type === 'percentage' ? 'Percentage of the sale' : 'Flat amount per sale',
}));
/** How advocates join, in the words the advocate's screens use. */
export const JOIN_MODE_OPTIONS = [
  { value: 'open', label: 'Open: advocates join at once' },
  { value: 'application', label: 'Apply: the brand approves each advocate' },
  { value: 'invite_only', label: 'Invite only: only invited advocates join' },
];
const eventRuleOptions = [
  { value: '', label: 'Campaign reward' },
  { value: 'percentage', label: 'Percentage' },
  { value: 'flat', label: 'Flat amount' },
];
/** shared-ui's words for the event types (its one label table). */
const EVENT_LABELS = EVENT_TYPE_LABELS;

/**
 * The currency of the campaign's amounts (budget, flat rewards): a product's sales and rewards are
 * in its currency, so it is the chosen products' one currency, or before any is chosen the brand's
 * active products' when they share one. Null while unknown or when they differ: the labels then
 * name no currency rather than a wrong one (a EUR campaign must not read 'USD').
 */
function useCampaignCurrency(brandId: number): string | null {
  const { values } = useFormikContext<CampaignFormValues>();
  const products = useListBrandProductsQuery({ brandId, status: 'active' }).data?.products ?? [];
  const chosen = new Set(values.products.map((product) => product.id));
  const pool = chosen.size > 0 ? products.filter((p) => chosen.has(p.id)) : products;
  const currencies = new Set(pool.map((product) => product.currency));
  return currencies.size === 1 ? [...currencies][0] : null;
}

/** 'Budget limit (EUR)', or 'Budget limit' while the currency is not known. */
const inCurrency = (label: string, currency: string | null) =>
  currency ? `${label} (${currency})` : label;

function BudgetField({ brandId }: { brandId: number }) {
  const currency = useCampaignCurrency(brandId);
  return (
    <NumberField
      name="budget_limit"
      label={inCurrency('Budget limit', currency)}
      min={0}
      step={0.01}
    />
  );
}

export interface CampaignFormProps {
  brandId: number;
  initialValues: CampaignFormValues;
  /** `helpers.setErrors` puts the server's 400 field messages under their fields. */
  onSubmit: (
    values: CampaignFormValues,
    helpers: FormikHelpers<CampaignFormValues>,
  ) => Promise<void>;
  submitLabel: string;
  busyLabel: string;
  /** Extra buttons before the submit button, e.g. Delete Campaign. */
  actions?: ReactNode;
  /** Disables the submit button while another action (a delete) runs. */
  disabled?: boolean;
}

/** The one form of Create and Edit Campaign. */
export function CampaignForm({
  brandId,
  initialValues,
  onSubmit,
  submitLabel,
  busyLabel,
  actions,
  disabled = false,
}: CampaignFormProps) {
  return (
    <Formik initialValues={initialValues} validationSchema={campaignSchema} onSubmit={onSubmit}>
      {() => (
        <Form noValidate aria-label={submitLabel}>
          <Stack gap={4}>
            <Panel title="Details">
              <FormGrid>
                <FullWidth>
                  <TextField name="title" label="Title" />
                </FullWidth>
                <TextField name="category" label="Category" />
                <SelectField name="status" label="Status" options={statusOptions} />
                <FullWidth>
                  <TextAreaField name="description" label="Description" rows={3} />
                </FullWidth>
                <TextField
                  name="product_url"
                  label="Landing page URL"
                  type="url"
                  placeholder="https://"
                />
                <FileField
                  name="video"
                  label="Video"
                  accept="video/*"
                  hint="MP4, WebM or MOV, at most 50 MB"
                />
              </FormGrid>
            </Panel>
            <Panel title="Audience and budget">
              <FormGrid>
                <TextField name="target_customers" label="Target customers" />
                <TextField name="location" label="Location" />
                <TextField name="gender" label="Gender" />
                <TextField name="age_range" label="Age range" placeholder="e.g. 18-35" />
                <BudgetField brandId={brandId} />
                <NumberField name="duration" label="Duration (days)" min={1} step={1} />
              </FormGrid>
            </Panel>
            <Panel title="Reward and products">
              <FormGrid>
                <SelectField
                  name="commission_type"
                  label="Reward type"
                  options={rewardTypeOptions}
                />
                <RewardValueField brandId={brandId} />
                <FullWidth>
                  <ProductPicker name="products" brandId={brandId} />
                </FullWidth>
                <SelectField name="join_mode" label="Who can join" options={JOIN_MODE_OPTIONS} />
                <CheckboxField
                  name="auto_approve"
                  label="Approve applications automatically"
                  hint="When the advocate's email is verified and no fraud rule (disposable domain, self-referral) matches"
                />
                <FullWidth>
                  <CheckboxField
                    name="forbid_paid_ads"
                    label="Forbid paid-ad traffic"
                    hint="Commissions from clicks on bought ads (Google, Meta, Microsoft, TikTok, X, LinkedIn, Reddit) are held for review"
                  />
                </FullWidth>
              </FormGrid>
            </Panel>
            <Panel title="Rewards per event type and renewals">
              <FormGrid>
                {EVENT_TYPES.map((type) => (
                  <EventRuleFields key={type} type={type} brandId={brandId} />
                ))}
                <FullWidth>
                  <NumberField
                    name="recurring_months"
                    label="Pay renewals for (months)"
                    min={0}
                    max={120}
                    step={1}
                    hint="Empty: every renewal, for as long as the customer pays. 0: only the first payment. N: renewals paid within N months of the customer's first payment."
                  />
                </FullWidth>
              </FormGrid>
            </Panel>
          </Stack>
          <FormActions>
            {actions}
            <PermittedSubmit
              brandId={brandId}
              permission="catalog"
              disabled={disabled}
              busyLabel={busyLabel}
            >
              {submitLabel}
            </PermittedSubmit>
          </FormActions>
        </Form>
      )}
    </Formik>
  );
}

/** One event type's own rule: a type (or the campaign's reward) and a value. */
function EventRuleFields({ type, brandId }: { type: EventType; brandId: number }) {
  const { values } = useFormikContext<CampaignFormValues>();
  const currency = useCampaignCurrency(brandId);
  const rule = values.event_rewards[type];
  return (
    <>
      <SelectField
        name={`event_rewards.${type}.commission_type`}
        label={`${EVENT_LABELS[type]}: reward`}
        options={eventRuleOptions}
      />
      <NumberField
        name={`event_rewards.${type}.commission_value`}
        label={
          rule.commission_type === 'flat'
            ? inCurrency(EVENT_LABELS[type], currency)
            : `${EVENT_LABELS[type]} (%)`
        }
        min={0}
        max={rule.commission_type === 'percentage' ? 100 : undefined}
        step={0.01}
        disabled={rule.commission_type === ''}
      />
    </>
  );
}

/** The reward's box follows its type: a percentage up to 100, or an amount in its currency. */
function RewardValueField({ brandId }: { brandId: number }) {
  const { values } = useFormikContext<CampaignFormValues>();
  const currency = useCampaignCurrency(brandId);
  const percentage = values.commission_type === 'percentage';
  return (
    <NumberField
      name="commission_value"
      label={percentage ? 'Reward (%)' : inCurrency('Reward', currency)}
      min={0}
      max={percentage ? 100 : undefined}
      step={0.01}
    />
  );
}
