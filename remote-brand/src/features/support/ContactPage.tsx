import { PageHeader } from 'shared-ui';
import { ContactSection } from 'shared-ui/workspace';

/** Contact (/brand/contact, linked from Support): the contact form and the ways to reach us. */
export function ContactPage() {
  return (
    <>
      <PageHeader title="Contact" subtitle="Tell us what you need; we answer within a day." />
      <ContactSection />
    </>
  );
}
