import { Form, Formik, useFormikContext } from 'formik';
import type { ReactNode } from 'react';
import { CAMPAIGN_STATUSES } from 'shared-api';
import { COMMISSION_TYPES } from 'shared-api/catalog';
import {
  Button,
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

export interface CampaignFormProps {
  brandId: number;
  initialValues: CampaignFormValues;
  onSubmit: (values: CampaignFormValues) => Promise<void>;
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
      {({ isSubmitting }) => (
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
                  hint="MP4, WebM or MOV, at most 1MB"
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
              </FormGrid>
            </Panel>
          </Stack>
          <FormActions>
            {actions}
            <Button type="submit" loading={isSubmitting} disabled={disabled}>
              {isSubmitting ? busyLabel : submitLabel}
            </Button>
          </FormActions>
        </Form>
      )}
    </Formik>
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
