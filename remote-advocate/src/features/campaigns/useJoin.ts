import { useState } from 'react';
import { useAppDispatch } from 'shared-api';
import { joinErrorMessage, useJoinCampaignMutation, type JoinedLink } from './joinApi';
import { useToast } from 'shared-ui';
import { myLinksApi, useGetMyShareLinksQuery } from './myLinksApi';

export type JoinState =
  | { phase: 'checking' }
  | { phase: 'idle' }
  | { phase: 'joining' }
  | { phase: 'joined'; status: string; links: JoinedLink[] }
  /** Applied: the brand decides (pending) or has declined (rejected, with its reason). */
  | { phase: 'applied'; status: 'pending' | 'rejected'; reason: string | null };

/** The status shown for links of an earlier join (the server's word for a repeat join). */
export const ALREADY_JOINED = 'Already joined';

/**
 * The join flow: idle, 'Joining...', then the status message and links, or back to
 * idle with the failure message as a toast so the advocate can try again. An advocate who joined
 * before (another visit, a reload) sees their links at once, read without joining again; if
 * that read fails, the Join button still gets them (joining again returns the same links).
 */
export function useJoin(campaignId: number | null) {
  const [join] = useJoinCampaignMutation();
  const existing = useGetMyShareLinksQuery(campaignId ?? 0, { skip: campaignId === null });
  const [state, setState] = useState<JoinState | null>(null);
  const toast = useToast();
  const dispatch = useAppDispatch();

  const start = async () => {
    // Joining needs a numeric campaign id; the server would refuse anything else.
    if (campaignId === null) {
      toast.error('Validation error');
      return;
    }
    setState({ phase: 'joining' });
    try {
      const result = await join({ id: campaignId }).unwrap();
      if (result.joined) {
        setState({ phase: 'joined', status: result.status, links: result.links });
        // Coming back to this campaign later shows these links without another request.
        dispatch(
          myLinksApi.util.upsertQueryData('getMyShareLinks', campaignId, {
            joined: true,
            links: result.links,
            application: existing.data?.application ?? null,
          }),
        );
        return;
      }
      if ('pending' in result) {
        setState({ phase: 'applied', status: 'pending', reason: null });
        void existing.refetch();
        return;
      }
      toast.error(result.message);
    } catch (error) {
      toast.error(joinErrorMessage(error));
    }
    setState({ phase: 'idle' });
  };

  return { state: state ?? fromExisting(existing), start };
}

function fromExisting(existing: ReturnType<typeof useGetMyShareLinksQuery>): JoinState {
  if (existing.isLoading) return { phase: 'checking' };
  if (existing.data?.joined) {
    return { phase: 'joined', status: ALREADY_JOINED, links: existing.data.links };
  }
  const application = existing.data?.application;
  if (application && application.status !== 'approved')
    return { phase: 'applied', status: application.status, reason: application.reason };
  return { phase: 'idle' };
}
