import styled from 'styled-components';
import type { CampaignRecord } from 'shared-api/catalog';
import { Text, Panel } from 'shared-ui';
import { brandLabel } from './campaignLabels';
import { MyReward } from './MyReward';

/** What the campaign is: brand, description, products and the reward per conversion. */
export function CampaignSummary({ campaign }: { campaign: CampaignRecord }) {
  const products = campaign.products;
  return (
    <Panel title="About this campaign" gap={3}>
      <Text muted={!campaign.description}>
        {campaign.description || 'No description provided.'}
      </Text>
      <Facts>
        <dt>Brand</dt>
        <dd>{brandLabel(campaign)}</dd>
        <dt>Reward</dt>
        <dd>
          <MyReward campaign={campaign} />
        </dd>
        <dt>Products</dt>
        <dd>
          {products.length ? (
            <Products>
              {products.map((p) => (
                <li key={p.id}>{p.name || `Product #${p.id}`}</li>
              ))}
            </Products>
          ) : (
            'No products attached to this campaign.'
          )}
        </dd>
      </Facts>
    </Panel>
  );
}

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.spacing(2)} ${({ theme }) => theme.spacing(4)};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    color: ${({ theme }) => theme.colors.text};
    min-width: 0;
  }
`;

const Products = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.spacing(4)};
`;
