import type { ReactNode } from 'react';
import { Link } from 'shared-ui/router';
import styled from 'styled-components';
import { errorStatus, type Brand } from 'shared-api';
import { useGetBrandQuery } from 'shared-api/catalog';
import {
  Button,
  Card,
  EmptyState,
  ErrorBanner,
  Heading,
  PageHeader,
  Text,
  TextLink,
} from 'shared-ui';
import { BackLink } from '../../components/BackLink';
import { PageLoader } from '../../components/PageLoader';
import { useStateEntity } from '../../lib/navigationState';
import { useRouteIds } from '../../lib/routeIds';
import { brandPaths } from '../../paths';
import { BrandAvatar } from './BrandAvatar';

/**
 * A brand's profile (SPEC 2.4 /brand/brands/{id}). The brand passed from the grid draws at once;
 * the server's copy replaces it, and its refusal (another owner's brand) wins over the state.
 */
export function BrandProfilePage() {
  const { brandId } = useRouteIds();
  const passed = useStateEntity<Brand>('brand', brandId);
  const { data, error, isLoading } = useGetBrandQuery(brandId ?? 0, { skip: brandId === null });

  const back = <BackLink to={brandPaths.brands}>Back to Brands</BackLink>;
  if (
    brandId === null ||
    (error && errorStatus(error) === 404) ||
    (!isLoading && !error && !data)
  ) {
    return (
      <>
        {back}
        <ErrorBanner message="Brand not found" />
      </>
    );
  }
  if (error) {
    return (
      <>
        {back}
        <ErrorBanner message="Failed to load brand" />
      </>
    );
  }
  const brand = data ?? passed;
  if (!brand) return <PageLoader label="Loading brand" />;
  return <BrandProfile brand={brand} back={back} />;
}

// SPEC 2.4: these are fixed placeholder texts until the profile has real data behind them.
const PLACEHOLDER_DETAILS = [
  ['Location', 'Not specified'],
  ['Joined', '—'],
  ['Company type', '—'],
] as const;
const PLACEHOLDER_COUNTS = ['Campaigns', 'Products', 'Advocates'] as const;

function BrandProfile({ brand, back }: { brand: Brand; back: ReactNode }) {
  return (
    <>
      {back}
      <PageHeader
        title={
          <TitleRow>
            <BrandAvatar name={brand.brand_name} />
            {brand.brand_name}
          </TitleRow>
        }
        actions={
          <>
            <Button as={Link} to={brandPaths.apiKeys(brand.id)} variant="secondary">
              API Keys
            </Button>
            <Button
              as={Link}
              to={brandPaths.campaigns(brand.id)}
              state={{ brand }}
              variant="secondary"
            >
              View Campaigns
            </Button>
            <Button as={Link} to={brandPaths.products(brand.id)} state={{ brand }}>
              View Products
            </Button>
          </>
        }
      />
      <Layout>
        <Card as="section" aria-labelledby="about-heading">
          <Heading level={2} size="lg" id="about-heading">
            About
          </Heading>
          <Text muted={!brand.description}>{brand.description || 'No description provided.'}</Text>
          {brand.website_url && (
            <Text>
              <TextLink href={brand.website_url} target="_blank" rel="noreferrer noopener">
                {brand.website_url}
              </TextLink>
            </Text>
          )}
          <Details>
            {PLACEHOLDER_DETAILS.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </Details>
          <Counts>
            {PLACEHOLDER_COUNTS.map((label) => (
              <div key={label}>
                <strong>0</strong>
                <span>{label}</span>
              </div>
            ))}
          </Counts>
        </Card>
        <Side>
          <Card as="section" aria-labelledby="insights-heading">
            <Heading level={2} size="lg" id="insights-heading">
              Brand Insights
            </Heading>
            <EmptyState text="Insights appear once your campaigns get activity" />
          </Card>
          <Card as="section" aria-labelledby="social-heading">
            <Heading level={2} size="lg" id="social-heading">
              Social Links
            </Heading>
            <Text muted>Social links will show here.</Text>
          </Card>
        </Side>
      </Layout>
    </>
  );
}

const TitleRow = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(3)};
`;

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  gap: ${({ theme }) => theme.spacing(4)};
  align-items: start;

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: minmax(0, 1fr);
  }

  section {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.spacing(3)};
  }
`;

const Side = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(4)};
`;

const Details = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: ${({ theme }) => theme.spacing(3)};
  margin-top: ${({ theme }) => theme.spacing(2)};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }

  dd {
    margin: 0;
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Counts = styled.div`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: ${({ theme }) => theme.spacing(3)};
  padding-top: ${({ theme }) => theme.spacing(3)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  div {
    display: flex;
    flex-direction: column;
  }

  strong {
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }

  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;
