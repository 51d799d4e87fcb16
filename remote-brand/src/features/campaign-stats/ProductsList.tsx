import styled from 'styled-components';
import type { CampaignStats } from './statsApi';
import { Text, TextLink, Panel, plainList, splitRow } from 'shared-ui';

/** The campaign's products, each with a link to its page when it has one. */
export function ProductsList({ products }: { products: CampaignStats['products'] }) {
  return (
    <Panel title="Products" gap={3}>
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

const List = styled.ul`
  ${plainList}

  li {
    ${splitRow(2.5)}
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
