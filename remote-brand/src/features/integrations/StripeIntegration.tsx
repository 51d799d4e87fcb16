import { Formik } from 'formik';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import * as Yup from 'yup';
import { MESSAGES, PATTERNS } from 'contract/rules';
import type { StripeMode } from 'contract';
import { fieldErrors, normaliseError } from 'shared-api';
import { Link } from 'shared-ui/router';
import {
  Badge,
  Cluster,
  CodeBlock,
  ErrorBanner,
  Heading,
  Panel,
  PasswordField,
  SelectField,
  Stack,
  Text,
  TextLink,
  useToast,
} from 'shared-ui';
import { CopyButton, Table, useConfirm, type TableColumn } from 'shared-ui/workspace';
import { FormRow } from '../../components/FormRow';
import { PermittedButton } from '../../components/PermittedButton';
import { brandPaths } from '../../paths';
import {
  dateAndTime,
  EndpointUrl,
  EventsToSelect,
  Mono,
  ProviderEventsTable,
  Steps,
} from './ProviderSetup';
import {
  useConnectStripeMutation,
  useDisconnectStripeMutation,
  useGetStripeIntegrationQuery,
  useSendStripeTestEventMutation,
  type PromotionCode,
  type StripeIntegration as Integration,
} from './integrationsApi';

type StripeEvent = Integration['events'][number];

const MODE_LABELS: Record<StripeMode, string> = { live: 'Live mode', test: 'Test mode' };
/** While no signed event has arrived, the screen looks again this often. */
const AWAIT_EVENT_POLL_MS = 3_000;

/** The Checkout Session as the brand's server creates it, with the click id the script kept. */
export const CHECKOUT_SNIPPET = `// The tracking script keeps the visitor's click id in the first-party cookie adv_cid:
// read it on your server when you create the Checkout Session.
const session = await stripe.checkout.sessions.create({
  mode: 'payment', // or 'subscription'
  line_items: [{ price: 'price_…', quantity: 1 }],
  client_reference_id: req.cookies.adv_cid, // the click id
  success_url: 'https://shop.example/thanks',
});`;

const keySchema = Yup.object({
  api_key: Yup.string()
    .trim()
    .required('Paste the restricted key')
    .matches(new RegExp(PATTERNS.stripeRestrictedKey), MESSAGES.stripeKeyInvalid),
});

const secretSchema = Yup.object({
  webhook_secret: Yup.string()
    .trim()
    .required('Paste the signing secret')
    .matches(new RegExp(PATTERNS.stripeWebhookSecret), MESSAGES.stripeSecretInvalid),
  mode: Yup.string().oneOf(['live', 'test']).required(),
});

const MODE_OPTIONS = [
  { value: 'live', label: 'Live: real payments' },
  { value: 'test', label: 'Test: Stripe test mode' },
];

