import { useId } from 'react';
import styled from 'styled-components';
import { Card, Heading, Text, Stack, PlainList } from 'shared-ui';

/** The profile shows at most 5 brand ids. */
export const BRANDS_SHOWN = 5;

/** How many brands the user can manage, the first few by id, and how many more. */
export function BrandAccess({ brandIds }: { brandIds: readonly number[] }) {
  const headingId = useId();
  const shown = brandIds.slice(0, BRANDS_SHOWN);
  const hidden = brandIds.length - shown.length;
  return (
    <Card as="section" aria-labelledby={headingId}>
      <Header direction="row" align="baseline" justify="space-between">
        <Heading level={2} size="lg" id={headingId}>
          Brand Access
        </Heading>
        <Text muted size="sm">
          {brandIds.length === 1 ? '1 brand' : `${brandIds.length} brands`}
        </Text>
      </Header>
      {brandIds.length === 0 ? (
        <Text muted>You have no brands yet.</Text>
      ) : (
        <PlainList direction="row" wrap gap={2}>
          {shown.map((id) => (
            <Chip key={id}>Brand #{id}</Chip>
          ))}
          {hidden > 0 && <More>+{hidden} more</More>}
        </PlainList>
      )}
    </Card>
  );
}

const Header = styled(Stack)`
  margin-bottom: ${({ theme }) => theme.spacing(4)};
`;

const Chip = styled.li`
  padding: ${({ theme }) => `${theme.spacing(1)} ${theme.spacing(3)}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const More = styled(Chip)`
  border-style: dashed;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
`;
