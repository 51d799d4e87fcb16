import { useEffect, useId, useState } from 'react';
import QRCode from 'qrcode';
import styled from 'styled-components';
import { Formik, Form } from 'formik';
import { object, string } from 'yup';
import type { TwoFactorSetupReply } from 'contract';
import { PATTERNS } from 'contract/rules';
import { normaliseError } from 'shared-api';
import {
  Badge,
  Button,
  Card,
  CodeBlock,
  ErrorBanner,
  Heading,
  PasswordField,
  Stack,
  Text,
  TextField,
  useToast,
} from 'shared-ui';
import { CopyButton } from 'shared-ui/workspace';
import {
  useDisableTwoFactorMutation,
  useEnableTwoFactorMutation,
  useGetTwoFactorQuery,
  useRegenerateRecoveryCodesMutation,
  useSetUpTwoFactorMutation,
} from './twoFactorApi';

// Every change takes the account's password as well as a code: a stolen session alone cannot
// turn two-factor off or move it to another device.
const password = string().required('Enter your password');
const appCode = object({
  password,
  code: string()
    .trim()
    .required('Enter the code from your authenticator app')
    .matches(new RegExp(PATTERNS.sixDigits), 'The code has 6 digits'),
});
const anyCode = object({
  password,
  code: string().trim().required('Enter a code from your app, or a recovery code'),
});

interface Confirmation {
  password: string;
  code: string;
}

type Step =
  | { kind: 'idle' }
  | { kind: 'scan'; setup: TwoFactorSetupReply }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'regenerate' }
  | { kind: 'disable' };

/** "3 recovery codes left", with a nudge to make new ones when few are left. */
function codesLeft(remaining: number): string {
  const left = remaining === 1 ? '1 recovery code left' : `${remaining} recovery codes left`;
  return remaining <= 3 ? `${left}: make new ones before you run out.` : `${left}.`;
}

/**
 * Two-factor sign-in on the profile: turning it on (a QR code for an authenticator app, then the
 * password and a first code to confirm, then ten recovery codes shown this once), how many
 * recovery codes remain and new ones, and turning it off (the password and a current code).
 */
