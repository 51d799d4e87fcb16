import { useId } from 'react';
import { Form, Formik, useFormikContext } from 'formik';
import styled from 'styled-components';
import { autoGrid, Button, CheckboxField, Stack, TextField } from 'shared-ui';
import { PermittedSubmit } from '../../components/PermittedButton';
import { EVENT_LABELS, EVENT_TYPES } from './webhooksApi';
import { eventField, validateWebhookForm, type WebhookFormValues } from './webhookForm';

/** The URL and the event types of a webhook: the add form and the edit dialog's. */
export function WebhookForm({
  brandId,
  initialValues,
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
}: {
  /** Saving needs the developers permission on this brand (disabled, saying why, otherwise). */
  brandId: number;
  initialValues: WebhookFormValues;
  submitLabel: string;
  busyLabel: string;
  /** Resolves when saved; a thrown error leaves the form as it is. */
  onSubmit: (values: WebhookFormValues) => Promise<void>;
  onCancel?: () => void;
}) {
  // The add form and the edit dialog are on the page together: ids of their own keep each
  // label pointing at its own field (ids from the field names alone would collide).
  const idPrefix = useId();
  return (
    <Formik
      initialValues={initialValues}
      validate={validateWebhookForm}
      onSubmit={async (values, helpers) => {
        await onSubmit({ ...values, url: values.url.trim() });
        if (!onCancel) helpers.resetForm();
      }}
    >
      {() => (
        <Form noValidate aria-label={submitLabel}>
          <Stack gap={3}>
            <TextField
              name="url"
              id={`${idPrefix}-url`}
              type="url"
              label="Endpoint URL"
              placeholder="https://example.com/webhooks"
              hint="Events are POSTed here, signed as the Standard Webhooks specification says."
            />
            <Events idPrefix={idPrefix} />
            <Stack direction="row" gap={2}>
              <PermittedSubmit brandId={brandId} permission="developers" busyLabel={busyLabel}>
                {submitLabel}
              </PermittedSubmit>
              {onCancel && (
                <Button type="button" variant="secondary" onClick={onCancel}>
                  Cancel
                </Button>
              )}
            </Stack>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

function Events({ idPrefix }: { idPrefix: string }) {
  const { errors, submitCount } = useFormikContext<WebhookFormValues>();
  const error = submitCount > 0 ? (errors as Record<string, string>).events : undefined;
  return (
    <Fieldset>
      <Legend>Events</Legend>
      <Grid>
        {EVENT_TYPES.map((type) => (
          <CheckboxField
            key={type}
            name={eventField(type)}
            id={`${idPrefix}-${type}`}
            label={EVENT_LABELS[type]}
          />
        ))}
      </Grid>
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </Fieldset>
  );
}

const Fieldset = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
`;

const Legend = styled.legend`
  font-weight: 600;
  margin-bottom: ${({ theme }) => theme.spacing(2)};
`;

const Grid = styled.div`
  ${autoGrid('13rem', 2)}
`;

const ErrorText = styled.p`
  margin: ${({ theme }) => theme.spacing(2)} 0 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
