import { Link } from 'shared-ui/router';
import styled from 'styled-components';
import type { Brand } from 'shared-api';
import { Button, Card, Text, truncate, stackLayout, Stack, Cluster } from 'shared-ui';
import { brandPaths } from '../../paths';
import { BrandAvatar } from './BrandAvatar';

/** One brand in the grid. Each link carries the brand along so the next screen draws at once. */
export function BrandCard({ brand }: { brand: Brand }) {
  const state = { brand };
  // The API keys, webhooks and groups screens load their brand themselves, so those links carry none.
  const links = [
    { label: 'View Products', to: brandPaths.products(brand.id), state },
    { label: 'View Campaigns', to: brandPaths.campaigns(brand.id), state },
    {
      label: 'API Keys',
      to: brandPaths.apiKeys(brand.id),
      ariaLabel: `API Keys of ${brand.brand_name}`,
    },
    {
      label: 'Webhooks',
      to: brandPaths.webhooks(brand.id),
      ariaLabel: `Webhooks of ${brand.brand_name}`,
    },
    {
      label: 'Groups',
      to: brandPaths.groups(brand.id),
      ariaLabel: `Groups of ${brand.brand_name}`,
    },
    { label: 'View Profile', to: brandPaths.brand(brand.id), state, primary: true },
  ];
  const meta = [brand.brand_type, brand.brand_size && `${brand.brand_size} employees`]
    .filter(Boolean)
    .join(' · ');
  return (
    <Root as="article" aria-labelledby={`brand-${brand.id}-name`}>
      <Top direction="row" align="center">
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
      <Actions align="stretch">
        {links.map((link) => (
          <Button
            key={link.label}
            as={Link}
            to={link.to}
            state={link.state}
            size="sm"
            variant={link.primary ? 'primary' : 'secondary'}
            aria-label={link.ariaLabel}
          >
            {link.label}
          </Button>
        ))}
      </Actions>
    </Root>
  );
}

const Root = styled(Card)`
  ${stackLayout(3)}
`;

const Top = styled(Stack)`
  text-transform: capitalize;
`;

const Name = styled.h2`
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-transform: none;
`;

const Actions = styled(Cluster)`
  margin-top: auto;
`;
