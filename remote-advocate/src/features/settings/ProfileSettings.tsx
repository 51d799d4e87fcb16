import { useEffect, useMemo } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import styled from 'styled-components';
import { fieldErrors, normaliseError } from 'shared-api';
import {
  Button,
  ErrorBanner,
  FileField,
  FormGrid,
  FullWidth,
  PageLoader,
  Text,
  TextAreaField,
  TextField,
  useToast,
  wrappingRow,
  Panel,
  Stack,
  Cluster,
} from 'shared-ui';
import {
  PROFILE_FIELDS,
  profileSchema,
  profileValues,
  SOCIAL_LINKS,
  type ProfileValues,
} from './profileForm';
import { useGetAdvocateProfileQuery, useSaveAdvocateProfileMutation } from './settingsApi';

export const PICTURE_HINT = 'Square image, size less than 100KB';
const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/** Settings → Profile settings: what brands see of the advocate, saved on the server. */
export function ProfileSettings() {
  const { data: profile, isLoading, isError, refetch } = useGetAdvocateProfileQuery();
  const [save] = useSaveAdvocateProfileMutation();
  const toast = useToast();
  const initialValues = useMemo(() => (profile ? profileValues(profile) : null), [profile]);

  if (isLoading) return <PageLoader label="Loading profile" />;
  if (isError || !profile || !initialValues) {
    return <ErrorBanner message="Failed to load profile" onRetry={() => void refetch()} />;
  }

  const onSubmit = async (values: ProfileValues, form: FormikHelpers<ProfileValues>) => {
    try {
      const saved = await save({
        fields: Object.fromEntries(
          PROFILE_FIELDS.map((name) => [name, values[name]]),
        ) as unknown as Parameters<typeof save>[0]['fields'],
        picture: values.picture,
        removePicture: values.remove_picture,
      }).unwrap();
      toast.success('Profile updated');
      form.resetForm({ values: profileValues(saved) });
    } catch (error) {
      form.setErrors(fieldErrors(error, [...PROFILE_FIELDS, 'picture']));
      toast.error(normaliseError(error, 'Update failed'));
    }
  };

  return (
    <Formik
      initialValues={initialValues}
      validationSchema={profileSchema}
      onSubmit={onSubmit}
      enableReinitialize
    >
      {({ values, isSubmitting, dirty, resetForm, setFieldValue }) => (
        <Form noValidate aria-label="Profile settings">
          <Sections gap={4}>
            <Panel title="Profile picture">
              <Cluster gap={4}>
                <Avatar
                  picture={values.picture}
                  storedUrl={values.remove_picture ? null : profile.picture_url}
                  name={values.full_name}
                />
                <PictureControls gap={2}>
                  <FileField
                    name="picture"
                    label="Upload a picture"
                    accept={IMAGE_TYPES}
                    hint={PICTURE_HINT}
                  />
                  {profile.picture_url && !values.remove_picture && !values.picture && (
                    <div>
                      <Button
                        type="button"
                        variant="secondary"
                        size="sm"
                        onClick={() => void setFieldValue('remove_picture', true)}
                      >
                        Remove picture
                      </Button>
                    </div>
                  )}
                </PictureControls>
              </Cluster>
            </Panel>

            <Panel title="About you">
              <FormGrid>
                <TextField name="full_name" label="Full name" autoComplete="name" />
                <TextField name="email" label="Email" type="email" autoComplete="email" />
                <TextField name="telephone" label="Telephone" type="tel" autoComplete="tel" />
                <FullWidth>
                  <TextAreaField
                    name="description"
                    label="Description"
                    rows={4}
                    hint="What you share and who follows you."
                  />
                </FullWidth>
              </FormGrid>
            </Panel>

            <Panel title="Social links">
              <FormGrid>
                {SOCIAL_LINKS.map((link) => (
                  <TextField
                    key={link.name}
                    name={link.name}
                    label={link.label}
                    type="url"
                    placeholder={link.placeholder}
                  />
                ))}
              </FormGrid>
            </Panel>
          </Sections>
          <Actions>
            {profile.updated_at === null && !dirty && (
              <Text size="sm" muted>
                Not saved yet: brands see your account name until you save.
              </Text>
            )}
            <Button
              type="button"
              variant="secondary"
              disabled={isSubmitting || !dirty}
              onClick={() => resetForm({ values: initialValues })}
            >
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save Changes'}
            </Button>
          </Actions>
        </Form>
      )}
    </Formik>
  );
}

/** The chosen file's preview, else the stored picture, else the name's initials. */
function Avatar({
  picture,
  storedUrl,
  name,
}: {
  picture: File | null;
  storedUrl: string | null;
  name: string;
}) {
  // jsdom has no object URLs; the initials stand in there.
  const preview = useMemo(
    () =>
      picture && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(picture) : null,
    [picture],
  );
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const src = preview ?? storedUrl;
  if (src) return <AvatarImage src={src} alt="Your profile picture" />;
  const initials =
    name
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join('') || '?';
  return (
    <AvatarInitials role="img" aria-label="No profile picture">
      {initials}
    </AvatarInitials>
  );
}

const Sections = styled(Stack)`
  margin-top: ${({ theme }) => theme.spacing(4)};
`;

const PictureControls = styled(Stack)`
  flex: 1;
  min-width: min(100%, 240px);
`;

const avatarSize = '88px';

const AvatarImage = styled.img`
  width: ${avatarSize};
  height: ${avatarSize};
  border-radius: 50%;
  object-fit: cover;
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const AvatarInitials = styled.div`
  display: grid;
  place-items: center;
  width: ${avatarSize};
  height: ${avatarSize};
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Actions = styled.div`
  ${wrappingRow('flex-end', 2)}
  margin-top: ${({ theme }) => theme.spacing(6)};
`;
