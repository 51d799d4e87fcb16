import styled from 'styled-components';
import type { CampaignRecord } from 'shared-api/catalog';
import { Badge, Button, Card, Heading, Text } from 'shared-ui';
import { productLinks } from './shareLinks';
import { ShareLinkList } from './ShareLinkList';
import { useJoin } from './useJoin';

/** 'Join this Campaign', then the server's status message and the advocate's share links. */
export function JoinPanel({ campaign }: { campaign: CampaignRecord }) {
  const { state, start } = useJoin(campaign.id);
  return (
    <Panel as="section" aria-labelledby="join-heading">
      <Heading level={2} size="lg" id="join-heading">
        Your share links
      </Heading>
      {state.phase === 'checking' ? (
        <Text muted role="status">
          Checking for your links…
        </Text>
      ) : state.phase === 'joined' ? (
        <>
          <Status role="status">
            <Badge tone="success">{state.status}</Badge>
            <Text size="sm" muted>
              Share these links; purchases through them are credited to you.
            </Text>
          </Status>
          <ShareLinkList links={productLinks(campaign, state.links)} />
        </>
      ) : (
        <>
          <Text muted>Join to get a personal, tracked link for each product of this campaign.</Text>
          <div>
            <Button
              type="button"
              loading={state.phase === 'joining'}
              disabled={state.phase === 'joining'}
              onClick={() => void start()}
            >
              {state.phase === 'joining' ? 'Joining...' : 'Join this Campaign'}
            </Button>
          </div>
        </>
      )}
    </Panel>
  );
}

const Panel = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(3)};
`;

const Status = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
`;
