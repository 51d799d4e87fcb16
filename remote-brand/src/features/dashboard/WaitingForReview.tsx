import { Link } from 'shared-ui/router';
import { Text } from 'shared-ui';
import { useGetReviewSummaryQuery, waitingText } from '../payouts';

/**
 * '2 sales waiting for review' for each brand with sales held for a person, linking to the
 * brand's review; nothing when none wait.
 */
export function WaitingForReview({ brands }: { brands: readonly { id: number; name: string }[] }) {
  return (
    <>
      {brands.map((brand) => (
        <BrandWaiting
          key={brand.id}
          brandId={brand.id}
          name={brands.length > 1 ? brand.name : null}
        />
      ))}
    </>
  );
}

function BrandWaiting({ brandId, name }: { brandId: number; name: string | null }) {
  const summary = useGetReviewSummaryQuery(brandId);
  const text = waitingText(summary.data);
  if (!text) return null;
  return (
    <Text role="status" weight="semibold">
      <Link to={`/brand/payouts?brandId=${brandId}`}>{name ? `${name}: ${text}` : text}</Link>
    </Text>
  );
}
