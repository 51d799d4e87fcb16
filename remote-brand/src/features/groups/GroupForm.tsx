import { useId } from 'react';
import { FieldArray, Form, Formik, useFormikContext } from 'formik';
import styled from 'styled-components';
import { CURRENCIES } from 'contract/rules';
import {
  Button,
  Checkbox,
  CheckboxField,
  FormGrid,
  FullWidth,
  NumberField,
  SelectField,
  Stack,
  Text,
  TextField,
} from 'shared-ui';
import { PermittedSubmit } from '../../components/PermittedButton';
import { useListBrandProductsQuery } from '../products';
import { NEW_RULE, validateGroupForm, type GroupFormValues } from './groupForm';

const REWARD_OPTIONS = [
  { value: 'campaign', label: "Each campaign's own reward" },
  { value: 'percentage', label: 'A percentage of the sale' },
  { value: 'flat', label: 'A flat amount per sale' },
];
const TYPE_OPTIONS = [
  { value: 'percentage', label: 'Percentage' },
  { value: 'flat', label: 'Flat amount' },
];
const CUSTOMER_OPTIONS = [
  { value: '', label: 'Any customer' },
  { value: 'new', label: 'New customers' },
  { value: 'returning', label: 'Returning customers' },
];
const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: c }));

/** A group's name, rewards, terms, automatic rule and conditional rules: create and edit. */
export function GroupForm({
  brandId,
  initialValues,
  isDefault = false,
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
}: {
  brandId: number;
  initialValues: GroupFormValues;
  /** The default group has no automatic rule: it takes whoever no rule places. */
  isDefault?: boolean;
  submitLabel: string;
  busyLabel: string;
  /** Resolves when saved; a thrown error leaves the form as it is. */
  onSubmit: (values: GroupFormValues) => Promise<void>;
  onCancel?: () => void;
}) {
  // The add form and the edit dialog are on the page together: ids of their own.
  const idPrefix = useId();
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <Formik
      initialValues={initialValues}
      validate={validateGroupForm}
      onSubmit={async (values, helpers) => {
        try {
          await onSubmit(values);
          if (!onCancel) helpers.resetForm();
        } catch {
          // The page said why (a toast, or the server's field errors).
        }
      }}
    >
      {({ values }) => (
        <Form noValidate aria-label={submitLabel}>
          <Stack gap={4}>
            <FormGrid>
              <TextField name="name" id={id('name')} label="Name" placeholder="Gold" />
              <NumberField
                name="rank"
                id={id('rank')}
                label="Tier rank"
                min={0}
                step={1}
                hint="Higher ranks are higher tiers (the automatic rules try them first)."
              />
              <SelectField
                name="reward"
                id={id('reward')}
                label="Reward"
                options={REWARD_OPTIONS}
              />
              {values.reward !== 'campaign' && (
                <NumberField
                  name="commission_value"
                  id={id('commission_value')}
                  label={values.reward === 'percentage' ? 'Percentage' : 'Amount per sale'}
                  min={0}
                  step={0.01}
                />
              )}
              <NumberField
                name="hold_days"
                id={id('hold_days')}
                label="Hold period (days)"
                min={0}
                max={365}
                step={1}
                hint="Empty: the brand's hold period."
              />
              <TextField
                name="discount_text"
                id={id('discount_text')}
                label="Promotion-code discount text"
                placeholder="15% off your first order"
              />
            </FormGrid>
            {!isDefault && <AutoRuleFields id={id} />}
            <RulesFields brandId={brandId} id={id} />
            <Stack direction="row" gap={2}>
              <PermittedSubmit brandId={brandId} permission="catalog" busyLabel={busyLabel}>
                {submitLabel}
              </PermittedSubmit>
              {onCancel && (
                <Button type="button" variant="secondary" onClick={onCancel}>
                  Cancel
                </Button>
              )}
            </Stack>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

function AutoRuleFields({ id }: { id: (name: string) => string }) {
  const { values } = useFormikContext<GroupFormValues>();
  return (
    <Fieldset>
      <Legend>Automatic rule</Legend>
      <CheckboxField
        name="auto"
        id={id('auto')}
        label="Move advocates in and out by their last 90 days"
      />
      {values.auto && (
        <FormGrid>
          <NumberField
            name="min_conversions"
            id={id('min_conversions')}
            label="At least this many conversions"
            min={1}
            step={1}
          />
          <NumberField
            name="min_revenue"
            id={id('min_revenue')}
            label="And at least this revenue"
            min={0}
            step={0.01}
          />
          <SelectField
            name="revenue_currency"
            id={id('revenue_currency')}
            label="Revenue currency"
            options={CURRENCY_OPTIONS}
          />
        </FormGrid>
      )}
    </Fieldset>
  );
}

function RulesFields({ brandId, id }: { brandId: number; id: (name: string) => string }) {
  const { values, setFieldValue } = useFormikContext<GroupFormValues>();
  const products = useListBrandProductsQuery({ brandId });
  return (
    <FieldArray name="rules">
      {(rules) => (
        <Fieldset>
          <Legend>Rewards by condition</Legend>
          <Text size="sm" muted>
            Tried in order before the group's reward: the first rule whose conditions all hold pays.
            A country condition matches only sales whose reporter gave the buyer's country.
          </Text>
          {values.rules.map((rule, i) => {
            const at = (name: string) => `rules.${i}.${name}`;
            const toggle = (productId: string, on: boolean) =>
              void setFieldValue(
                at('product_ids'),
                on
                  ? [...rule.product_ids, productId]
                  : rule.product_ids.filter((p) => p !== productId),
              );
            return (
              <Rule key={i} aria-label={`Rule ${i + 1}`}>
                <Stack direction="row" align="center" justify="space-between">
                  <Text weight="semibold">Rule {i + 1}</Text>
                  <Button
                    type="button"
                    size="sm"
                    variant="secondary"
                    onClick={() => rules.remove(i)}
                  >
                    Remove rule {i + 1}
                  </Button>
                </Stack>
                <FormGrid>
                  <SelectField
                    name={at('commission_type')}
                    id={id(`rule-${i}-type`)}
                    label="Pays"
                    options={TYPE_OPTIONS}
                  />
                  <NumberField
                    name={at('commission_value')}
                    id={id(`rule-${i}-value`)}
                    label={rule.commission_type === 'percentage' ? 'Percentage' : 'Amount per sale'}
                    min={0}
                    step={0.01}
                  />
                  <TextField
                    name={at('countries')}
                    id={id(`rule-${i}-countries`)}
                    label="Buyer's country"
                    placeholder="FR, DE"
                    hint="Empty: any country."
                  />
                  <SelectField
                    name={at('customer')}
                    id={id(`rule-${i}-customer`)}
                    label="Customer"
                    options={CUSTOMER_OPTIONS}
                  />
                  <NumberField
                    name={at('min')}
                    id={id(`rule-${i}-min`)}
                    label="Order value from"
                    min={0}
                    step={0.01}
                  />
                  <NumberField
                    name={at('max')}
                    id={id(`rule-${i}-max`)}
                    label="Order value up to"
                    min={0}
                    step={0.01}
                  />
                  <SelectField
                    name={at('currency')}
                    id={id(`rule-${i}-currency`)}
                    label="Order value currency"
                    options={CURRENCY_OPTIONS}
                  />
                  <FullWidth>
                    <Products role="group" aria-label={`Products of rule ${i + 1}`}>
                      <Text size="sm" muted>
                        Products (none ticked: any product)
                      </Text>
                      {(products.data?.products ?? []).map((p) => (
                        <Checkbox
                          key={p.id}
                          label={p.name}
                          checked={rule.product_ids.includes(String(p.id))}
                          onChange={(event) => toggle(String(p.id), event.target.checked)}
                        />
                      ))}
                    </Products>
                  </FullWidth>
                </FormGrid>
              </Rule>
            );
          })}
          <div>
            <Button
              type="button"
              size="sm"
              variant="secondary"
              onClick={() => rules.push(NEW_RULE)}
            >
              Add a rule
            </Button>
          </div>
        </Fieldset>
      )}
    </FieldArray>
  );
}

const Fieldset = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(3)};
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.spacing(2)};
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Rule = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(3)};
  padding: ${({ theme }) => theme.spacing(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  min-width: 0;
`;

const Products = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(3)};
`;
