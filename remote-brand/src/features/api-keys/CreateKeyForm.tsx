import { Formik } from 'formik';
import { normaliseError } from 'shared-api';
import { API_KEY_KINDS, useCreateApiKeyMutation, type CreatedApiKey } from './apiKeysApi';
import { SelectField, useToast } from 'shared-ui';
import { KEY_FORM_INITIAL, KIND_LABELS, keyFormSchema, type KeyFormValues } from './keyForm';
import { PermittedSubmit } from '../../components/PermittedButton';
import { FormRow } from '../../components/FormRow';

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
      {({ values }) => (
        <FormRow noValidate aria-label="Create key">
          <SelectField
            name="kind"
            label="Key type"
            options={KIND_OPTIONS}
            hint={KIND_LABELS[values.kind]?.use}
          />
          <PermittedSubmit brandId={brandId} permission="developers" busyLabel="Creating...">
            Create key
          </PermittedSubmit>
        </FormRow>
      )}
    </Formik>
  );
}
