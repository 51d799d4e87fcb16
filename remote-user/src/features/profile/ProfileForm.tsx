import { useId } from 'react';
import { Form, Formik } from 'formik';
import styled from 'styled-components';
import { normaliseError, type User } from 'shared-api';
import { Button, Card, CheckboxField, FormGrid, Heading, TextField, useToast } from 'shared-ui';
import { profileSchema, profileValuesOf, toUpdateInput, type ProfileValues } from './profileSchema';
import { useUpdateUserMutation } from './userApi';

export interface ProfileFormProps {
  user: User;
  /** Leaves edit mode: after a successful save, or on Cancel (the edits are discarded). */
  onDone: () => void;
}

/** Edit mode. Saving updates the server and, through the endpoint, the session's user. */
export function ProfileForm({ user, onDone }: ProfileFormProps) {
  const headingId = useId();
  const [updateUser] = useUpdateUserMutation();
  const toast = useToast();

  const save = async (values: ProfileValues) => {
    try {
      await updateUser(toUpdateInput(values, user.is_staff)).unwrap();
      toast.success('Profile updated');
      onDone();
    } catch (error) {
      toast.error(normaliseError(error, 'Update failed'));
    }
  };

  return (
    <Card as="section" aria-labelledby={headingId}>
      <Heading level={2} size="lg" id={headingId}>
        Edit profile
      </Heading>
      <Formik
        initialValues={profileValuesOf(user)}
        validationSchema={profileSchema}
        onSubmit={save}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Fields>
              <TextField name="username" label="Username" autoComplete="username" />
              <TextField name="email" label="Email" type="email" autoComplete="email" />
              <TextField name="first_name" label="First name" autoComplete="given-name" />
              <TextField name="last_name" label="Last name" autoComplete="family-name" />
            </Fields>
            {/* Only an admin may send is_active. */}
            {user.is_staff && <CheckboxField name="is_active" label="Account active" />}
            <Buttons>
              <Button type="submit" loading={isSubmitting}>
                {isSubmitting ? 'Saving...' : 'Save'}
              </Button>
              <Button type="button" variant="secondary" onClick={onDone} disabled={isSubmitting}>
                Cancel
              </Button>
            </Buttons>
          </Form>
        )}
      </Formik>
    </Card>
  );
}

const Fields = styled(FormGrid)`
  margin: ${({ theme }) => theme.spacing(4)} 0;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(2)};
  margin-top: ${({ theme }) => theme.spacing(5)};
`;
