import { Formik } from 'formik';
import styled from 'styled-components';
import * as Yup from 'yup';
import { fieldErrors, normaliseError } from 'shared-api';
import { Button, Panel, SelectField, Text, TextField, useToast } from 'shared-ui';
import { FormRow } from '../../components/FormRow';
import { PermittedButton } from '../../components/PermittedButton';
import {
  useGiveDiscountCodeMutation,
  useListDiscountCodesQuery,
  useRemoveDiscountCodeMutation,
} from './webhookProvidersApi';

interface Advocate {
  id: number;
  username: string;
}

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
  advocates: readonly Advocate[];
}) {
  const codes = useListDiscountCodesQuery(campaignId);
  const [give] = useGiveDiscountCodeMutation();
  const [remove] = useRemoveDiscountCodeMutation();
  const toast = useToast();
  const advocateOptions = [
    { value: '', label: 'Choose an advocate' },
    ...advocates.map((a) => ({ value: String(a.id), label: a.username })),
  ];

  const drop = async (provider: 'paddle' | 'lemonsqueezy' | 'shopify', code: string) => {
    try {
      await remove({ campaignId, provider, code }).unwrap();
      toast.success('Discount code removed');
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to remove the code'));
    }
  };

  return (
    <Panel title="Discount codes (Paddle, Shopify)" gap={3}>
      {(codes.data ?? []).length === 0 ? (
        <Text size="sm" muted>
          No discount code given yet.
        </Text>
      ) : (
        <CodeList aria-label="Discount codes">
          {(codes.data ?? []).map((c) => (
            <li key={`${c.provider}:${c.code}`}>
              <code>{c.code}</code> · {PROVIDER_NAMES[c.provider] ?? c.provider} · {c.advocate}
              <Button
                type="button"
                size="sm"
                variant="secondary"
                aria-label={`Remove ${c.code}`}
                onClick={() => void drop(c.provider, c.code)}
              >
                Remove
              </Button>
            </li>
          ))}
        </CodeList>
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
                options={advocateOptions}
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
