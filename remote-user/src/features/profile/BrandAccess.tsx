import { useId } from 'react';
import styled from 'styled-components';
import { useListBrandsQuery } from 'shared-api/catalog';
import { Card, Heading, Text, Stack, PlainList } from 'shared-ui';
import { roleLabel, type BrandAccessEntry } from './userView';

/** The profile shows at most 5 brands. */
export const BRANDS_SHOWN = 5;

/**
 * How many brands the user is a member of, the first few by name (from brand/list/; the id until
 * it answers) with their role, and how many more.
 */
export function BrandAccess({ brands }: { brands: readonly BrandAccessEntry[] }) {
  const headingId = useId();
  const { data: named } = useListBrandsQuery(undefined, { skip: brands.length === 0 });
  const nameOf = (brandId: number) =>
    named?.find((brand) => brand.id === brandId)?.brand_name ?? `Brand #${brandId}`;
  const shown = brands.slice(0, BRANDS_SHOWN);
  const hidden = brands.length - shown.length;
  return (
    <Card as="section" aria-labelledby={headingId}>
      <Header direction="row" align="baseline" justify="space-between">
        <Heading level={2} size="lg" id={headingId}>
          Brand Access
        </Heading>
        <Text muted size="sm">
          {brands.length === 1 ? '1 brand' : `${brands.length} brands`}
        </Text>
      </Header>
      {brands.length === 0 ? (
        <Text muted>You have no brands yet.</Text>
      ) : (
        <PlainList direction="row" wrap gap={2}>
          {shown.map(({ brandId, role }) => (
            <Chip key={brandId}>
              {nameOf(brandId)}
              {role && <Role> · {roleLabel(role)}</Role>}
            </Chip>
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

const Role = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: ${({ theme }) => theme.fontWeights.regular};
`;

const More = styled(Chip)`
  border-style: dashed;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
`;
