import styled from 'styled-components';
import type { CampaignStats } from './statsApi';
import { Card, Heading, Text, TextLink } from 'shared-ui';

/** The campaign's products, each with a link to its page when it has one. */
export function ProductsList({ products }: { products: CampaignStats['products'] }) {
  return (
    <Panel as="section" aria-labelledby="stats-products-heading">
      <Heading level={2} size="lg" id="stats-products-heading">
        Products
      </Heading>
      {products.length === 0 ? (
        <Text muted>No products attached to this campaign.</Text>
      ) : (
        <List>
          {products.map((product) => (
            <li key={product.id}>
              <Name>{product.name}</Name>
              {product.product_url ? (
                <TextLink
                  href={product.product_url}
                  target="_blank"
                  rel="noreferrer noopener"
                  aria-label={`Open product ${product.name}`}
                >
                  Open product
                </TextLink>
              ) : (
                <Text as="span" size="sm" muted>
                  No link available
                </Text>
              )}
            </li>
          ))}
        </List>
      )}
    </Panel>
  );
}

const Panel = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(3)};
  min-width: 0;
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.spacing(3)};
    padding: ${({ theme }) => theme.spacing(2.5)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }

  li:last-child {
    border-bottom: 0;
  }
`;

const Name = styled.span`
  min-width: 0;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.text};
`;
