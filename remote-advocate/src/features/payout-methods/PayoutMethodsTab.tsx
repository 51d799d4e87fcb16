import type { PayoutMethodView } from 'contract';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { normaliseError } from 'shared-api';
import {
  Badge,
  Button,
  CheckboxField,
  EmptyState,
  ErrorBanner,
  SelectField,
  Spinner,
  Text,
  TextField,
  useToast,
  Panel,
  autoGrid,
  Cluster,
  PlainList,
} from 'shared-ui';
import { useConfirm } from 'shared-ui/workspace';
import styled from 'styled-components';
import {
  emptyMethod,
  methodSchema,
  methodValues,
  toMethodBody,
  type MethodFormValues,
} from './methodForm';
import {
  useAddPayoutMethodMutation,
  useListPayoutMethodsQuery,
  useMakeDefaultPayoutMethodMutation,
  useRemovePayoutMethodMutation,
  useUpdatePayoutMethodMutation,
} from './payoutMethodsApi';

const typeOptions = [
  { value: 'paypal', label: 'PayPal' },
  { value: 'bank', label: 'Bank transfer' },
];

const describe = (m: PayoutMethodView) =>
  m.type === 'paypal'
    ? `PayPal · ${m.paypal_email ?? ''}`
    : `Bank transfer · ${m.bank_name ?? m.account_holder ?? ''} ••••${(m.account_number ?? '').slice(-4)}`;

/** Settings → Payment methods: add, edit, remove and make default; payouts go to the default. */
export function PayoutMethodsTab() {
  const methods = useListPayoutMethodsQuery();
  const [editing, setEditing] = useState<PayoutMethodView | 'new' | null>(null);
  const [makeDefault] = useMakeDefaultPayoutMethodMutation();
  const [remove] = useRemovePayoutMethodMutation();
  const { confirm, dialog } = useConfirm();
  const toast = useToast();

  const run = async (action: () => Promise<unknown>, done: string, fallback: string) => {
    try {
      await action();
      toast.success(done);
    } catch (error) {
      toast.error(normaliseError(error, fallback));
    }
  };

  const onRemove = async (m: PayoutMethodView) => {
    const ok = await confirm({
      title: 'Remove payout method?',
      message: `${describe(m)} will no longer receive payouts.`,
      confirmLabel: 'Remove',
      tone: 'danger',
    });
    if (ok)
      await run(
        () => remove(m.id).unwrap(),
        'Payout method removed',
        'Failed to remove payout method',
      );
  };

  return (
    <Panel title="Payment methods" gap={3}>
      <Text size="sm" muted>
        Brands pay your approved rewards to your default method.
      </Text>
      {methods.isError ? (
        <ErrorBanner
          message="Failed to load payout methods"
          onRetry={() => void methods.refetch()}
        />
      ) : !methods.data ? (
        <Spinner label="Loading" />
      ) : methods.data.results.length === 0 && editing === null ? (
        <EmptyState
          title="No payout method yet"
          text="Add PayPal or a bank account to get paid."
          action={<Button onClick={() => setEditing('new')}>Add payout method</Button>}
        />
      ) : (
        <PlainList gap={2} aria-label="Payout methods">
          {methods.data.results.map((m) => (
            <Cluster as="li" key={m.id}>
              <Text>{describe(m)}</Text>
              {m.is_default && <Badge tone="success">Default</Badge>}
              <Actions gap={1} align="stretch">
                {!m.is_default && (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() =>
                      void run(
                        () => makeDefault(m.id).unwrap(),
                        'Default payout method set',
                        'Failed to update payout method',
                      )
                    }
                    aria-label={`Make ${describe(m)} the default`}
                  >
                    Make default
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setEditing(m)}
                  aria-label={`Edit ${describe(m)}`}
                >
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => void onRemove(m)}
                  aria-label={`Remove ${describe(m)}`}
                >
                  Remove
                </Button>
              </Actions>
            </Cluster>
          ))}
        </PlainList>
      )}
      {editing !== null ? (
        <MethodForm
          key={editing === 'new' ? 'new' : editing.id}
          method={editing === 'new' ? null : editing}
          first={editing === 'new' && (methods.data?.results.length ?? 0) === 0}
          onDone={() => setEditing(null)}
        />
      ) : (
        methods.data &&
        methods.data.results.length > 0 && (
          <div>
            <Button variant="secondary" onClick={() => setEditing('new')}>
              Add payout method
            </Button>
          </div>
        )
      )}
      {dialog}
    </Panel>
  );
}

function MethodForm({
  method,
  first,
  onDone,
}: {
  method: PayoutMethodView | null;
  /** The advocate's first method: it is the default whatever a tick says, so none is asked. */
  first: boolean;
  onDone: () => void;
}) {
  const [add] = useAddPayoutMethodMutation();
  const [update] = useUpdatePayoutMethodMutation();
  const toast = useToast();
  return (
    <Formik<MethodFormValues>
      initialValues={method ? methodValues(method) : emptyMethod}
      validationSchema={methodSchema}
      onSubmit={async (values) => {
        try {
          const body = toMethodBody(first ? { ...values, is_default: true } : values);
          if (method) await update({ id: method.id, ...body }).unwrap();
          else await add(body).unwrap();
          toast.success(method ? 'Payout method updated' : 'Payout method added');
          onDone();
        } catch (error) {
          toast.error(normaliseError(error, 'Failed to save payout method'));
        }
      }}
    >
      {({ values, isSubmitting }) => (
        <Form noValidate aria-label={method ? 'Edit payout method' : 'New payout method'}>
          <Fields>
            <SelectField name="type" label="Type" options={typeOptions} />
            {values.type === 'paypal' ? (
              <TextField
                name="paypal_email"
                label="PayPal email"
                type="email"
                autoComplete="email"
              />
            ) : (
              <>
                <TextField name="account_holder" label="Account holder" autoComplete="name" />
                <TextField name="bank_name" label="Bank name" />
                <TextField name="account_number" label="IBAN or account number" />
                <TextField name="bank_code" label="Sort code, routing number or SWIFT/BIC" />
                <TextField name="bank_country" label="Bank country (2 letters)" maxLength={2} />
              </>
            )}
            {first ? (
              <Text size="sm" muted>
                Your first method is your default: brands pay your rewards to it.
              </Text>
            ) : (
              !method?.is_default && (
                <CheckboxField name="is_default" label="Make this my default payout method" />
              )
            )}
          </Fields>
          <Actions gap={1} align="stretch">
            <Button type="submit" loading={isSubmitting}>
              {method ? 'Save changes' : 'Add method'}
            </Button>
            <Button type="button" variant="ghost" onClick={onDone}>
              Cancel
            </Button>
          </Actions>
        </Form>
      )}
    </Formik>
  );
}

const Actions = styled(Cluster)`
  margin-left: auto;
`;

const Fields = styled.div`
  ${autoGrid('14rem', 3)}
  margin-bottom: ${({ theme }) => theme.spacing(3)};
`;
