import styled from 'styled-components';
import type { WebhookProviderEventView } from 'contract';
import {
  Badge,
  BILLING_EVENT_OUTCOME_LABELS,
  CodeBlock,
  formatDateTime,
  type BadgeTone,
} from 'shared-ui';
import { CopyButton, Table, type TableColumn } from 'shared-ui/workspace';

// What every billing provider's card shows: its endpoint URL, the events to select, the events
// received.

/** An id, an event type or a snippet in the code font, wrapped anywhere on a phone. */
export const Mono = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  overflow-wrap: anywhere;
`;

/** Numbered setup steps. */
export const Steps = styled.ol`
  margin: 0;
  padding-left: 1.25rem;
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
`;

/** The endpoint URL the provider posts to, with a copy button once it is known. */
export function EndpointUrl({ url, label }: { url: string | undefined; label: string }) {
  return (
    <EndpointRow>
      <CodeBlock aria-label={label}>{url ?? '…'}</CodeBlock>
      {url && <CopyButton text={url} size="sm" />}
    </EndpointRow>
  );
}

/** The events (or topics) to subscribe the endpoint to. */
export function EventsToSelect({ events }: { events: readonly string[] | undefined }) {
  return (
    <EventList>
      {(events ?? []).map((type) => (
        <li key={type}>
          <Mono>{type}</Mono>
        </li>
      ))}
    </EventList>
  );
}

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

const OUTCOME_TONES: Record<WebhookProviderEventView['outcome'], BadgeTone> = {
  attributed: 'success',
  ignored: 'neutral',
  refused: 'danger',
};

/** A received event; Stripe's say their mode (livemode). */
type ProviderEvent = WebhookProviderEventView & { livemode?: boolean | null };

/** '1st March 2030, 12:01:05': when an event arrived, to the second. */
export const dateAndTime = (iso: string) => formatDateTime(iso, { seconds: true });

/** The latest events a provider sent, with what became of each (and their mode, for Stripe). */
export function ProviderEventsTable({
  events,
  caption,
  loading = false,
  showMode = false,
}: {
  events: readonly ProviderEvent[];
  caption: string;
  loading?: boolean;
  showMode?: boolean;
}) {
  const columns: TableColumn<ProviderEvent>[] = [
    { key: 'received_at', header: 'Received', render: (e) => dateAndTime(e.received_at) },
    { key: 'type', header: 'Event', render: (e) => <Mono>{e.type}</Mono> },
    ...(showMode
      ? [
          {
            key: 'livemode',
            header: 'Mode',
            render: (e: ProviderEvent) =>
              e.livemode === null || e.livemode === undefined ? '—' : e.livemode ? 'Live' : 'Test',
          },
        ]
      : []),
    {
      key: 'outcome',
      header: 'Result',
      render: (e) => (
        <Badge tone={OUTCOME_TONES[e.outcome]}>{BILLING_EVENT_OUTCOME_LABELS[e.outcome]}</Badge>
      ),
    },
    { key: 'detail', header: 'What became of it', render: (e) => e.detail },
  ];
  return (
    <Table
      columns={columns}
      rows={events}
      loading={loading}
      caption={caption}
      emptyText="No events received yet."
    />
  );
}
