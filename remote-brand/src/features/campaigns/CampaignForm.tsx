import { Form, Formik, useFormikContext, type FormikHelpers } from 'formik';
import type { ReactNode } from 'react';
import { CAMPAIGN_STATUSES } from 'shared-api';
import { EVENT_TYPES, type EventType } from 'contract/rules';
import { COMMISSION_TYPES } from 'shared-api/catalog';
import {
  CheckboxField,
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
const eventRuleOptions = [
  { value: '', label: 'Campaign reward' },
  { value: 'percentage', label: 'Percentage' },
  { value: 'flat', label: 'Flat amount' },
];
const EVENT_LABELS: Record<EventType, string> = {
  purchase: 'Purchase',
  signup: 'Sign-up',
  subscription: 'Subscription',
  subscription_created: 'First subscription payment',
  subscription_renewal: 'Subscription renewal',
};

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
                <NumberField name="budget_limit" label="Budget limit (USD)" min={0} step={0.01} />
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
                <RewardValueField />
                <FullWidth>
                  <ProductPicker name="products" brandId={brandId} />
                </FullWidth>
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
                  <EventRuleFields key={type} type={type} />
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
function EventRuleFields({ type }: { type: EventType }) {
  const { values } = useFormikContext<CampaignFormValues>();
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
            ? `${EVENT_LABELS[type]} (USD)`
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

/** The reward's box follows its type: a percentage up to 100, or an amount in dollars. */
function RewardValueField() {
  const { values } = useFormikContext<CampaignFormValues>();
  const percentage = values.commission_type === 'percentage';
  return (
    <NumberField
      name="commission_value"
      label={percentage ? 'Reward (%)' : 'Reward (USD)'}
      min={0}
      max={percentage ? 100 : undefined}
      step={0.01}
    />
  );
}
