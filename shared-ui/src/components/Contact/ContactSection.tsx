import { Button } from '../Button/Button';
import { Columns } from '../Layout/Columns';
import { Stack } from '../Layout/Stack';
import { Panel } from '../Panel/Panel';
import { Text, TextLink } from '../Typography/Typography';
import { ContactForm } from './ContactForm';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from './supportContacts';

const SOCIALS = ['X', 'Instagram', 'Discord'] as const;

/** The contact form beside the ways that do reach a person: email, phone and social accounts. */
export function ContactSection() {
  return (
    <Columns widths={[2, 1]}>
      <Panel title="Contact us">
        <ContactForm />
      </Panel>
      <Panel as="aside" title="Reach us directly">
        <Text size="sm" muted>
          The contact form is not connected yet: write or call us and a person answers.
        </Text>
        <div>
          <Text size="sm" muted>
            Email
          </Text>
          <TextLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</TextLink>
        </div>
        <div>
          <Text size="sm" muted>
            Phone
          </Text>
          <TextLink href={`tel:${SUPPORT_PHONE.replace(/[^\d+]/g, '')}`}>{SUPPORT_PHONE}</TextLink>
        </div>
        <Stack direction="row" gap={2} wrap>
          {/* The social accounts are not set up yet: the buttons only show where they will be. */}
          {SOCIALS.map((network) => (
            <Button key={network} type="button" variant="secondary" size="sm">
              {network}
            </Button>
          ))}
        </Stack>
      </Panel>
    </Columns>
  );
}
