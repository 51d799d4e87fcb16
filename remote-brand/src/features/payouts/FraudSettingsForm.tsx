import type { FraudSettings } from 'contract';
import { isMoneyAmount, LIMITS } from 'contract/rules';
import { CheckboxField, NumberField, Text } from 'shared-ui';
import styled from 'styled-components';
import * as yup from 'yup';
import { HOLD_REASON_TEXT } from './holdReasons';
import { useGetFraudSettingsQuery, useSaveFraudSettingsMutation } from './payoutsApi';
import { SettingsFields, SettingsForm } from './SettingsForm';

type RuleName = keyof FraudSettings['rules'];
const RULES: readonly RuleName[] = [
  'self_referral',
  'visitor_velocity',
  'paid_ads',
  'duplicate_payout',
  'disposable_email',
];

interface FraudValues {
  publishable_keys: boolean;
  attribution_window_days: number | '';
  max_order_value: number | '';
  visitor_daily_max: number | '';
  address_hourly_max: number | '';
  rules: FraudSettings['rules'];
}

const whole = (label: string, min: number, max: number) =>
  yup
    .number()
    .typeError(`${label} is required`)
    .required(`${label} is required`)
    .integer('Whole numbers only')
    .min(min, `At least ${min}`)
    .max(max, `At most ${max}`);

const schema = yup.object({
  attribution_window_days: whole('Attribution window', 1, LIMITS.attributionWindowDaysMax),
  max_order_value: yup
    .number()
    .typeError('Maximum order value is required')
    .required('Maximum order value is required')
    .moreThan(0, 'More than 0')
    .test('thousandths', 'At most 3 decimals', (v) => v === undefined || isMoneyAmount(v)),
  visitor_daily_max: whole('Conversions per visitor a day', 1, LIMITS.visitorDailyMax),
  address_hourly_max: whole('Conversions per address an hour', 1, LIMITS.addressHourlyMax),
});

/** The brand's fraud settings: publishable keys, attribution window, value cap and the rules. */
export function FraudSettingsForm({ brandId }: { brandId: number }) {
  const settings = useGetFraudSettingsQuery(brandId);
  const [save] = useSaveFraudSettingsMutation();
  return (
    <SettingsForm<FraudValues>
      brandId={brandId}
      permission="developers"
      title="Fraud settings"
      settings={settings}
      schema={schema}
      save={(values) =>
        save({
          brandId,
          publishable_keys: values.publishable_keys,
          attribution_window_days: Number(values.attribution_window_days),
          max_order_value: Number(values.max_order_value),
          visitor_daily_max: Number(values.visitor_daily_max),
          address_hourly_max: Number(values.address_hourly_max),
          rules: values.rules,
        }).unwrap()
      }
      submitLabel="Save fraud settings"
    >
      <Text size="sm" muted>
        Conversions reported from a browser (publishable key) and those a rule flags wait for your
        review: they are never approved on their own. Report sales from your server or payment
        provider (secret key, Stripe) for automatic approval after the hold period.
      </Text>
      <CheckboxField
        name="publishable_keys"
        label="Accept conversions reported with the publishable key (browser script)"
      />
      <SettingsFields>
        <NumberField
          name="attribution_window_days"
          label="Attribution window (days)"
          hint="A browser-reported sale counts only for a share-link click this recent."
          min={1}
          max={LIMITS.attributionWindowDaysMax}
          step={1}
        />
        <NumberField
          name="max_order_value"
          label="Maximum order value"
          hint="The largest browser-reported sale without a product (with one: its price × quantity)."
          min={0}
          step={0.01}
        />
        <NumberField
          name="visitor_daily_max"
          label="Conversions per visitor a day"
          hint="More than this for one advocate is held."
          min={1}
          step={1}
        />
        <NumberField
          name="address_hourly_max"
          label="Conversions per address an hour"
          hint="More browser reports than this from one address are held."
          min={1}
          step={1}
        />
      </SettingsFields>
      <Rules>
        <legend>Hold for review when</legend>
        {RULES.map((rule) => (
          <CheckboxField key={rule} name={`rules.${rule}`} label={HOLD_REASON_TEXT[rule]} />
        ))}
      </Rules>
    </SettingsForm>
  );
}

const Rules = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.spacing(1)};
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.spacing(1)};
  }
`;
