import { useState, type ReactNode } from 'react';
import { Link } from 'shared-ui/router';
import styled from 'styled-components';
import { errorStatus, type Brand } from 'shared-api';
import { useGetBrandQuery, useListBrandCampaignsQuery } from 'shared-api/catalog';
import { useListBrandProductsQuery } from '../products';
import {
  PageHeader,
  PageLoader,
  Button,
  Columns,
  formatDate,
  ErrorBanner,
  Text,
  TextLink,
  autoGrid,
  Panel,
  Stack,
} from 'shared-ui';
import { browserTimeZone } from 'shared-ui/insights';
import { useGetBrandStatsQuery } from '../insights';
import { BrandInsightsPanel } from './BrandInsightsPanel';
import { BackLink } from '../../components/BackLink';
import { useStateEntity } from '../../lib/navigationState';
import { useRouteIds } from '../../lib/routeIds';
import { brandPaths } from '../../paths';
import { BrandAvatar } from './BrandAvatar';
import { BrandEmailSetting } from './BrandEmailSetting';
import { useBrandAccess } from '../../lib/brandRole';
import { PermittedButton } from '../../components/PermittedButton';
import { BrandEditForm } from './BrandEditForm';

/**
 * A brand's profile at /brand/brands/{id}. The brand passed from the grid draws at once;
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

const BRAND_TYPE_LABELS = { company: 'Company', product: 'Product' } as const;

/**
 * The brand's live campaigns and products and the advocates who ever joined one of its
 * campaigns, each from the call that lists them ('…' while it loads, '—' if it failed).
 */
function useBrandCounts(brandId: number) {
  const [tz] = useState(browserTimeZone);
  const campaigns = useListBrandCampaignsQuery(brandId);
  // One row is enough: the reply counts every product of the brand.
  const products = useListBrandProductsQuery({ brandId, limit: 1 });
  const stats = useGetBrandStatsQuery({ brandId, days: 30, timeseries: true, tz });
  const show = (query: { isError: boolean }, value: number | undefined) =>
    query.isError ? '—' : value === undefined ? '…' : String(value);
  return [
    ['Campaigns', show(campaigns, campaigns.data?.length)],
    ['Products', show(products, products.data?.count)],
    ['Advocates', show(stats, stats.data?.advocates.total)],
  ] as const;
}

function BrandProfile({ brand, back }: { brand: Brand; back: ReactNode }) {
  const counts = useBrandCounts(brand.id);
  const access = useBrandAccess(brand.id);
  const [editing, setEditing] = useState(false);
  const details = [
    // No location is stored for a brand.
    ['Location', 'Not specified'],
    ['Joined', formatDate(brand.created_at)],
    ['Company type', brand.brand_type ? BRAND_TYPE_LABELS[brand.brand_type] : 'Not specified'],
  ] as const;
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
            <PermittedButton
              brandId={brand.id}
              permission="catalog"
              type="button"
              variant="secondary"
              aria-expanded={editing}
              onClick={() => setEditing((open) => !open)}
            >
              Edit brand
            </PermittedButton>
            <Button as={Link} to={brandPaths.team(brand.id)} variant="secondary">
              Team
            </Button>
            {access.may('audit') && (
              <Button as={Link} to={brandPaths.auditLog(brand.id)} variant="secondary">
                Audit log
              </Button>
            )}
            <Button as={Link} to={brandPaths.apiKeys(brand.id)} variant="secondary">
              API Keys
            </Button>
            <Button as={Link} to={brandPaths.webhooks(brand.id)} variant="secondary">
              Webhooks
            </Button>
            <Button as={Link} to={brandPaths.integrations(brand.id)} variant="secondary">
              Integrations
            </Button>
            <Button as={Link} to={brandPaths.applications(brand.id)} variant="secondary">
              Applications
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
      {editing && (
        <EditPanel title="Edit brand" gap={3}>
          <BrandEditForm brand={brand} onDone={() => setEditing(false)} />
        </EditPanel>
      )}
      <Columns widths={[3, 2]}>
        <Panel title="About" gap={3}>
          <Text muted={!brand.description}>{brand.description || 'No description provided.'}</Text>
          {brand.website_url && (
            <Text>
              <TextLink href={brand.website_url} target="_blank" rel="noreferrer noopener">
                {brand.website_url}
              </TextLink>
            </Text>
          )}
          <Details>
            {details.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </Details>
          <Counts>
            {counts.map(([label, value]) => (
              <div key={label}>
                <strong>{value}</strong>
                <span>{label}</span>
              </div>
            ))}
          </Counts>
        </Panel>
        <Stack gap={4}>
          <Panel title="Brand Insights" gap={3}>
            <BrandInsightsPanel brandId={brand.id} />
          </Panel>
          <Panel title="Emails" gap={3}>
            <BrandEmailSetting brandId={brand.id} />
          </Panel>
          <Panel title="Social Links" gap={3}>
            <Text muted>Social links will show here.</Text>
          </Panel>
        </Stack>
      </Columns>
    </>
  );
}

const EditPanel = styled(Panel)`
  margin-bottom: ${({ theme }) => theme.spacing(4)};
`;

const TitleRow = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(3)};
`;

const Details = styled.dl`
  ${autoGrid('140px', 3)}
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
