import { Link } from 'shared-ui/router';
import styled from 'styled-components';
import { useListBrandsQuery } from 'shared-api/catalog';
import { Button, EmptyState, ErrorBanner, PageHeader, PageLoader, autoGrid } from 'shared-ui';
import { brandPaths } from '../../paths';
import { BrandCard } from './BrandCard';

/** The owner's brands as a grid of cards. */
export function BrandsPage() {
  const { data: brands, isLoading, isError, refetch } = useListBrandsQuery();
  const createButton = (
    <Button as={Link} to={brandPaths.create}>
      Create Brand
    </Button>
  );

  return (
    <>
      <PageHeader title="Brands" subtitle="The brands you manage." actions={createButton} />
      {isLoading ? (
        <PageLoader label="Loading brands" />
      ) : isError ? (
        <ErrorBanner message="Failed to load brands" onRetry={() => void refetch()} />
      ) : !brands?.length ? (
        <EmptyState title="No brands found." text="Create a brand to add products and campaigns." />
      ) : (
        <Grid>
          {brands.map((brand) => (
            <BrandCard key={brand.id} brand={brand} />
          ))}
        </Grid>
      )}
    </>
  );
}

const Grid = styled.div`
  ${autoGrid('300px', 4, 'auto-fill')}

  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;
