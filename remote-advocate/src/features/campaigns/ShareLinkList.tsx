import styled from 'styled-components';
import { Badge, Cluster, PlainList, Stack, Text, surface } from 'shared-ui';
import { CopyButton } from 'shared-ui/workspace';
import type { ProductLink } from './shareLinks';

/** The advocate's links, one per product, each with its product name and a Copy button. */
export function ShareLinkList({ links }: { links: readonly ProductLink[] }) {
  if (links.length === 0) {
    return <Text muted>This campaign has no products to share yet.</Text>;
  }
  return (
    <PlainList gap={2} aria-label="Share links">
      {links.map((link) => (
        <Item key={link.key}>
          <Info gap={1}>
            <Name forwardedAs="span">
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
    </PlainList>
  );
}

const Item = styled.li`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(3)};
  ${surface(3)}
`;

const Info = styled(Stack)`
  flex: 1;
`;

const Name = styled(Cluster)`
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
