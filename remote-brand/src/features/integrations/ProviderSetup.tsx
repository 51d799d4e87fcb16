import styled from 'styled-components';
import { CodeBlock } from 'shared-ui';
import { CopyButton } from 'shared-ui/workspace';

/** What every billing provider's setup steps show: its endpoint URL and the events to select. */

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
