import { useState } from 'react';
import styled from 'styled-components';
import { normaliseError } from 'shared-api';
import { ErrorBanner, Panel, Stack, Text, useToast } from 'shared-ui';
import { Modal } from 'shared-ui/workspace';
import { BrandSectionHeader } from '../../components/BrandSectionHeader';
import { brandPage } from '../../components/brandPage';
import { DeliveryLog } from './DeliveryLog';
import { SecretModal, type Rotation } from './SecretModal';
import { WebhookForm } from './WebhookForm';
import { eventsOf, formOf, NEW_WEBHOOK, type WebhookFormValues } from './webhookForm';
import {
  useCreateWebhookMutation,
  useListWebhooksQuery,
  useUpdateWebhookMutation,
  type Webhook,
} from './webhooksApi';
import { WebhooksTable } from './WebhooksTable';

/** Brands → a brand → Webhooks: endpoints that receive the brand's events, and their log. */
export const WebhooksPage = brandPage(Webhooks);

function Webhooks({ brandId }: { brandId: number }) {
  const hooks = useListWebhooksQuery(brandId);
  const [create] = useCreateWebhookMutation();
  const [update] = useUpdateWebhookMutation();
  const toast = useToast();
  const [secret, setSecret] = useState<{ value: string; rotation: Rotation | null } | null>(null);
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const list = hooks.data ?? [];
  const selected = list.find((h) => h.id === selectedId) ?? list[0] ?? null;

  const add = async (values: WebhookFormValues) => {
    try {
      const created = await create({ brandId, url: values.url, events: eventsOf(values) }).unwrap();
      setSelectedId(created.webhook.id);
      setSecret({ value: created.secret, rotation: null });
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to add the webhook'));
      throw error;
    }
  };

  const save = async (values: WebhookFormValues) => {
    if (!editing) return;
    try {
      await update({
        brandId,
        webhookId: editing.id,
        url: values.url,
        events: eventsOf(values),
      }).unwrap();
      toast.success('Webhook saved');
      setEditing(null);
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to save the webhook'));
    }
  };

  return (
    <>
      <BrandSectionHeader
        brandId={brandId}
        title="Webhooks"
        subtitle={(name) =>
          name
            ? `Send ${name}'s conversions, commissions, payouts and joins to your own systems.`
            : 'Send your conversions, commissions, payouts and joins to your own systems.'
        }
      />
      <Stack gap={4}>
        <Panel title="Add a webhook" gap={3}>
          <WebhookForm
            brandId={brandId}
            initialValues={NEW_WEBHOOK}
            submitLabel="Add webhook"
            busyLabel="Adding..."
            onSubmit={(values) => add(values).catch(() => undefined)}
          />
        </Panel>
        <Panel title="Endpoints" gap={3}>
          {hooks.isError ? (
            <ErrorBanner message="Failed to load webhooks" onRetry={() => void hooks.refetch()} />
          ) : (
            <TableFrame>
              <WebhooksTable
                brandId={brandId}
                webhooks={list}
                loading={hooks.isLoading}
                selectedId={selected?.id ?? null}
                onSelect={(h) => setSelectedId(h.id)}
                onEdit={setEditing}
                onRotated={({ secret: value, ...rotation }) => setSecret({ value, rotation })}
              />
            </TableFrame>
          )}
          <Text size="sm" muted>
            Failed deliveries are retried for about a day; an endpoint that fails every delivery for
            5 days is disabled and you are emailed.
          </Text>
        </Panel>
        {selected && <DeliveryLog key={selected.id} brandId={brandId} webhook={selected} />}
      </Stack>
      <Modal open={editing !== null} title="Edit webhook" onClose={() => setEditing(null)}>
        {editing && (
          <WebhookForm
            brandId={brandId}
            initialValues={formOf(editing)}
            submitLabel="Save changes"
            busyLabel="Saving..."
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <SecretModal
        secret={secret?.value ?? null}
        rotation={secret?.rotation ?? null}
        onClose={() => setSecret(null)}
      />
    </>
  );
}

/** As on the API keys screen: keeps the table's hidden 'Actions' header inside the page. */
const TableFrame = styled.div`
  position: relative;
  overflow: hidden;
`;
