import type { CampaignRecord } from 'shared-api/catalog';
import { formatMoney } from 'shared-ui';

/** The reward rule as the list shows it: '10%', '$5.00 flat', or '-' when there is none. */
export function formatRewardRule(
  campaign: Pick<CampaignRecord, 'commission_type' | 'commission_value'>,
): string {
  const value = campaign.commission_value;
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  if (campaign.commission_type === 'flat') return `${formatMoney(value)} flat`;
  // Percentage is the server's default type when none is stored.
  return `${Number(value.toFixed(2))}%`;
}
