import styled from 'styled-components';
import { Badge, Text } from 'shared-ui';
import { CopyButton } from 'shared-ui/workspace';
import type { ProductLink } from './shareLinks';

/** The advocate's links, one per product, each with its product name and a Copy button. */
export function ShareLinkList({ links }: { links: readonly ProductLink[] }) {
  if (links.length === 0) {
    return <Text muted>This campaign has no products to share yet.</Text>;
  }
  return (
    <List aria-label="Share links">
      {links.map((link) => (
        <Item key={link.key}>
          <Info>
            <Name>
              {link.productName}
              {!link.tracked && <Badge tone="warning">Product page, not tracked</Badge>}
            </Name>
            <Url href={link.url} target="_blank" rel="noreferrer noopener">
              {link.url}
            </Url>
          </Info>
          <CopyButton text={link.url} />
        </Item>
      ))}
    </List>
  );
}

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(2)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(3)};
  padding: ${({ theme }) => theme.spacing(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const Info = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1)};
  min-width: 0;
`;

const Name = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const Url = styled.a`
  overflow: hidden;
  color: ${({ theme }) => theme.colors.textMuted};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-overflow: ellipsis;
  white-space: nowrap;
`;