/** Stripe on the Integrations screen: connect, test, disconnect; the codes given; the events. */
export function StripeIntegration({ brandId }: { brandId: number }) {
  const [poll, setPoll] = useState(0);
  const stripe = useGetStripeIntegrationQuery(brandId, { pollingInterval: poll });
  const data = stripe.data;
  const awaiting = Boolean(data?.connected && !data.verified_at);
  // Connected only once a signed event arrived: look again every few seconds until it has.
  useEffect(() => setPoll(awaiting ? AWAIT_EVENT_POLL_MS : 0), [awaiting]);
  const [connect] = useConnectStripeMutation();
  const [disconnect, { isLoading: disconnecting }] = useDisconnectStripeMutation();
  const [sendTest, { isLoading: sending }] = useSendStripeTestEventMutation();
  const { confirm, dialog } = useConfirm();
  const toast = useToast();

  const askDisconnect = async () => {
    const sure = await confirm({
      title: 'Disconnect Stripe?',
      message:
        data?.connected_with === 'api_key'
          ? 'The endpoint Advocately created in your Stripe account is deleted. The sales already recorded stay.'
          : 'Events Stripe sends from now on are refused. The sales already recorded stay. Remove the endpoint in Stripe too.',
      tone: 'danger',
      confirmLabel: 'Disconnect',
    });
    if (!sure) return;
    try {
      const reply = await disconnect(brandId).unwrap();
      toast.success(reply.message ?? 'Stripe disconnected');
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to disconnect Stripe'));
    }
  };

  const test = async () => {
    try {
      await sendTest(brandId).unwrap();
      toast.success('Stripe is sending a test event');
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to send a test event'));
    }
  };

  if (stripe.isError)
    return (
      <ErrorBanner
        message="Failed to load the Stripe connection"
        onRetry={() => void stripe.refetch()}
      />
    );

  const status = !data?.connected ? (
    <Badge tone="neutral">Not connected</Badge>
  ) : awaiting ? (
    <Badge tone="warning">Waiting for a first event</Badge>
  ) : (
    <Badge tone="success">Connected</Badge>
  );

  return (
    <>
      <Panel
        title="Stripe"
        gap={3}
        actions={
          <Cluster gap={2}>
            {data?.mode && (
              <Badge tone={data.mode === 'live' ? 'info' : 'warning'}>
                {MODE_LABELS[data.mode]}
              </Badge>
            )}
            {status}
          </Cluster>
        }
      >
        <Text>
          Every Checkout sale, subscription renewal, refund and dispute in your Stripe account is
          attributed to the advocate who brought the customer, and rewarded by the campaign&apos;s
          rules. A connection takes the events of one mode: those of the other are recorded and
          change nothing.
        </Text>
        {data?.connected && (
          <Stack gap={2}>
            <Text size="sm">
              {data.connected_with === 'api_key'
                ? `Connected with the restricted key ${data.api_key_hint ?? ''}: Advocately created the endpoint ${data.webhook_endpoint_id ?? ''} in your Stripe account.`
                : 'Connected with the signing secret of an endpoint you added in Stripe.'}{' '}
              {awaiting
                ? data.connected_with === 'api_key'
                  ? 'Send a test event to check that Stripe reaches Advocately.'
                  : 'It shows Connected once Stripe has sent a first event of this mode.'
                : `A first signed event arrived ${dateAndTime(data.verified_at ?? '')}.`}
            </Text>
            <Cluster gap={2}>
              {data.connected_with === 'api_key' && (
                <PermittedButton
                  brandId={brandId}
                  permission="developers"
                  type="button"
                  variant="secondary"
                  loading={sending}
                  onClick={() => void test()}
                >
                  Send test event
                </PermittedButton>
              )}
              <PermittedButton
                brandId={brandId}
                permission="developers"
                type="button"
                variant="danger"
                loading={disconnecting}
                onClick={() => void askDisconnect()}
              >
                Disconnect
              </PermittedButton>
            </Cluster>
          </Stack>
        )}
        <ConnectWithKey brandId={brandId} data={data} onConnect={connect} />
        <ConnectWithSecret brandId={brandId} data={data} onConnect={connect} />
      </Panel>
      <Panel title="Pass the click id to Checkout" gap={3}>
        <Text size="sm">
          When your server creates a Checkout Session, give it the click id the tracking script
          keeps in the <Mono>adv_cid</Mono> cookie, as <Mono>client_reference_id</Mono>:
        </Text>
        <CodeBlock aria-label="Checkout snippet">{CHECKOUT_SNIPPET}</CodeBlock>
        <div>
          <CopyButton text={CHECKOUT_SNIPPET} size="sm" />
        </div>
      </Panel>
      <PromotionCodesGiven brandId={brandId} codes={data?.promotion_codes ?? []} />
      <StripeEvents events={data?.events ?? []} loading={stripe.isLoading} />
      {dialog}
    </>
  );
}

type Connect = ReturnType<typeof useConnectStripeMutation>[0];

function ConnectWithKey({
  brandId,
  data,
  onConnect,
}: {
  brandId: number;
  data: Integration | undefined;
  onConnect: Connect;
}) {
  const toast = useToast();
  return (
    <Stack gap={2}>
      <Heading level={3} size="sm">
        Connect with a restricted key (recommended)
      </Heading>
      <Text size="sm">
        In Stripe open <strong>Developers → API keys → Create restricted key</strong> (
        {data ? (
          <TextLink href={data.create_key_url} target="_blank" rel="noreferrer">
            open it with these permissions filled in
          </TextLink>
        ) : (
          'Stripe’s dashboard'
        )}
        ), allow exactly these and paste the key (<Mono>rk_live_…</Mono> connects live mode,{' '}
        <Mono>rk_test_…</Mono> test mode). Advocately creates its own webhook endpoint with it.
      </Text>
      <PermissionList aria-label="Permissions the key needs">
        {(data?.key_permissions ?? []).map((p) => (
          <li key={p.permission}>
            <strong>
              {p.resource}: {p.access}
            </strong>{' '}
            — {p.why}
          </li>
        ))}
      </PermissionList>
      <Formik
        initialValues={{ api_key: '' }}
        validationSchema={keySchema}
        onSubmit={async (values, helpers) => {
          try {
            await onConnect({ brandId, api_key: values.api_key.trim() }).unwrap();
            helpers.resetForm();
            toast.success('Stripe connected: send a test event to check it');
          } catch (error) {
            helpers.setErrors(fieldErrors(error, ['api_key']));
            toast.error(normaliseError(error, 'Failed to connect Stripe'));
          }
        }}
      >
        {({ isSubmitting }) => (
          <FormRow noValidate aria-label="Connect Stripe with a restricted key">
            <PasswordField
              name="api_key"
              label="Restricted key"
              placeholder="rk_live_…"
              autoComplete="off"
              hint="Stored encrypted and never shown again."
            />
            <PermittedButton
              brandId={brandId}
              permission="developers"
              type="submit"
              loading={isSubmitting}
              disabled={isSubmitting}
            >
              {data?.connected_with === 'api_key' ? 'Replace key' : 'Connect Stripe'}
            </PermittedButton>
          </FormRow>
        )}
      </Formik>
    </Stack>
  );
}

