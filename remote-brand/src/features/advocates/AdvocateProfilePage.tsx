import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'shared-ui/router';
import styled from 'styled-components';
import {
  Card,
  EmptyState,
  ErrorBanner,
  formatMoney,
  Heading,
  padId,
  PageLoader,
  autoGrid,
} from 'shared-ui';
import { StatCard } from 'shared-ui/workspace';
import { BackLink } from '../../components/BackLink';
import { PermittedButton } from '../../components/PermittedButton';
import { parseId } from '../../lib/routeIds';
import { brandPaths } from '../../paths';
import { useGetAdvocateProfileQuery, type AdvocateProfile } from './advocatesApi';
import { CampaignChips } from './CampaignChips';
import { otherCurrencies } from './money';
import { RemovalNotice } from './RemovalNotice';
import { RemoveAdvocateDialog } from './RemoveAdvocateDialog';

/**
 * One advocate's all-time figures on the owner's brands (/brand/advocates/{id}); `?brand_id=`
 * narrows them to one brand.
 */
export function AdvocateProfilePage() {
  const advocateId = parseId(useParams().advocateId);
  const [params] = useSearchParams();
  const brandId = parseId(params.get('brand_id') ?? undefined);
  const { data, error, isLoading, isError, refetch } = useGetAdvocateProfileQuery(
    { advocateId: advocateId ?? 0, brandId },
    // New conversions arrive all the time: a revisit shows current totals.
    { skip: advocateId === null, refetchOnMountOrArgChange: true },
  );
  const back = (
    <BackLink
      to={brandId === null ? brandPaths.advocates : `${brandPaths.advocates}?brand_id=${brandId}`}
    >
      Back to Advocates
    </BackLink>
  );

  if (advocateId !== null && isLoading) return <PageLoader label="Loading advocate profile" />;
  // Someone who is not one of the owner's advocates is answered as not found: nothing to show.
  const notFound = isError && 'status' in error && error.status === 404;
  if (isError && !notFound)
    return (
      <>
        {back}
        <ErrorBanner message="Failed to load advocate profile" onRetry={() => void refetch()} />
      </>
    );
  // Removed from the brand asked about: no campaigns there any more, but the removal (and
  // Restore) is shown.
  const notice =
    advocateId !== null && brandId !== null ? (
      <RemovalNotice brandId={brandId} advocateId={advocateId} />
    ) : null;
  if (!data)
    return (
      <>
        {back}
        {notice}
        <EmptyState title="No data available" />
      </>
    );
  return (
    <>
      {back}
      {notice}
      <Profile profile={data} brandId={brandId} />
    </>
  );
}

function Profile({ profile, brandId }: { profile: AdvocateProfile; brandId: number | null }) {
  const navigate = useNavigate();
  const [removing, setRemoving] = useState(false);
  // The brand a removal acts on: the one the profile is narrowed to, or the only one.
  const target = brandId ?? (profile.brands.length === 1 ? profile.brands[0].brand_id : null);
  const { advocate, totals } = profile;
  const money = (amount: number) => formatMoney(amount, totals.currency);
  const also = (amount: (entry: AdvocateProfile['totals']['by_currency'][number]) => number) => {
    const others = otherCurrencies(totals.by_currency, totals.currency, amount);
    return others.length > 0 ? `Also ${others.join(', ')}` : undefined;
  };
  return (
    <>
      <Identity>
        {profile.picture_url ? (
          <Picture src={profile.picture_url} alt="" width={56} height={56} />
        ) : (
          <Avatar aria-hidden="true">{advocate.name.trim().charAt(0).toUpperCase() || '?'}</Avatar>
        )}
        <div>
          <Heading level={1} size="xl">
            {advocate.name}
          </Heading>
          <Muted>{advocate.email}</Muted>
          <Aid>AID{padId(advocate.id, 6)}</Aid>
        </div>
        <RemoveAction>
          <PermittedButton
            brandId={target}
            permission="catalog"
            type="button"
            variant="danger"
            onClick={() => setRemoving(true)}
          >
            Remove Affiliate
          </PermittedButton>
        </RemoveAction>
      </Identity>
      <RemoveAdvocateDialog
        open={removing}
        onClose={() => setRemoving(false)}
        advocate={advocate}
        brands={profile.brands}
        brandId={target}
        onRemoved={(removedFrom) => {
          setRemoving(false);
          // The profile narrowed to that brand shows the removal, with Restore.
          navigate(`${brandPaths.advocate(advocate.id)}?brand_id=${removedFrom}`);
        }}
      />

      <Stats>
        <StatCard
          title="Gross revenue"
          value={money(totals.gross_revenue)}
          hint={also((c) => c.total_revenue)}
        />
        <StatCard
          title="Net revenue"
          value={money(totals.net_revenue)}
          hint={also((c) => c.net_revenue)}
        />
        <StatCard title="Total paid" value={money(totals.rewards_paid)} />
        <StatCard title="Total conversions" value={totals.conversions.toLocaleString('en-US')} />
      </Stats>

      <Section aria-labelledby="advocate-brands-heading">
        <Heading level={2} size="lg" id="advocate-brands-heading">
          Brands
        </Heading>
        {profile.brands.length === 0 ? (
          <Muted>No brands</Muted>
        ) : (
          <BrandGrid>
            {profile.brands.map((brand) => (
              <BrandCard key={brand.brand_id} as="article" aria-label={brand.brand_name}>
                <Heading level={3} size="md">
                  {brand.brand_name}
                </Heading>
                <Figures>
                  <dt>Gross revenue</dt>
                  <dd>{money(brand.gross_revenue)}</dd>
                  <dt>Conversions</dt>
                  <dd>{brand.conversions.toLocaleString('en-US')}</dd>
                </Figures>
              </BrandCard>
            ))}
          </BrandGrid>
        )}
      </Section>

      <Section aria-labelledby="advocate-campaigns-heading">
        <Heading level={2} size="lg" id="advocate-campaigns-heading">
          Campaigns
        </Heading>
        <CampaignChips
          campaigns={profile.campaigns}
          collapsedCount={8}
          linkTo={(c) => brandPaths.campaign(c.brand_id, c.campaign_id)}
          linkLabel={(name) => `Open campaign ${name}`}
        />
      </Section>
    </>
  );
}

const Identity = styled(Card)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(4)};
  flex-wrap: wrap;

  h1 {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Avatar = styled.span`
  display: grid;
  place-items: center;
  width: 56px;
  height: 56px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  font-size: 22px;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Picture = styled.img`
  width: 56px;
  height: 56px;
  border-radius: 50%;
  object-fit: cover;
`;

const Muted = styled.p`
  margin: ${({ theme }) => theme.spacing(1)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Aid = styled.p`
  margin: ${({ theme }) => theme.spacing(1)} 0 0;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.text};
`;

const RemoveAction = styled.div`
  margin-left: auto;
`;

const Stats = styled.div`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: ${({ theme }) => theme.spacing(4)};
  margin: ${({ theme }) => theme.spacing(4)} 0;

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(3)};
  margin-top: ${({ theme }) => theme.spacing(6)};

  h2 {
    margin: 0;
  }
`;

const BrandGrid = styled.div`
  ${autoGrid('220px', 4, 'auto-fill')}
`;

const BrandCard = styled(Card)`
  h3 {
    margin: 0 0 ${({ theme }) => theme.spacing(3)};
    overflow-wrap: anywhere;
  }
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.spacing(1)} ${({ theme }) => theme.spacing(3)};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;
