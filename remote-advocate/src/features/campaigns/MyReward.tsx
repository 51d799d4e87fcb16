import type { CampaignRecord } from 'shared-api/catalog';
import { Stack, Text } from 'shared-ui';
import { rewardRuleText } from './campaignLabels';
import { useGetMyShareLinksQuery } from './myLinksApi';
import { useGetMyGroupQuery } from './myGroupApi';

/**
 * The campaign's reward line: once the advocate has joined, what they earn by their group at the
 * brand (its rule, or the campaign's when the group has none) and their group's name; before, the
 * campaign's rule.
 */
export function MyReward({ campaign }: { campaign: CampaignRecord }) {
  const links = useGetMyShareLinksQuery(campaign.id);
  const mine = useGetMyGroupQuery(campaign.id, { skip: links.data?.joined !== true });
  // Not joined, loading, or not readable: the campaign's own rule is still true for them.
  if (!mine.data) return <>{rewardRuleText(campaign)}</>;
  const { group, rule, rule_from, reward_rules, discount_text } = mine.data;
  const extra = reward_rules.length;
  return (
    <Stack gap={1}>
      <span>{rewardRuleText(rule)}</span>
      <Text size="sm" muted>
        Your group: {group.name}
        {rule_from === 'campaign' ? " (the campaign's reward)" : ''}
        {extra ? ` · ${extra} higher or lower reward${extra === 1 ? '' : 's'} by condition` : ''}
      </Text>
      {discount_text && (
        <Text size="sm" muted>
          Your code's discount: {discount_text}
        </Text>
      )}
    </Stack>
  );
}
