import type { ReactNode } from 'react';
import { Formik } from 'formik';
import * as Yup from 'yup';
import type { WebhookProvider } from 'contract';
import { normaliseError } from 'shared-api';
import { Badge, Panel, PasswordField, Text, useToast } from 'shared-ui';
import { useConfirm } from 'shared-ui/workspace';
import { FormRow } from '../../components/FormRow';
import { PermittedButton } from '../../components/PermittedButton';
import {
  useConnectWebhookProviderMutation,
  useDisconnectWebhookProviderMutation,
  useGetWebhookIntegrationQuery,
} from './webhookProvidersApi';
import { EndpointUrl, EventsToSelect, Mono, ProviderEventsTable, Steps } from './ProviderSetup';

/** What the brand does in each provider's dashboard, around the endpoint URL and the events. */
interface Setup {
  name: string;
  /** Where to add the webhook. */
  open: ReactNode;
  /** The secret to paste, as the provider's dashboard names it. */
  secret: ReactNode;
  secretLabel: string;
  placeholder: string;
  /** How the click id (the `cid` the share link added, kept by the tracking script) reaches it. */
  clickId: ReactNode;
}

export const PROVIDER_SETUP: Record<WebhookProvider, Setup> = {
  paddle: {
    name: 'Paddle',
    open: (
      <>
        In Paddle open <strong>Developer tools → Notifications</strong> and choose{' '}
        <strong>New destination</strong> (type: webhook).
      </>
    ),
    secret: (
      <>
        Save the destination, open its <strong>secret key</strong> (pdl_ntfset_…) and paste it
        below.
      </>
    ),
    secretLabel: 'Paddle secret key',
    placeholder: 'pdl_ntfset_…',
    clickId: (
      <>
        Open the checkout with the click id:{' '}
        <Mono>
          Paddle.Checkout.open({'{'} customData: {'{'} advocately_cid: cid {'}'} {'}'})
        </Mono>
        . A discount given to an advocate attributes the sale too.
      </>
    ),
  },
  lemonsqueezy: {
    name: 'Lemon Squeezy',
    open: (
      <>
        In Lemon Squeezy open <strong>Settings → Webhooks</strong> and add a webhook.
      </>
    ),
    secret: (
      <>
        Type a signing secret of your own (6 to 40 characters) in Lemon Squeezy, save, and paste the
        same secret below.
      </>
    ),
    secretLabel: 'Lemon Squeezy signing secret',
    placeholder: 'The secret you typed in Lemon Squeezy',
    clickId: (
      <>
        Add the click id to the checkout link: <Mono>?checkout[custom][advocately_cid]=cid</Mono>.
        Renewals follow the customer by themselves.
      </>
    ),
  },
  shopify: {
    name: 'Shopify',
    open: (
      <>
        In Shopify open <strong>Settings → Notifications → Webhooks</strong> and create a webhook
        (format JSON) for each event below.
      </>
    ),
    secret: (
      <>
        Copy the key Shopify shows under the list (<em>Your webhooks will be signed with …</em>) and
        paste it below.
      </>
    ),
    secretLabel: 'Shopify signing key',
    placeholder: 'The key Shopify signs webhooks with',
    clickId: (
      <>
        The share link&apos;s <Mono>cid</Mono> on the page the customer landed on is read from the
        order; a cart attribute <Mono>advocately_cid</Mono> or an advocate&apos;s discount code
        attributes it too.
      </>
    ),
  },
};

const secretSchema = Yup.object({
  webhook_secret: Yup.string()
    .trim()
    .required('Paste the signing secret')
    .min(6, 'A signing secret has at least 6 characters')
    .matches(/^\S+$/, 'A signing secret has no spaces'),
});

/** One billing provider connected by its webhook: the steps, the secret, the events received. */
export function WebhookProviderCard({
  brandId,
  provider,
}: {
  brandId: number;
  provider: WebhookProvider;
}) {
  const setup = PROVIDER_SETUP[provider];
  const query = useGetWebhookIntegrationQuery({ brandId, provider });
  const [connect] = useConnectWebhookProviderMutation();
  const [disconnect, { isLoading: disconnecting }] = useDisconnectWebhookProviderMutation();
  const { confirm, dialog } = useConfirm();
  const toast = useToast();
  const data = query.data;

  // Kept to one line (no retry button, no table) so a failure here never crowds the screen.
  const label = setup.name;
  if (query.isError)
    return (
      <Text muted>The {label} connection could not be loaded. Reload the page to try again.</Text>
    );

  const submit = async (values: { webhook_secret: string }, reset: () => void) => {
    try {
      await connect({ brandId, provider, webhookSecret: values.webhook_secret.trim() }).unwrap();
      reset();
      toast.success(`${label} connected`);
    } catch (error) {
      toast.error(normaliseError(error, `Failed to connect ${label}`));
    }
  };

  const askDisconnect = async () => {
    const sure = await confirm({
      title: `Disconnect ${label}?`,
      message: `Events ${label} sends from now on are refused. The sales already recorded stay. Remove the webhook in ${label} too.`,
      tone: 'danger',
      confirmLabel: 'Disconnect',
    });
    if (!sure) return;
    try {
      await disconnect({ brandId, provider }).unwrap();
      toast.success(`${label} disconnected`);
    } catch (error) {
      toast.error(normaliseError(error, `Failed to disconnect ${label}`));
    }
  };

  return (
    <Panel
      title={label}
      gap={3}
      actions={
        data?.connected ? (
          <Badge tone="success">Connected</Badge>
        ) : (
          <Badge tone="neutral">Not connected</Badge>
        )
      }
    >
      <Steps>
        <li>{setup.open}</li>
        <li>
          Endpoint URL:
          <EndpointUrl url={data?.endpoint_url} label={`${label} endpoint URL`} />
        </li>
        <li>
          Events:
          <EventsToSelect events={data?.events_to_select} />
        </li>
        <li>{setup.secret}</li>
        <li>{setup.clickId}</li>
      </Steps>
      <Formik
        initialValues={{ webhook_secret: '' }}
        validationSchema={secretSchema}
        onSubmit={(values, helpers) => submit(values, () => helpers.resetForm())}
      >
        {({ isSubmitting }) => (
          <FormRow noValidate aria-label={`Connect ${label}`}>
            <PasswordField
              name="webhook_secret"
              // An id of its own: Stripe's form and the other cards have a webhook_secret too, and
              // a shared id would tie every card's label to the first of them.
              id={`${provider}-webhook-secret`}
              label={setup.secretLabel}
              placeholder={setup.placeholder}
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
              {data?.connected ? 'Replace secret' : `Connect ${label}`}
            </PermittedButton>
          </FormRow>
        )}
      </Formik>
      {data?.connected && (
        <>
          <div>
            <PermittedButton
              brandId={brandId}
              permission="developers"
              type="button"
              variant="danger"
              loading={disconnecting}
              onClick={() => void askDisconnect()}
            >
              {`Disconnect ${label}`}
            </PermittedButton>
          </div>
          <ProviderEventsTable events={data.events} caption={`Latest ${label} events`} />
        </>
      )}
      {dialog}
    </Panel>
  );
}

/** The billing providers other than Stripe, one card each (children of the page's stack). */
export function WebhookProviderCards({ brandId }: { brandId: number }) {
  return (
    <>
      {(Object.keys(PROVIDER_SETUP) as WebhookProvider[]).map((provider) => (
        <WebhookProviderCard key={provider} brandId={brandId} provider={provider} />
      ))}
    </>
  );
}
