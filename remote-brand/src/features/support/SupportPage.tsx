import { Link } from 'shared-ui/router';
import { Button, Columns, PageHeader, Panel, Text, TextLink } from 'shared-ui';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from 'shared-ui/workspace';
import { brandPaths } from '../../paths';

/** Support: where a brand finds help, the contact page and the API documentation. */
export function SupportPage() {
  return (
    <>
      <PageHeader
        title="Support"
        subtitle="Questions about brands, campaigns or payouts? We're here."
      />
      <Columns>
        <Panel title="Contact us" gap={3}>
          <Text muted>
            Write to us at <TextLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</TextLink> or
            call {SUPPORT_PHONE}. The contact page lists every way to reach a person.
          </Text>
          <div>
            <Button as={Link} to={brandPaths.contact}>
              Open the contact page
            </Button>
          </div>
        </Panel>
        <Panel title="Tracking and the API" gap={3}>
          <Text muted>
            Reporting conversions from your shop, API keys and every call are described in the API
            documentation.
          </Text>
          <div>
            <Button as="a" href="/api/docs" variant="secondary">
              API Documentation
            </Button>
          </div>
        </Panel>
      </Columns>
    </>
  );
}
