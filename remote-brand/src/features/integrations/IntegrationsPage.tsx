import { Formik } from 'formik';
import styled from 'styled-components';
import * as Yup from 'yup';
import { MESSAGES, PATTERNS } from 'contract/rules';
import { normaliseError } from 'shared-api';
import { useGetBrandQuery } from 'shared-api/catalog';
import {
  Badge,
  CodeBlock,
  ErrorBanner,
  formatOrdinalDate,
  PageHeader,
  Panel,
  PasswordField,
  Stack,
  Text,
  useToast,
  type BadgeTone,
} from 'shared-ui';
import { CopyButton, Table, useConfirm, type TableColumn } from 'shared-ui/workspace';
import { BackLink } from '../../components/BackLink';
import { brandPage } from '../../components/brandPage';
import { PermittedButton } from '../../components/PermittedButton';
import { brandPaths } from '../../paths';
import {
  useConnectStripeMutation,
  useDisconnectStripeMutation,
  useGetStripeIntegrationQuery,
  type StripeIntegration,
} from './integrationsApi';
import { FormRow } from '../../components/FormRow';
import { WebhookProviderCards } from './WebhookProviderCard';

type StripeEvent = StripeIntegration['events'][number];

const OUTCOME_TONES: Record<StripeEvent['outcome'], BadgeTone> = {
  attributed: 'success',
  ignored: 'neutral',
  refused: 'danger',
};

const secretSchema = Yup.object({
  webhook_secret: Yup.string()
    .trim()
    .required('Paste the signing secret')
    .matches(new RegExp(PATTERNS.stripeWebhookSecret), MESSAGES.stripeSecretInvalid),
});

/** Brands → a brand → Integrations: Stripe connected by its webhook endpoint. */
export const IntegrationsPage = brandPage(Integrations);

function Integrations({ brandId }: { brandId: number }) {
  const brand = useGetBrandQuery(brandId).data;
  const stripe = useGetStripeIntegrationQuery(brandId);
  const [connect] = useConnectStripeMutation();
  const [disconnect, { isLoading: disconnecting }] = useDisconnectStripeMutation();
  const { confirm, dialog } = useConfirm();
  const toast = useToast();

  const submit = async (values: { webhook_secret: string }, reset: () => void) => {
    try {
      await connect({ brandId, webhookSecret: values.webhook_secret.trim() }).unwrap();
      reset();
      toast.success('Stripe connected');
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to connect Stripe'));
    }
  };

  const askDisconnect = async () => {
    const sure = await confirm({
      title: 'Disconnect Stripe?',
      message:
        'Events Stripe sends from now on are refused. The sales already recorded stay. Remove the endpoint in Stripe too.',
      tone: 'danger',
      confirmLabel: 'Disconnect',
    });
    if (!sure) return;
    try {
      await disconnect(brandId).unwrap();
      toast.success('Stripe disconnected');
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to disconnect Stripe'));
    }
  };

  const data = stripe.data;
  const columns: TableColumn<StripeEvent>[] = [
    { key: 'received_at', header: 'Received', render: (e) => formatOrdinalDate(e.received_at) },
    { key: 'type', header: 'Event', render: (e) => <Mono>{e.type}</Mono> },
    {
      key: 'outcome',
      header: 'Result',
      render: (e) => <Badge tone={OUTCOME_TONES[e.outcome]}>{e.outcome}</Badge>,
    },
    { key: 'detail', header: 'What became of it', render: (e) => e.detail },
  ];

  return (
    <>
      <BackLink to={brandPaths.brand(brandId)}>Back to Brand</BackLink>
      <PageHeader
        title="Integrations"
        subtitle={
          brand
            ? `Sales, renewals and refunds of ${brand.brand_name} flow in by themselves.`
            : 'Sales, renewals and refunds flow in by themselves.'
        }
      />
      {stripe.isError ? (
        <ErrorBanner
          message="Failed to load the Stripe connection"
          onRetry={() => void stripe.refetch()}
        />
      ) : (
        <Stack gap={4}>
          <Panel
            title="Stripe"
            gap={3}
            actions={
              data?.connected ? (
                <Badge tone="success">Connected</Badge>
              ) : (
                <Badge tone="neutral">Not connected</Badge>
              )
            }
          >
            <Text>
              Every Checkout sale, subscription renewal and refund in your Stripe account is
              attributed to the advocate who brought the customer, and rewarded by the
              campaign&apos;s rules.
            </Text>
            <Steps>
              <li>
                In Stripe&apos;s dashboard open <strong>Developers → Webhooks</strong> and choose{' '}
                <strong>Add endpoint</strong>.
              </li>
              <li>
                Endpoint URL:
                <EndpointRow>
                  <CodeBlock aria-label="Endpoint URL">{data?.endpoint_url ?? '…'}</CodeBlock>
                  {data && <CopyButton text={data.endpoint_url} size="sm" />}
                </EndpointRow>
              </li>
              <li>
                Select these events:
                <EventList>
                  {(data?.events_to_select ?? []).map((type) => (
                    <li key={type}>
                      <Mono>{type}</Mono>
                    </li>
                  ))}
                </EventList>
              </li>
              <li>
                Add the endpoint, reveal its <strong>Signing secret</strong> (whsec_…) and paste it
                below.
              </li>
              <li>
                In your Checkout Session, pass the visitor&apos;s click id:{' '}
                <Mono>client_reference_id: cid</Mono> (the <Mono>cid</Mono> the share link added to
                your page&apos;s URL; the tracking script keeps it).
              </li>
            </Steps>
            <Formik
              initialValues={{ webhook_secret: '' }}
              validationSchema={secretSchema}
              onSubmit={(values, helpers) => submit(values, () => helpers.resetForm())}
            >
              {({ isSubmitting }) => (
                <FormRow noValidate aria-label="Connect Stripe">
                  <PasswordField
                    name="webhook_secret"
                    label="Signing secret"
                    placeholder="whsec_…"
                    autoComplete="off"
                    hint={
                      data?.connected
                        ? 'Connected. Paste a new secret to replace it; the stored one is never shown.'
                        : 'Stored encrypted and never shown again.'
                    }
                  />
                  <PermittedButton
                    brandId={brandId}
                    permission="developers"
                    type="submit"
                    loading={isSubmitting}
                    disabled={isSubmitting}
                  >
                    {data?.connected ? 'Replace secret' : 'Connect Stripe'}
                  </PermittedButton>
                </FormRow>
              )}
            </Formik>
            {data?.connected && (
              <div>
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
              </div>
            )}
          </Panel>
          <Panel title="Latest events" gap={3}>
            <Table
              columns={columns}
              rows={data?.events ?? []}
              loading={stripe.isLoading}
              caption="Latest Stripe events"
              emptyText="No events received yet."
            />
          </Panel>
        </Stack>
      )}
      <WebhookProviderCards brandId={brandId} />
      {dialog}
    </>
  );
}

const Steps = styled.ol`
  margin: 0;
  padding-left: 1.25rem;
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
`;

const EventList = styled.ul`
  margin: ${({ theme }) => theme.spacing(1)} 0 0;
  padding-left: 1.25rem;
`;

const EndpointRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  min-width: 0;

  > :first-child {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const Mono = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  overflow-wrap: anywhere;
`;