function ConnectWithSecret({
  brandId,
  data,
  onConnect,
}: {
  brandId: number;
  data: Integration | undefined;
  onConnect: Connect;
}) {
  const toast = useToast();
  return (
    <Stack gap={2}>
      <Heading level={3} size="sm">
        Or add the endpoint yourself
      </Heading>
      <Steps>
        <li>
          In Stripe&apos;s dashboard open <strong>Developers → Webhooks</strong> and choose{' '}
          <strong>Add endpoint</strong>.
        </li>
        <li>
          Endpoint URL:
          <EndpointUrl url={data?.endpoint_url} label="Endpoint URL" />
        </li>
        <li>
          Select these events:
          <EventsToSelect events={data?.events_to_select} />
        </li>
        <li>
          Add the endpoint, reveal its <strong>Signing secret</strong> (whsec_…), say which mode the
          endpoint is in and paste the secret below.
        </li>
      </Steps>
      <Formik
        initialValues={{ webhook_secret: '', mode: data?.mode ?? 'live' }}
        enableReinitialize
        validationSchema={secretSchema}
        onSubmit={async (values, helpers) => {
          try {
            await onConnect({
              brandId,
              webhook_secret: values.webhook_secret.trim(),
              mode: values.mode,
            }).unwrap();
            helpers.resetForm();
            toast.success('Stripe connected');
          } catch (error) {
            helpers.setErrors(fieldErrors(error, ['webhook_secret', 'mode']));
            toast.error(normaliseError(error, 'Failed to connect Stripe'));
          }
        }}
      >
        {({ isSubmitting }) => (
          <FormRow $fields={2} noValidate aria-label="Connect Stripe with a signing secret">
            <SelectField name="mode" label="Stripe mode" options={MODE_OPTIONS} />
            <PasswordField
              name="webhook_secret"
              label="Signing secret"
              placeholder="whsec_…"
              autoComplete="off"
              hint={
                data?.connected_with === 'webhook_secret'
                  ? 'Paste a new secret to replace it; the stored one is never shown.'
                  : 'Stored encrypted and never shown again.'
              }
            />
            <PermittedButton
              brandId={brandId}
              permission="developers"
              type="submit"
              variant="secondary"
              loading={isSubmitting}
              disabled={isSubmitting}
            >
              {data?.connected_with === 'webhook_secret' ? 'Replace secret' : 'Connect with secret'}
            </PermittedButton>
          </FormRow>
        )}
      </Formik>
    </Stack>
  );
}

/** Every promotion code given to an advocate, across the brand's campaigns. */
function PromotionCodesGiven({ brandId, codes }: { brandId: number; codes: PromotionCode[] }) {
  const columns: TableColumn<PromotionCode>[] = [
    { key: 'code', header: 'Code', render: (c) => <Mono>{c.code}</Mono> },
    { key: 'advocate', header: 'Advocate' },
    {
      key: 'campaign',
      header: 'Campaign',
      render: (c) => (
        <Link to={brandPaths.campaign(brandId, c.campaign_id)}>{c.campaign || 'Untitled'}</Link>
      ),
    },
  ];
  return (
    <Panel title="Promotion codes given" gap={3}>
      <Text size="sm" muted>
        A Stripe promotion code given to an advocate makes every sale that uses it theirs. Give
        codes on a campaign&apos;s page, beside its advocates.
      </Text>
      <Table
        columns={columns}
        rows={codes}
        getRowId={(c) => c.code}
        caption="Promotion codes given to advocates"
        emptyText="No promotion code given yet."
      />
    </Panel>
  );
}

function StripeEvents({ events, loading }: { events: StripeEvent[]; loading: boolean }) {
  return (
    <Panel title="Latest events" gap={3}>
      <ProviderEventsTable
        events={events}
        loading={loading}
        caption="Latest Stripe events"
        showMode
      />
    </Panel>
  );
}

const PermissionList = styled.ul`
  margin: 0;
  padding-left: 1.25rem;
  display: grid;
  gap: ${({ theme }) => theme.spacing(1)};
`;
