import type { ShareLinkView } from 'contract';
import { api, fieldIn, isRecord, listIn, messageIn, normaliseError } from 'shared-api';
import { campaignStatsTag } from 'shared-api/tracking';

/** How a join was started; the server records it with the membership (contract: `source`). */
export const ADVOCATE_UI_SOURCE = 'advocate_ui';

/** POST join-campaign/ from the advocate screens: the campaign's primary key. */
export interface JoinCampaignInput {
  id: number;
}

/** One product's share link (a lone `share_link` names no product). */
export interface JoinedLink {
  /** Null for the reply's lone `share_link`, which names no product. */
  productId: number | null;
  url: string;
}

/**
 * A 200/201 join reply as the screens use it: joined with the server's status message
 * ('Joined campaign', 'Already joined') and links, or a reply without success data (shown as a refusal).
 */
export type JoinResult =
  | { joined: true; status: string; links: JoinedLink[] }
  | { joined: false; message: string }
  /** 202: the campaign takes applications; the brand decides, links come with the approval. */
  | { joined: false; pending: true; applicationId: number };

// What a failed join says, by status.
export const JOIN_MESSAGES = {
  validation: 'Validation error',
  unauthorized: 'Unauthorized. Please sign in again.',
  forbidden: "Forbidden. You don't have permission to join this campaign.",
  unexpected: 'An unexpected error occurred. Please try again later.',
  failed: 'Failed to join campaign',
} as const;

function detailOf(error: unknown): string | undefined {
  const detail = isRecord(error) ? fieldIn<string>(error.data, 'detail') : undefined;
  return typeof detail === 'string' && detail.trim() ? detail.trim() : undefined;
}

/** The HTTP status of a failed call, or null when no reply arrived (network, timeout). */
function httpStatus(error: unknown): number | null {
  if (!isRecord(error)) return null;
  if (typeof error.status === 'number') return error.status;
  return typeof error.originalStatus === 'number' ? error.originalStatus : null;
}

/**
 * The message for a failed join, by status: 400 the detail or 'Validation error',
 * 401 and 403 fixed texts, 404/500 the detail or the generic text, anything else (502, a network
 * failure…) the server's message or 'Failed to join campaign' — a transport error's own text is
 * technical, so it gets the fallback as everywhere else (normaliseError).
 */
export function joinErrorMessage(error: unknown): string {
  const detail = detailOf(error);
  switch (httpStatus(error)) {
    case 400:
      return detail ?? JOIN_MESSAGES.validation;
    case 401:
      return JOIN_MESSAGES.unauthorized;
    case 403:
      return JOIN_MESSAGES.forbidden;
    case 404:
    case 500:
      return detail ?? JOIN_MESSAGES.unexpected;
    default:
      return normaliseError(error, JOIN_MESSAGES.failed);
  }
}

function readLink(link: ShareLinkView): JoinedLink | null {
  return link.url ? { productId: link.product_id, url: link.url } : null;
}

/**
 * Reads a 200/201 join reply. One without a status message and without links carries no
 * success data; the screen then shows its detail or message, so it reads as a refusal.
 */
export function readJoinReply(reply: unknown): JoinResult {
  const links = listIn<ShareLinkView>(reply, 'share_links')
    .map(readLink)
    .filter((link): link is JoinedLink => link !== null);
  const single = fieldIn<string>(reply, 'share_link');
  if (links.length === 0 && typeof single === 'string' && single) {
    links.push({ productId: null, url: single });
  }
  const status = fieldIn<string>(reply, 'status');
  const applicationId = fieldIn<number>(reply, 'application_id');
  if (status === 'pending' && typeof applicationId === 'number')
    return { joined: false, pending: true, applicationId };
  if (typeof status === 'string' && status && (links.length > 0 || /joined/i.test(status))) {
    return { joined: true, status, links };
  }
  return { joined: false, message: messageIn(reply) ?? JOIN_MESSAGES.failed };
}

export const joinApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST join-campaign/ {id, source}. The bearer token comes from the session through
     * the base query, which also refreshes it once on a 401 — a header fixed here would be
     * resent stale on that retry.
     */
    joinCampaign: build.mutation<JoinResult, JoinCampaignInput>({
      query: ({ id }) => ({
        url: 'join-campaign/',
        method: 'POST',
        body: { id, source: ADVOCATE_UI_SOURCE },
      }),
      transformResponse: readJoinReply,
      // The campaign's statistics gain a join.
      invalidatesTags: (_result, _error, { id }) => [campaignStatsTag(id)],
    }),
  }),
});

export const { useJoinCampaignMutation } = joinApi;
