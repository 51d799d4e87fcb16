import { Form, Formik } from 'formik';
import { Button, CheckboxField, TextAreaField, TextField, useToast } from 'shared-ui';
import { FormActions, FormGrid, FullWidth } from '../../components/FormGrid';
import { SUPPORT_EMAIL } from './supportContacts';

interface ContactValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  message: string;
  accepted: boolean;
}

const empty: ContactValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  message: '',
  accepted: false,
};

export const NOT_CONNECTED_MESSAGE = `This form is not connected yet — email ${SUPPORT_EMAIL}`;

/**
 * The contact form of SPEC 2.4. Nothing is required and nothing is sent (SPEC 7 "Calls not
 * made"), so Send Message says so plainly instead of pretending to have delivered anything.
 */
export function ContactForm() {
  const toast = useToast();
  return (
    <Formik initialValues={empty} onSubmit={() => toast.info(NOT_CONNECTED_MESSAGE)}>
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
              label="I agree to the Terms of Service and Privacy Policy"
            />
          </FullWidth>
        </FormGrid>
        <FormActions>
          <Button type="submit">Send Message</Button>
        </FormActions>
      </Form>
    </Formik>
  );
}
