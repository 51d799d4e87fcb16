import { Link } from 'shared-ui/router';
import { Button, EmptyState, PageHeader } from 'shared-ui';

/** The brand overview. Its statistics arrive with the analytics work; until then it points
 * the owner at the set-up steps that exist. */
export function DashboardPage() {
  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle="Your brands' advocates, clicks, conversions and income."
      />
      <EmptyState
        title="No statistics yet"
        text="Set up a brand with products and a campaign; its activity will show here."
        action={
          <Button as={Link} to="/brand/brands">
            Go to Brands
          </Button>
        }
      />
    </>
  );
}
