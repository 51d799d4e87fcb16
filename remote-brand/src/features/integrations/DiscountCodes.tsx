import { Formik } from 'formik';
import * as Yup from 'yup';
import { fieldErrors, normaliseError } from 'shared-api';
import { Panel, SelectField, Text, TextField, useToast } from 'shared-ui';
import { FormRow } from '../../components/FormRow';
import { PermittedButton } from '../../components/PermittedButton';
import { advocateOptions, GivenCodeList, type CodeAdvocate } from './GivenCodes';
import {
  useGiveDiscountCodeMutation,
  useListDiscountCodesQuery,
  useRemoveDiscountCodeMutation,
} from './webhookProvidersApi';

/** The providers whose events name the discount used (Lemon Squeezy's do not). */
const PROVIDER_OPTIONS = [
  { value: 'shopify', label: 'Shopify (the code customers type)' },
  { value: 'paddle', label: "Paddle (the discount's id, dsc_…)" },
] as const;
const PROVIDER_NAMES: Record<string, string> = { shopify: 'Shopify', paddle: 'Paddle' };

const schema = Yup.object({
  provider: Yup.string().required('Choose the billing system'),
  code: Yup.string().trim().required('Enter the code').matches(/^\S+$/, 'A code has no spaces'),
  advocate_id: Yup.string().required('Choose who gets the code'),
});

/**
 * The campaign's Paddle and Shopify discount codes: a code given to one of its advocates makes
 * every order that uses it that advocate's sale (Stripe's promotion codes are on the advocates).
 */
export function DiscountCodesPanel({
  brandId,
  campaignId,
  advocates,
}: {
  /** Null while the route's brand id is unreadable (nothing is refused then). */
  brandId: number | null;
  campaignId: number;
  advocates: readonly CodeAdvocate[];
}) {
  const codes = useListDiscountCodesQuery(campaignId);
  const [give] = useGiveDiscountCodeMutation();
  const [remove] = useRemoveDiscountCodeMutation();
  const toast = useToast();

  return (
    <Panel title="Discount codes (Paddle, Shopify)" gap={3}>
      {(codes.data ?? []).length === 0 ? (
        <Text size="sm" muted>
          No discount code given yet.
        </Text>
      ) : (
        <GivenCodeList
          label="Discount codes"
          codes={codes.data ?? []}
          keyOf={(c) => `${c.provider}:${c.code}`}
          describe={(c) => (
            <>
              {' '}
              · {PROVIDER_NAMES[c.provider] ?? c.provider} · {c.advocate}
            </>
          )}
          remove={(c) => remove({ campaignId, provider: c.provider, code: c.code }).unwrap()}
          removed="Discount code removed"
        />
      )}
      {advocates.length === 0 ? (
        <Text size="sm" muted>
          Discount codes can be given once advocates have joined the campaign.
        </Text>
      ) : (
        <Formik
          initialValues={{ provider: 'shopify', code: '', advocate_id: '' }}
          validationSchema={schema}
          onSubmit={async (values, helpers) => {
            try {
              await give({
                campaignId,
                provider: values.provider as 'paddle' | 'shopify',
                code: values.code.trim(),
                advocateId: Number(values.advocate_id),
              }).unwrap();
              helpers.resetForm();
              toast.success('Discount code given');
            } catch (error) {
              helpers.setErrors(fieldErrors(error, ['provider', 'code', 'advocate_id']));
              toast.error(normaliseError(error, 'Failed to give the code'));
            }
          }}
        >
          {({ isSubmitting }) => (
            <FormRow $fields={3} noValidate aria-label="Give a discount code">
              <SelectField
                id="discount-provider"
                name="provider"
                label="Billing system"
                options={PROVIDER_OPTIONS}
              />
              <TextField
                id="discount-code"
                name="code"
                label="Discount code"
                placeholder="SPRING-ALEX10"
              />
              <SelectField
                id="discount-advocate"
                name="advocate_id"
                label="Give it to"
                options={advocateOptions(advocates)}
              />
              <PermittedButton
                brandId={brandId}
                permission="catalog"
                type="submit"
                loading={isSubmitting}
                disabled={isSubmitting}
              >
                Give discount code
              </PermittedButton>
            </FormRow>
          )}
        </Formik>
      )}
    </Panel>
  );
}
