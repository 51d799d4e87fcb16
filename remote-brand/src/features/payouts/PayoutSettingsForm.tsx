import { Form, Formik } from 'formik';
import { normaliseError } from 'shared-api';
import { Button, ErrorBanner, NumberField, Spinner, useToast, autoGrid } from 'shared-ui';
import * as yup from 'yup';
import styled from 'styled-components';
import { useGetPayoutSettingsQuery, useSavePayoutSettingsMutation } from './payoutsApi';

interface SettingsValues {
  hold_days: number | '';
  payout_minimum: number | '';
}

const schema = yup.object({
  hold_days: yup
    .number()
    .typeError('Hold period is required')
    .required('Hold period is required')
    .integer('Whole days only')
    .min(0, 'At least 0 days')
    .max(365, 'At most 365 days'),
  payout_minimum: yup
    .number()
    .typeError('Payout minimum is required')
    .required('Payout minimum is required')
    .min(0, 'At least 0')
    .test(
      'cents',
      'At most 2 decimals',
      (v) => v === undefined || Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
    ),
});

/** The brand's hold period and payout minimum. */
export function PayoutSettingsForm({ brandId }: { brandId: number }) {
  const settings = useGetPayoutSettingsQuery(brandId);
  const [save] = useSavePayoutSettingsMutation();
  const toast = useToast();
  if (settings.isError)
    return (
      <ErrorBanner
        message="Failed to load payout settings"
        onRetry={() => void settings.refetch()}
      />
    );
  if (!settings.data) return <Spinner label="Loading" />;
  return (
    <Formik<SettingsValues>
      initialValues={settings.data}
      enableReinitialize
      validationSchema={schema}
      onSubmit={async (values) => {
        try {
          await save({
            brandId,
            hold_days: Number(values.hold_days),
            payout_minimum: Number(values.payout_minimum),
          }).unwrap();
          toast.success('Payout settings saved');
        } catch (error) {
          toast.error(normaliseError(error, 'Failed to save payout settings'));
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Payout settings">
          <Fields>
            <NumberField
              name="hold_days"
              label="Hold period (days)"
              hint="Rewards wait this long for refunds, then are approved on their own. 0 approves at once."
              min={0}
              max={365}
              step={1}
            />
            <NumberField
              name="payout_minimum"
              label="Payout minimum"
              hint="An advocate is paid once their approved balance in a currency reaches this."
              min={0}
              step={0.01}
            />
          </Fields>
          <Button type="submit" loading={isSubmitting}>
            Save settings
          </Button>
        </Form>
      )}
    </Formik>
  );
}

const Fields = styled.div`
  ${autoGrid('14rem', 3)}
  margin-bottom: ${({ theme }) => theme.spacing(3)};
`;
