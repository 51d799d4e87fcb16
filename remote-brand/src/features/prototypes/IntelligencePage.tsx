import { Link } from 'shared-ui/router';
import styled from 'styled-components';
import { Button, EmptyState, Input, linkStyles, PageHeader, Text } from 'shared-ui';
import { PrototypeNotice } from 'shared-ui/workspace';
import { brandPaths } from '../../paths';

/** AI Insights: a prototype; Generate and search do nothing yet. */
export function IntelligencePage() {
  return (
    <>
      <PrototypeNotice>
        <Text>
          AI Insights is not yet functional. Questions or ideas?{' '}
          <SupportLink to={brandPaths.support}>Contact support</SupportLink>.
        </Text>
      </PrototypeNotice>
      <PageHeader
        title="AI Insights"
        subtitle="Generated observations about your campaigns and advocates."
        actions={<Button type="button">Generate</Button>}
      />
      <Input type="search" aria-label="Search insights" placeholder="Search insights" />
      <EmptyState title="No insights yet" text="Generated insights will appear here." />
    </>
  );
}

const SupportLink = styled(Link)`
  ${linkStyles}
`;
