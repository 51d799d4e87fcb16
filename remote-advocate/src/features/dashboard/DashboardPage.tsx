import { Link } from 'shared-ui/router';
import { Button, EmptyState, PageHeader } from 'shared-ui';

/** The advocate overview. Its figures arrive with the analytics work; until then it points the
 * advocate at the campaigns to join. */
export function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" subtitle="Your clicks, subscribers, revenue and earnings." />
      <EmptyState
        title="No activity yet"
        text="Join a campaign and share your links; your results will show here."
        action={
          <Button as={Link} to="/advocate/campaigns">
            Browse campaigns
          </Button>
        }
      />
    </>
  );
}
