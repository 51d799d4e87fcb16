import { Formik } from 'formik';
import styled from 'styled-components';
import * as Yup from 'yup';
import { normaliseError } from 'shared-api';
import { Button, Panel, SelectField, Text, TextField, useToast } from 'shared-ui';
import {
  useAssignPromotionCodeMutation,
  useListPromotionCodesQuery,
  useRemovePromotionCodeMutation,
} from './integrationsApi';
import { FormRow } from '../../components/FormRow';

interface Advocate {
  id: number;
  username: string;
}

const schema = Yup.object({
  code: Yup.string()
    .trim()
    .required('Enter the promotion code')
    .matches(/^\S+$/, 'A code has no spaces'),
  advocate_id: Yup.string().required('Choose an advocate'),
});

/**
 * The campaign's Stripe promotion codes: a code given to one of its advocates makes every Stripe
 * Checkout that uses it that advocate's sale (an influencer's own coupon code).
 */
export function PromotionCodesPanel({
  campaignId,
  advocates,
}: {
  campaignId: number;
  advocates: readonly Advocate[];
}) {
  const codes = useListPromotionCodesQuery(campaignId);
  const [assign] = useAssignPromotionCodeMutation();
  const [remove] = useRemovePromotionCodeMutation();
  const toast = useToast();
  const options = [
    { value: '', label: 'Choose an advocate' },
    ...advocates.map((a) => ({ value: String(a.id), label: a.username })),
  ];

  const submit = async (
    values: { code: string; advocate_id: string },
    reset: () => void,
  ): Promise<void> => {
    try {
      await assign({
        campaignId,
        code: values.code.trim(),
        advocateId: Number(values.advocate_id),
      }).unwrap();
      reset();
      toast.success('Promotion code assigned');
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to assign the code'));
    }
  };

  const drop = async (code: string) => {
    try {
      await remove({ campaignId, code }).unwrap();
      toast.success('Promotion code removed');
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to remove the code'));
    }
  };

  return (
    <Panel title="Stripe promotion codes" gap={3}>
      <Text size="sm" muted>
        Give an advocate their own Stripe promotion code: Checkout sales that use it are theirs.
        Enter the code&apos;s id from Stripe (promo_…), which Stripe&apos;s events carry.
      </Text>
      {codes.isError ? (
        <Text size="sm" muted>
          Could not load the promotion codes.
        </Text>
      ) : (
        (codes.data ?? []).length > 0 && (
          <CodeList aria-label="Promotion codes">
            {(codes.data ?? []).map((c) => (
              <li key={c.code}>
                <code>{c.code}</code> → {c.advocate}
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  aria-label={`Remove ${c.code}`}
                  onClick={() => void drop(c.code)}
                >
                  Remove
                </Button>
              </li>
            ))}
          </CodeList>
        )
      )}
      {advocates.length === 0 ? (
        <Text size="sm" muted>
          Codes can be given once advocates have joined the campaign.
        </Text>
      ) : (
        <Formik
          initialValues={{ code: '', advocate_id: '' }}
          validationSchema={schema}
          onSubmit={(values, helpers) => submit(values, () => helpers.resetForm())}
        >
          {({ isSubmitting }) => (
            <FormRow $fields={2} noValidate aria-label="Assign a promotion code">
              <TextField name="code" label="Promotion code" placeholder="promo_…" />
              <SelectField name="advocate_id" label="Advocate" options={options} />
              <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
                Assign
              </Button>
            </FormRow>
          )}
        </Formik>
      )}
    </Panel>
  );
}

const CodeList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};

  > li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.spacing(2)};
    flex-wrap: wrap;
  }
`;
