import { Form, Formik, type FormikValues } from 'formik';
import type { ReactNode } from 'react';
import { normaliseError } from 'shared-api';
import { ErrorBanner, Spinner, useToast, autoGrid } from 'shared-ui';
import styled from 'styled-components';
import type { AnyObjectSchema } from 'yup';
import type { BrandPermission } from 'contract/teams';
import { PermittedSubmit } from '../../components/PermittedButton';

/**
 * A brand's settings as one form: loads them (a banner with Retry when that fails), shows the
 * fields `children` lays out, validates with `schema` and saves, saying so in a toast.
 * `title` names the settings in the form's label and in the messages ('Payout settings saved',
 * 'Failed to load payout settings'). Saving needs `permission` on `brandId`: without it the
 * button is disabled with the role needed as its tooltip, as the server would refuse it.
 */
export function SettingsForm<Values extends FormikValues>({
  brandId,
  permission,
  title,
  settings,
  schema,
  save,
  submitLabel,
  children,
}: {
  brandId: number;
  permission: BrandPermission;
  title: string;
  settings: { data?: Values; isError: boolean; refetch: () => unknown };
  schema: AnyObjectSchema;
  /** Sends the values; rejects when the server refuses them. */
  save: (values: Values) => Promise<unknown>;
  submitLabel: string;
  children: ReactNode;
}) {
  const toast = useToast();
  const what = title.toLowerCase();
  if (settings.isError)
    return (
      <ErrorBanner message={`Failed to load ${what}`} onRetry={() => void settings.refetch()} />
    );
  if (!settings.data) return <Spinner label="Loading" />;
  return (
    <Formik<Values>
      initialValues={settings.data}
      enableReinitialize
      validationSchema={schema}
      onSubmit={async (values) => {
        try {
          await save(values);
          toast.success(`${title} saved`);
        } catch (error) {
          toast.error(normaliseError(error, `Failed to save ${what}`));
        }
      }}
    >
      {() => (
        <Stack noValidate aria-label={title}>
          {children}
          <PermittedSubmit brandId={brandId} permission={permission}>
            {submitLabel}
          </PermittedSubmit>
        </Stack>
      )}
    </Formik>
  );
}

/** The number fields of a settings form, side by side where there is room. */
export const SettingsFields = styled.div`
  ${autoGrid('14rem', 3)}
  justify-self: stretch;
`;

const Stack = styled(Form)`
  display: grid;
  gap: ${({ theme }) => theme.spacing(3)};
  justify-items: start;
`;
