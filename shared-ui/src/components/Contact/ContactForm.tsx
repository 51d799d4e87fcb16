import { useState } from 'react';
import { Form, Formik } from 'formik';
import styled from 'styled-components';
import { focusRing } from '../focusRing';
import { wrappingRow } from '../Layout/wrappingRow';
import { FormGrid, FullWidth } from '../../forms/FormGrid';
import { CheckboxField } from '../../forms/CheckboxField';
import { TextAreaField } from '../../forms/TextAreaField';
import { TextField } from '../../forms/TextField';
import { Button } from '../Button/Button';
import { Modal } from '../Modal/Modal';
import { Text } from '../Typography/Typography';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from './supportContacts';

interface ContactValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  message: string;
  accepted: boolean;
}

const EMPTY: ContactValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  message: '',
  accepted: false,
};

export const NOT_SENT_MESSAGE = `This form does not send messages yet, so nothing was sent. Please email ${SUPPORT_EMAIL} or call ${SUPPORT_PHONE}.`;

type Policy = 'terms' | 'privacy';

const POLICIES: Record<Policy, { title: string; text: string }> = {
  terms: {
    title: 'Terms of Service',
    text: 'The Terms of Service will be published here.',
  },
  privacy: {
    title: 'Privacy Policy',
    text: 'The Privacy Policy will be published here.',
  },
};

/**
 * The contact form of the brand and advocate support pages. Nothing is required and nothing is
 * sent: Send Message says so and names the ways that do reach a person, rather than pretending
 * to have delivered anything.
 */
export function ContactForm() {
  const [policy, setPolicy] = useState<Policy | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const open = (which: Policy) => (event: React.MouseEvent) => {
    // Inside the checkbox's label: reading the policy must not tick the box.
    event.preventDefault();
    setPolicy(which);
  };
  return (
    <>
      <Formik initialValues={EMPTY} onSubmit={() => setSubmitted(true)}>
        <Form noValidate aria-label="Contact support">
          <FormGrid>
            <TextField name="first_name" label="First name" autoComplete="given-name" />
            <TextField name="last_name" label="Last name" autoComplete="family-name" />
            <TextField name="email" label="Email" type="email" autoComplete="email" />
            <TextField name="phone" label="Phone" type="tel" autoComplete="tel" />
            <FullWidth>
              <TextAreaField name="message" label="Message" rows={5} />
            </FullWidth>
            <FullWidth>
              <CheckboxField
                name="accepted"
                label={
                  <>
                    I agree to the{' '}
                    <PolicyButton type="button" onClick={open('terms')}>
                      Terms of Service
                    </PolicyButton>{' '}
                    and{' '}
                    <PolicyButton type="button" onClick={open('privacy')}>
                      Privacy Policy
                    </PolicyButton>
                  </>
                }
              />
            </FullWidth>
          </FormGrid>
          <Actions>
            {submitted && (
              <Notice role="status" size="sm">
                {NOT_SENT_MESSAGE}
              </Notice>
            )}
            <Button type="submit">Send Message</Button>
          </Actions>
        </Form>
      </Formik>
      <Modal
        open={policy !== null}
        title={policy ? POLICIES[policy].title : ''}
        onClose={() => setPolicy(null)}
        size="sm"
        footer={
          <Button type="button" onClick={() => setPolicy(null)}>
            Done
          </Button>
        }
      >
        {policy && (
          <Text>
            {POLICIES[policy].text} Questions meanwhile: {SUPPORT_EMAIL}.
          </Text>
        )}
      </Modal>
    </>
  );
}

const Actions = styled.div`
  ${wrappingRow('flex-end', 3)}
  margin-top: ${({ theme }) => theme.spacing(6)};
`;

const Notice = styled(Text)`
  flex: 1 1 240px;
  padding: ${({ theme }) => theme.spacing(3)};
  border: 1px solid ${({ theme }) => theme.colors.info};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
`;

const PolicyButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  text-decoration: underline;
  cursor: pointer;

  ${focusRing()}
`;
