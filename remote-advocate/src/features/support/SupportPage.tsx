import { PageHeader } from 'shared-ui';
import { ContactSection } from 'shared-ui/workspace';

/** Support (/advocate/support): the contact form beside the ways to reach a person. */
export function SupportPage() {
  return (
    <>
      <PageHeader
        title="Support"
        subtitle="Questions about campaigns, share links or earnings? We're here."
      />
      <ContactSection />
    </>
  );
}
