import { Formik } from 'formik';
import * as Yup from 'yup';
import { fieldErrors, normaliseError } from 'shared-api';
import { Button, SelectField, Text, TextField, useToast } from 'shared-ui';
import { FormRow } from '../../components/FormRow';
import { advocateOptions, GivenCodeList, type CodeAdvocate } from './GivenCodes';
import {
  useAssignPromotionCodeMutation,
  useListPromotionCodesQuery,
  useListStripePromotionCodesQuery,
  useRemovePromotionCodeMutation,
  type PromotionCode,
} from './integrationsApi';

const schema = Yup.object({
  code: Yup.string()
    .trim()
    .required('Choose the promotion code')
    .matches(/^\S+$/, 'A code has no spaces'),
  advocate_id: Yup.string().required('Choose an advocate'),
});

/** The campaign's promotion codes by advocate (an advocate may have several). */
export function usePromotionCodesByAdvocate(campaignId: number): Map<number, PromotionCode[]> {
  const codes = useListPromotionCodesQuery(campaignId).data ?? [];
  const byAdvocate = new Map<number, PromotionCode[]>();
  for (const code of codes)
    byAdvocate.set(code.advocate_id, [...(byAdvocate.get(code.advocate_id) ?? []), code]);
  return byAdvocate;
}

/** An advocate's codes on the campaign's advocates table, each with a way to take it back. */
export function AdvocatePromotionCodes({
  campaignId,
  codes,
}: {
  campaignId: number;
  codes: readonly PromotionCode[];
}) {
  const [remove] = useRemovePromotionCodeMutation();
  if (codes.length === 0) return <>—</>;
  return (
    <GivenCodeList
      label="Promotion codes"
      codes={codes}
      remove={(c) => remove({ campaignId, code: c.code }).unwrap()}
      removed="Promotion code removed"
    />
  );
}

/**
 * Gives an advocate of the campaign a Stripe promotion code (an influencer's own coupon): sales
 * that use it are theirs. With a restricted key connected the codes come from the brand's Stripe
 * account, by the code customers type; without one the code is typed.
 */
export function GivePromotionCode({
  brandId,
  campaignId,
  advocates,
}: {
  brandId: number;
  campaignId: number;
  advocates: readonly CodeAdvocate[];
}) {
  const stripeCodes = useListStripePromotionCodesQuery(brandId);
  const [assign] = useAssignPromotionCodeMutation();
  const toast = useToast();
  if (advocates.length === 0)
    return (
      <Text size="sm" muted>
        Promotion codes can be given once advocates have joined the campaign.
      </Text>
    );
  const listed = stripeCodes.data;
  const codeOptions = listed && [
    { value: '', label: listed.length > 0 ? 'Choose a code' : 'No active code in Stripe' },
    ...listed.map((p) => ({
      value: p.code,
      label: p.assigned ? `${p.code} (now ${p.assigned.advocate}'s)` : p.code,
    })),
  ];
  return (
    <Formik
      initialValues={{ code: '', advocate_id: '' }}
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        try {
          await assign({
            campaignId,
            code: values.code.trim(),
            advocateId: Number(values.advocate_id),
          }).unwrap();
          helpers.resetForm();
          toast.success('Promotion code given');
        } catch (error) {
          helpers.setErrors(fieldErrors(error, ['code', 'advocate_id']));
          toast.error(normaliseError(error, 'Failed to give the code'));
        }
      }}
    >
      {({ isSubmitting }) => (
        <FormRow $fields={2} noValidate aria-label="Give a promotion code">
          {codeOptions ? (
            <SelectField name="code" label="Promotion code" options={codeOptions} />
          ) : (
            <TextField
              name="code"
              label="Promotion code"
              placeholder="SPRING-ALEX10"
              hint="The code customers type. Connect Stripe with a restricted key to pick from your codes."
            />
          )}
          <SelectField name="advocate_id" label="Advocate" options={advocateOptions(advocates)} />
          <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
            Give code
          </Button>
        </FormRow>
      )}
    </Formik>
  );
}
