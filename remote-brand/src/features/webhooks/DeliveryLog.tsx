import { useState } from 'react';
import { normaliseError } from 'shared-api';
import {
  Badge,
  Button,
  CodeBlock,
  Cluster,
  formatDateTime,
  Panel,
  Stack,
  Text,
  useToast,
} from 'shared-ui';
import { actionsColumn, Modal, ReplyTable, type TableColumn } from 'shared-ui/workspace';
import { PermittedButton } from '../../components/PermittedButton';
import {
  eventLabel,
  useListWebhookDeliveriesQuery,
  useRetryWebhookDeliveryMutation,
  type Webhook,
  type WebhookAttempt,
} from './webhooksApi';

const time = (iso: string) => formatDateTime(iso, { seconds: true });

/** The payload as indented JSON (as sent, when it is not JSON). */
const readable = (payload: string) => {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
};

function StatusBadge({ attempt }: { attempt: WebhookAttempt }) {
  if (attempt.status_code === null) return <Badge tone="danger">No reply</Badge>;
  const ok = attempt.status_code >= 200 && attempt.status_code < 300;
  return <Badge tone={ok ? 'success' : 'danger'}>{attempt.status_code}</Badge>;
}

/**
 * The log reads again this often while it is on screen (and the window focused): the worker's
 * retries and new events land without a reload.
 */
export const DELIVERY_LOG_POLL_MS = 5_000;

/** One webhook's attempts, newest first, with Retry and the payload of each. */
export function DeliveryLog({ brandId, webhook }: { brandId: number; webhook: Webhook }) {
  const [page, setPage] = useState(1);
  const log = useListWebhookDeliveriesQuery(
    { brandId, webhookId: webhook.id, page },
    { pollingInterval: DELIVERY_LOG_POLL_MS, skipPollingIfUnfocused: true },
  );
  const [retry] = useRetryWebhookDeliveryMutation();
  const [shown, setShown] = useState<WebhookAttempt | null>(null);
  const toast = useToast();

  const retryNow = async (attempt: WebhookAttempt) => {
    try {
      const { attempt: next } = await retry({
        brandId,
        webhookId: webhook.id,
        deliveryId: attempt.delivery_id,
      }).unwrap();
      if (next.status_code !== null && next.status_code < 300)
        toast.success(`Delivered (${next.status_code})`);
      else toast.error(`Not accepted: ${next.status_code ?? next.error ?? 'no reply'}`);
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to retry the delivery'));
    }
  };

  const columns: TableColumn<WebhookAttempt>[] = [
    { key: 'attempted_at', header: 'Time', render: (a) => time(a.attempted_at) },
    { key: 'event_type', header: 'Event', render: (a) => eventLabel(a.event_type) },
    { key: 'attempt', header: 'Attempt', render: (a) => `#${a.attempt}` },
    { key: 'status_code', header: 'Status', render: (a) => <StatusBadge attempt={a} /> },
    { key: 'response_ms', header: 'Response time', render: (a) => `${a.response_ms} ms` },
    {
      key: 'next_attempt_at',
      header: 'Next attempt',
      render: (a) => (a.next_attempt_at ? time(a.next_attempt_at) : '—'),
    },
    actionsColumn((a) => (
      <Cluster gap={1}>
        <Button type="button" size="sm" variant="secondary" onClick={() => setShown(a)}>
          Payload
        </Button>
        <PermittedButton
          brandId={brandId}
          permission="developers"
          type="button"
          size="sm"
          variant="secondary"
          aria-label={`Retry attempt ${a.attempt} of ${eventLabel(a.event_type)}`}
          onClick={() => void retryNow(a)}
        >
          Retry
        </PermittedButton>
      </Cluster>
    )),
  ];

  return (
    <Panel title="Delivery log" gap={3}>
      <Text size="sm" muted>
        {webhook.url}
      </Text>
      <ReplyTable
        query={log}
        perPage={10}
        onPageChange={setPage}
        errorMessage="Failed to load the delivery log"
        caption="Delivery attempts"
        columns={columns}
        emptyText="No deliveries yet. Send a test event to try the endpoint."
      />
      <Modal
        open={shown !== null}
        size="lg"
        title={shown ? `${eventLabel(shown.event_type)} · attempt #${shown.attempt}` : ''}
        onClose={() => setShown(null)}
      >
        {shown && (
          <Stack gap={3}>
            <Text size="sm" muted>
              webhook-id {shown.message_id}
            </Text>
            <Stack gap={1}>
              <Text as="h3" size="sm">
                Payload
              </Text>
              <CodeBlock aria-label="Payload">{readable(shown.payload)}</CodeBlock>
            </Stack>
            <Stack gap={1}>
              <Text as="h3" size="sm">
                Response
              </Text>
              <CodeBlock aria-label="Response">
                {shown.error ?? (shown.response_body || '(empty)')}
              </CodeBlock>
            </Stack>
          </Stack>
        )}
      </Modal>
    </Panel>
  );
}
