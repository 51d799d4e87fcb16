import { useState } from 'react';
import { joinErrorMessage, useJoinCampaignMutation, type JoinedLink } from 'shared-api/tracking';
import { useToast } from 'shared-ui';

export type JoinState =
  | { phase: 'idle' }
  | { phase: 'joining' }
  | { phase: 'joined'; status: string; links: JoinedLink[] };

/**
 * The join flow of SPEC 4: idle, 'Joining...', then the status message and links, or back to
 * idle with the SPEC 8 message as a toast so the advocate can try again.
 */
export function useJoin(campaignId: number | null) {
  const [join] = useJoinCampaignMutation();
  const [state, setState] = useState<JoinState>({ phase: 'idle' });
  const toast = useToast();

  const start = async () => {
    // SPEC 5: joining needs a numeric campaign id; the server would refuse anything else.
    if (campaignId === null) {
      toast.error('Validation error');
      return;
    }
    setState({ phase: 'joining' });
    try {
      const result = await join({ id: campaignId }).unwrap();
      if (result.joined) {
        setState({ phase: 'joined', status: result.status, links: result.links });
        return;
      }
      toast.error(result.message);
    } catch (error) {
      toast.error(joinErrorMessage(error));
    }
    setState({ phase: 'idle' });
  };

  return { state, start };
}
