import { PageHeader } from 'shared-ui';

/** The user dashboard is placeholder text only. */
export function DashboardPage() {
  return (
    <PageHeader
      title="Dashboard"
      subtitle="Your overview will appear here. Pick a role from the header to get to work."
    />
  );
}
