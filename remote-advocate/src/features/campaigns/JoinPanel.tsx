import type { CampaignRecord } from 'shared-api/catalog';
import { Badge, Button, Text, Panel, Cluster } from 'shared-ui';
import { productLinks } from './shareLinks';
import { ShareLinkList } from './ShareLinkList';
import { useJoin } from './useJoin';

/** 'Join this Campaign', then the server's status message and the advocate's share links. */
export function JoinPanel({ campaign }: { campaign: CampaignRecord }) {
  const { state, start } = useJoin(campaign.id);
  return (
    <Panel title="Your share links" gap={3}>
      {state.phase === 'checking' ? (
        <Text muted role="status">
          Checking for your links…
        </Text>
      ) : state.phase === 'applied' ? (
        <Cluster role="status">
          {state.status === 'pending' ? (
            <>
              <Badge tone="warning">Application pending</Badge>
              <Text size="sm" muted>
                The brand reviews your application; your links come with the approval, and you will
                be notified.
              </Text>
            </>
          ) : (
            <>
              <Badge tone="danger">Application rejected</Badge>
              <Text size="sm" muted>
                {state.reason ? `The brand's reason: ${state.reason}` : 'The brand gave no reason.'}
              </Text>
            </>
          )}
        </Cluster>
      ) : state.phase === 'joined' ? (
        <>
          <Cluster role="status">
            <Badge tone="success">{state.status}</Badge>
            <Text size="sm" muted>
              Share these links; purchases through them are credited to you.
            </Text>
          </Cluster>
          <ShareLinkList links={productLinks(campaign, state.links)} />
        </>
      ) : campaign.join_mode === 'invite_only' ? (
        <Text muted>
          Invite only: the brand invites its advocates by email, and the invitation's link joins
          you.
        </Text>
      ) : (
        <>
          <Text muted>
            {campaign.join_mode === 'application'
              ? 'The brand approves each advocate: apply, and your links come with the approval.'
              : 'Join to get a personal, tracked link for each product of this campaign.'}
          </Text>
          <div>
            <Button
              type="button"
              loading={state.phase === 'joining'}
              disabled={state.phase === 'joining'}
              onClick={() => void start()}
            >
              {state.phase === 'joining'
                ? 'Joining...'
                : campaign.join_mode === 'application'
                  ? 'Apply to this Campaign'
                  : 'Join this Campaign'}
            </Button>
          </div>
        </>
      )}
    </Panel>
  );
}
