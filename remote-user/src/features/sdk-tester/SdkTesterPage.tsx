import { Form, Formik, type FormikProps } from 'formik';
import styled from 'styled-components';
import { SDK_VERSION } from 'sdk';
import { Button, Card, Columns, Heading, PageHeader, Stack, Cluster } from 'shared-ui';
import { ConversionFields } from './ConversionFields';
import { ResultPanel } from './ResultPanel';
import { TargetFields } from './TargetFields';
import { TokenPanel } from './TokenPanel';
import {
  ACTION_TITLES,
  TESTER_INITIAL,
  testerSchema,
  type TesterAction,
  type TesterValues,
} from './testerForm';
import { useTesterActions } from './useTesterActions';

const ACTIONS: readonly TesterAction[] = ['join', 'stats', 'track'];

/** A developer page that drives the tracking API through the sdk package. */
export function SdkTesterPage() {
  const { result, busy, run, clear } = useTesterActions();

  // Field shapes first (shown on the fields), then what the pressed button needs.
  const press = async (action: TesterAction, form: FormikProps<TesterValues>) => {
    const errors = await form.validateForm();
    if (Object.keys(errors).length > 0) {
      void form.setTouched(
        Object.fromEntries(Object.keys(errors).map((name) => [name, true])),
        false,
      );
      return;
    }
    await run(action, form.values);
  };

  return (
    <>
      <PageHeader
        title="SDK Tester"
        subtitle={`Try joins, campaign stats and test conversions with the tracking SDK ${SDK_VERSION}.`}
      />
      <Columns widths={[3, 2]}>
        <Stack gap={4}>
          <TokenPanel />
          <Formik
            initialValues={TESTER_INITIAL}
            validationSchema={testerSchema}
            onSubmit={() => undefined}
          >
            {(form) => (
              <Card as={Form} noValidate aria-labelledby="call-heading">
                <Heading level={2} size="lg" id="call-heading">
                  Call
                </Heading>
                <Sections gap={5}>
                  <TargetFields />
                  <ConversionFields />
                </Sections>
                <Actions align="stretch">
                  {ACTIONS.map((action) => (
                    <Button
                      key={action}
                      type="button"
                      variant={action === 'track' ? 'primary' : 'secondary'}
                      loading={busy === action}
                      disabled={busy !== null}
                      onClick={() => void press(action, form)}
                    >
                      {ACTION_TITLES[action]}
                    </Button>
                  ))}
                  <Button
                    type="button"
                    variant="ghost"
                    disabled={busy !== null}
                    onClick={() => {
                      form.resetForm();
                      clear();
                    }}
                  >
                    Clear
                  </Button>
                </Actions>
              </Card>
            )}
          </Formik>
        </Stack>
        <ResultPanel result={result} />
      </Columns>
    </>
  );
}

const Sections = styled(Stack)`
  margin-top: ${({ theme }) => theme.spacing(4)};
`;

const Actions = styled(Cluster)`
  margin-top: ${({ theme }) => theme.spacing(6)};
`;