export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const headingId = useId();
  const toast = useToast();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [setUp, setUpState] = useSetUpTwoFactorMutation();
  const [enable] = useEnableTwoFactorMutation();
  const [regenerate] = useRegenerateRecoveryCodesMutation();
  const [disable] = useDisableTwoFactorMutation();
  const status = useGetTwoFactorQuery(undefined, { skip: !enabled });
  const remaining = status.data?.enabled ? status.data.recovery_codes_remaining : undefined;

  const start = async () => {
    try {
      setStep({ kind: 'scan', setup: await setUp().unwrap() });
    } catch {
      // shown from setUpState.error
    }
  };

  return (
    <Card as="section" aria-labelledby={headingId}>
      <Stack gap={3}>
        <Header>
          <Heading level={2} size="lg" id={headingId}>
            Two-factor sign-in
          </Heading>
          <Badge tone={enabled ? 'success' : 'neutral'}>{enabled ? 'On' : 'Off'}</Badge>
        </Header>
        {step.kind === 'codes' ? (
          <RecoveryCodes codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />
        ) : step.kind === 'scan' ? (
          <Scan
            setup={step.setup}
            onCancel={() => setStep({ kind: 'idle' })}
            onConfirm={async (confirmation) => {
              const reply = await enable(confirmation).unwrap();
              toast.success('Two-factor sign-in is on');
              setStep({ kind: 'codes', codes: reply.recovery_codes });
            }}
          />
        ) : step.kind === 'regenerate' ? (
          <ConfirmForm
            label="Current code"
            schema={anyCode}
            submit="Make new codes"
            hint="A code from your authenticator app, or a recovery code. The old recovery codes stop working."
            onCancel={() => setStep({ kind: 'idle' })}
            onConfirm={async (confirmation) => {
              const reply = await regenerate(confirmation).unwrap();
              toast.success('New recovery codes made');
              setStep({ kind: 'codes', codes: reply.recovery_codes });
            }}
          />
        ) : step.kind === 'disable' ? (
          <ConfirmForm
            label="Current code"
            schema={anyCode}
            submit="Turn off"
            hint="A code from your authenticator app, or a recovery code."
            onCancel={() => setStep({ kind: 'idle' })}
            onConfirm={async (confirmation) => {
              await disable(confirmation).unwrap();
              toast.success('Two-factor sign-in is off');
              setStep({ kind: 'idle' });
            }}
          />
        ) : enabled ? (
          <>
            <Text muted>Signing in asks for a code from your authenticator app.</Text>
            {remaining !== undefined && <Text>{codesLeft(remaining)}</Text>}
            <Row>
              <Button variant="secondary" onClick={() => setStep({ kind: 'regenerate' })}>
                New recovery codes
              </Button>
              <Button variant="secondary" onClick={() => setStep({ kind: 'disable' })}>
                Turn off
              </Button>
            </Row>
          </>
        ) : (
          <>
            <Text muted>
              Protect your account with a code from an authenticator app each time you sign in.
            </Text>
            {setUpState.error ? (
              <ErrorBanner message={normaliseError(setUpState.error, 'Could not start set-up')} />
            ) : null}
            <div>
              <Button onClick={start} loading={setUpState.isLoading}>
                Turn on
              </Button>
            </div>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** The QR code of the otpauth URL, the secret for typing in, and the first code. */
function Scan({
  setup,
  onConfirm,
  onCancel,
}: {
  setup: TwoFactorSetupReply;
  onConfirm: (confirmation: Confirmation) => Promise<void>;
  onCancel: () => void;
}) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(setup.otpauth_url, { margin: 1, width: 192 }).then(
      (url) => live && setQr(url),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [setup.otpauth_url]);
  return (
    <Stack gap={3}>
      <Text>Scan this QR code with your authenticator app, then enter the code it shows.</Text>
      {qr && <Qr src={qr} alt="QR code for your authenticator app" width={192} height={192} />}
      <Text muted size="sm">
        Or enter this key by hand:
      </Text>
      <CodeBlock aria-label="Secret key">{setup.secret}</CodeBlock>
      <ConfirmForm
        label="Code from the app"
        schema={appCode}
        submit="Confirm"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </Stack>
  );
}

/** The ten recovery codes, shown this once. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack gap={3}>
      <Text>
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone.
        They are not shown again.
      </Text>
      <CodeBlock aria-label="Recovery codes">{codes.join('\n')}</CodeBlock>
      <Row>
        <Button onClick={onDone}>I have saved them</Button>
        <CopyButton text={codes.join('\n')} size="md" />
      </Row>
    </Stack>
  );
}

/** The account's password and a code: what every two-factor change is confirmed with. */
function ConfirmForm({
  label,
  schema,
  submit,
  hint,
  onConfirm,
  onCancel,
}: {
  label: string;
  schema: typeof appCode | typeof anyCode;
  submit: string;
  hint?: string;
  onConfirm: (confirmation: Confirmation) => Promise<void>;
  onCancel: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  return (
    <Formik
      initialValues={{ password: '', code: '' }}
      validationSchema={schema}
      onSubmit={async ({ password, code }) => {
        setError(null);
        try {
          await onConfirm({ password, code: code.trim() });
        } catch (failure) {
          setError(normaliseError(failure, 'That did not work'));
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <Stack gap={3}>
            <PasswordField name="password" label="Password" autoComplete="current-password" />
            <TextField name="code" label={label} hint={hint} autoComplete="one-time-code" />
            {error && <ErrorBanner message={error} />}
            <Row>
              <Button type="submit" loading={isSubmitting}>
                {submit}
              </Button>
              <Button type="button" variant="ghost" onClick={onCancel}>
                Cancel
              </Button>
            </Row>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

const Header = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
`;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing(2)};
`;

const Qr = styled.img`
  border-radius: ${({ theme }) => theme.radii.md};
  background: #fff;
`;
