import { useId, useState } from 'react';
import { Link } from 'shared-ui/router';
import { Cluster, plainList, focusRing } from 'shared-ui';
import styled, { css } from 'styled-components';

export interface ChipCampaign {
  campaign_id: number;
  campaign_name: string | null;
}

interface CampaignChipsProps<C extends ChipCampaign> {
  campaigns: readonly C[];
  /** Where a chip leads; without it chips are plain labels. */
  linkTo?: (campaign: C) => string;
  /** Accessible name of a chip's link. */
  linkLabel?: (name: string) => string;
  /** Chips shown before the "+N more" toggle. */
  collapsedCount?: number;
}

export const campaignName = (campaign: ChipCampaign) =>
  campaign.campaign_name?.trim() || `Campaign ${campaign.campaign_id}`;

/** An advocate's campaigns as chips; long lists fold behind a "+N more" toggle. */
export function CampaignChips<C extends ChipCampaign>({
  campaigns,
  linkTo,
  linkLabel,
  collapsedCount = 2,
}: CampaignChipsProps<C>) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  if (campaigns.length === 0) return <Muted>No campaigns</Muted>;
  const hidden = campaigns.length - collapsedCount;
  const shown = expanded || hidden <= 0 ? campaigns : campaigns.slice(0, collapsedCount);
  return (
    <Cluster gap={1.5}>
      <List id={listId}>
        {shown.map((campaign) => {
          const name = campaignName(campaign);
          return (
            <li key={campaign.campaign_id}>
              {linkTo ? (
                <ChipLink to={linkTo(campaign)} aria-label={linkLabel?.(name)} title={name}>
                  {name}
                </ChipLink>
              ) : (
                <Chip title={name}>{name}</Chip>
              )}
            </li>
          );
        })}
      </List>
      {hidden > 0 && (
        <Toggle
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'Show less' : `+${hidden} more`}
        </Toggle>
      )}
    </Cluster>
  );
}

const List = styled.ul`
  display: contents;
  ${plainList}

  li {
    display: inline-flex;
    min-width: 0;
  }
`;

const chip = css`
  display: inline-block;
  max-width: 220px;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: 12px;
  line-height: 20px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.text};
`;

const Chip = styled.span`
  ${chip}
`;

const ChipLink = styled(Link)`
  ${chip}
  text-decoration: none;

  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
  }

  ${focusRing('primary')}
`;

const Toggle = styled.button`
  padding: 2px 6px;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  font-size: 12px;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  cursor: pointer;

  ${focusRing('primary')}
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;
