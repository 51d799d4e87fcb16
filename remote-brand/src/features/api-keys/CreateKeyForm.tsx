import { Form, Formik } from 'formik';
import styled from 'styled-components';
import { normaliseError } from 'shared-api';
import { API_KEY_KINDS, useCreateApiKeyMutation, type CreatedApiKey } from './apiKeysApi';
import { Button, SelectField, useToast } from 'shared-ui';
import { KEY_FORM_INITIAL, KIND_LABELS, keyFormSchema, type KeyFormValues } from './keyForm';

const KIND_OPTIONS = API_KEY_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind].label }));

/** Picks a key type and creates it; the caller shows the returned secret once. */
export function CreateKeyForm({
  brandId,
  onCreated,
}: {
  brandId: number;
  onCreated: (created: CreatedApiKey) => void;
}) {
  const [create] = useCreateApiKeyMutation();
  const toast = useToast();

  const submit = async ({ kind }: KeyFormValues) => {
    try {
      onCreated(await create({ brandId, kind }).unwrap());
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to create key'));
    }
  };

  return (
    <Formik initialValues={KEY_FORM_INITIAL} validationSchema={keyFormSchema} onSubmit={submit}>
      {({ values, isSubmitting }) => (
        <Row noValidate aria-label="Create key">
          <SelectField
            name="kind"
            label="Key type"
            options={KIND_OPTIONS}
            hint={KIND_LABELS[values.kind]?.use}
          />
          <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
            {isSubmitting ? 'Creating...' : 'Create key'}
          </Button>
        </Row>
      )}
    </Formik>
  );
}

const Row = styled(Form)`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-items: start;
  gap: ${({ theme }) => theme.spacing(3)};

  /* Level with the select, below its label. */
  > button {
    margin-top: 1.75rem;
  }

  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);

    > button {
      margin-top: 0;
    }
  }
`;
