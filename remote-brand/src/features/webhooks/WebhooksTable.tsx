import styled from 'styled-components';
import type { RotatedSecretReply } from 'contract';
import { normaliseError } from 'shared-api';
import { Badge, Button, Cluster, useToast } from 'shared-ui';
import { actionsColumn, Table, useConfirm, type TableColumn } from 'shared-ui/workspace';
import { PermittedButton } from '../../components/PermittedButton';
import {
  eventLabel,
  useDeleteWebhookMutation,
  useRotateWebhookSecretMutation,
  useSendWebhookTestMutation,
  useUpdateWebhookMutation,
  type Webhook,
} from './webhooksApi';

/** The brand's webhooks with what can be done to each. */
export function WebhooksTable({
  brandId,
  webhooks,
  loading,
  selectedId,
  onSelect,
  onEdit,
  onRotated,
}: {
  brandId: number;
  webhooks: readonly Webhook[];
  loading: boolean;
  selectedId: number | null;
  onSelect: (hook: Webhook) => void;
  onEdit: (hook: Webhook) => void;
  /** A rotation's reply: the new secret, and until when the old one still signs. */
  onRotated: (rotation: RotatedSecretReply) => void;
}) {
  const [update] = useUpdateWebhookMutation();
  const [remove] = useDeleteWebhookMutation();
  const [rotate] = useRotateWebhookSecretMutation();
  const [sendTest] = useSendWebhookTestMutation();
  const { confirm, dialog } = useConfirm();
  const toast = useToast();

  const run = async (work: () => Promise<string | void>, failure: string) => {
    try {
      const done = await work();
      if (done) toast.success(done);
    } catch (error) {
      toast.error(normaliseError(error, failure));
    }
  };

  const toggle = (hook: Webhook) =>
    run(async () => {
      await update({ brandId, webhookId: hook.id, enabled: !hook.enabled }).unwrap();
      return hook.enabled ? 'Webhook disabled' : 'Webhook enabled';
    }, 'Failed to change the webhook');

  const askRotate = async (hook: Webhook) => {
    const sure = await confirm({
      title: 'Rotate the signing secret?',
      message: `Deliveries to ${hook.url} will be signed with a new secret from now on; the old one keeps signing beside it for a transition period, then stops.`,
      confirmLabel: 'Rotate',
    });
    if (!sure) return;
    await run(async () => {
      onRotated(await rotate({ brandId, webhookId: hook.id }).unwrap());
    }, 'Failed to rotate the secret');
  };

  const askDelete = async (hook: Webhook) => {
    const sure = await confirm({
      title: 'Delete this webhook?',
      message: `${hook.url} will receive no more events, and its delivery log goes with it.`,
      tone: 'danger',
      confirmLabel: 'Delete',
    });
    if (!sure) return;
    await run(async () => {
      await remove({ brandId, webhookId: hook.id }).unwrap();
      return 'Webhook deleted';
    }, 'Failed to delete the webhook');
  };

  const test = (hook: Webhook) =>
    run(async () => {
      onSelect(hook);
      const { attempt } = await sendTest({ brandId, webhookId: hook.id }).unwrap();
      if (attempt.status_code !== null && attempt.status_code < 300)
        return `Test event delivered (${attempt.status_code})`;
      toast.error(`Test event not accepted: ${attempt.status_code ?? attempt.error ?? 'no reply'}`);
    }, 'Failed to send the test event');

  /** What a developer may do to a webhook, in the order the row shows the buttons. */
  const developerActions = (h: Webhook) => [
    { label: 'Send test', act: () => void test(h) },
    { label: 'Edit', act: () => onEdit(h) },
    { label: h.enabled ? 'Disable' : 'Enable', act: () => void toggle(h) },
    { label: 'Rotate secret', act: () => void askRotate(h) },
    { label: 'Delete', act: () => void askDelete(h), danger: true },
  ];

  const columns: TableColumn<Webhook>[] = [
    { key: 'url', header: 'Endpoint', render: (h) => <Url>{h.url}</Url> },
    {
      key: 'events',
      header: 'Events',
      render: (h) => h.events.map(eventLabel).join(', '),
    },
    {
      key: 'enabled',
      header: 'Status',
      render: (h) =>
        h.enabled ? (
          <Badge tone="success">Enabled</Badge>
        ) : (
          <Badge tone={h.disabled_reason ? 'danger' : 'neutral'}>
            {h.disabled_reason ?? 'Disabled'}
          </Badge>
        ),
    },
    actionsColumn((h) => (
      <Cluster gap={1}>
        <Button
          type="button"
          size="sm"
          variant={selectedId === h.id ? 'primary' : 'secondary'}
          aria-pressed={selectedId === h.id}
          aria-label={`Deliveries of ${h.url}`}
          onClick={() => onSelect(h)}
        >
          Deliveries
        </Button>
        {developerActions(h).map(({ label, act, danger }) => (
          <PermittedButton
            key={label}
            brandId={brandId}
            permission="developers"
            type="button"
            size="sm"
            variant={danger ? 'danger' : 'secondary'}
            onClick={act}
          >
            {label}
          </PermittedButton>
        ))}
      </Cluster>
    )),
  ];

  return (
    <>
      <Table
        caption="Webhooks"
        columns={columns}
        rows={webhooks}
        loading={loading}
        emptyText="No webhooks yet."
      />
      {dialog}
    </>
  );
}

const Url = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;
