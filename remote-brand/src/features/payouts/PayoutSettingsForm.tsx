import { isMoneyAmount, LIMITS } from 'contract/rules';
import { useEffect, useRef } from 'react';
import { NumberField } from 'shared-ui';
import { useLocation } from 'shared-ui/router';
import { PAYOUT_SETTINGS_ANCHOR } from '../../paths';
import * as yup from 'yup';
import { useGetPayoutSettingsQuery, useSavePayoutSettingsMutation } from './payoutsApi';
import { SettingsFields, SettingsForm } from './SettingsForm';

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
    .max(LIMITS.holdDaysMax, `At most ${LIMITS.holdDaysMax} days`),
  payout_minimum: yup
    .number()
    .typeError('Payout minimum is required')
    .required('Payout minimum is required')
    .min(0, 'At least 0')
    .test('thousandths', 'At most 3 decimals', (v) => v === undefined || isMoneyAmount(v)),
});

/**
 * The brand's hold period and payout minimum. Opened with #payout-settings (the setup
 * checklist's link), the page scrolls here once the settings are drawn.
 */
export function PayoutSettingsForm({ brandId }: { brandId: number }) {
  const settings = useGetPayoutSettingsQuery(brandId);
  const [save] = useSavePayoutSettingsMutation();
  const anchor = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  const drawn = settings.data !== undefined;
  useEffect(() => {
    if (drawn && hash === `#${PAYOUT_SETTINGS_ANCHOR}`)
      anchor.current?.scrollIntoView({ block: 'start' });
  }, [drawn, hash]);
  return (
    <div id={PAYOUT_SETTINGS_ANCHOR} ref={anchor}>
      <SettingsForm<SettingsValues>
        brandId={brandId}
        permission="payouts"
        title="Payout settings"
        settings={settings}
        schema={schema}
        save={(values) =>
          save({
            brandId,
            hold_days: Number(values.hold_days),
            payout_minimum: Number(values.payout_minimum),
          }).unwrap()
        }
        submitLabel="Save settings"
      >
        <SettingsFields>
          <NumberField
            name="hold_days"
            label="Hold period (days)"
            hint="Rewards wait this long for refunds, then are approved on their own. 0 approves at once."
            min={0}
            max={LIMITS.holdDaysMax}
            step={1}
          />
          <NumberField
            name="payout_minimum"
            label="Payout minimum"
            hint="An advocate is paid once their approved balance in a currency reaches this."
            min={0}
            step={0.01}
          />
        </SettingsFields>
      </SettingsForm>
    </div>
  );
}
