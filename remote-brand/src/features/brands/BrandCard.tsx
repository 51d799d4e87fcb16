import { Link } from 'shared-ui/router';
import styled from 'styled-components';
import type { Brand } from 'shared-api';
import { Button, Card, Text, truncate } from 'shared-ui';
import { brandPaths } from '../../paths';
import { BrandAvatar } from './BrandAvatar';

/** One brand in the grid. Each link carries the brand along so the next screen draws at once. */
export function BrandCard({ brand }: { brand: Brand }) {
  const state = { brand };
  const meta = [brand.brand_type, brand.brand_size && `${brand.brand_size} employees`]
    .filter(Boolean)
    .join(' · ');
  return (
    <Root as="article" aria-labelledby={`brand-${brand.id}-name`}>
      <Top>
        <BrandAvatar name={brand.brand_name} />
        <div>
          <Name id={`brand-${brand.id}-name`}>{brand.brand_name}</Name>
          {meta && (
            <Text size="sm" muted>
              {meta}
            </Text>
          )}
        </div>
      </Top>
      <Text muted>{truncate(brand.description, 120) || 'No description provided.'}</Text>
      <Actions>
        <Button
          as={Link}
          to={brandPaths.products(brand.id)}
          state={state}
          size="sm"
          variant="secondary"
        >
          View Products
        </Button>
        <Button
          as={Link}
          to={brandPaths.campaigns(brand.id)}
          state={state}
          size="sm"
          variant="secondary"
        >
          View Campaigns
        </Button>
        <Button
          as={Link}
          to={brandPaths.apiKeys(brand.id)}
          size="sm"
          variant="secondary"
          aria-label={`API Keys of ${brand.brand_name}`}
        >
          API Keys
        </Button>
        <Button as={Link} to={brandPaths.brand(brand.id)} state={state} size="sm">
          View Profile
        </Button>
      </Actions>
    </Root>
  );
}

const Root = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(3)};
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(3)};
  text-transform: capitalize;
`;

const Name = styled.h2`
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-transform: none;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(2)};
  margin-top: auto;
`;
