import { useMemo, useState } from 'react';
import { API_BASE_URL, selectToken, useAppStore } from 'shared-api';
import { createTrackingClient, SdkError } from 'sdk';
import {
  actionProblem,
  newConversionRef,
  toConversionPayload,
  type TesterAction,
  type TesterValues,
} from './testerForm';

/** What the last button press produced, shown as JSON. */
export type TesterResult =
  | { action: TesterAction; kind: 'invalid'; message: string }
  | { action: TesterAction; kind: 'ok'; request: unknown; reply: unknown }
  | { action: TesterAction; kind: 'error'; request: unknown; error: RawError };

/** An SdkError as JSON can show it: status (0 = no reply), the server's body and message. */
export interface RawError {
  status: number;
  message: string;
  body: unknown;
}

function rawError(error: unknown): RawError {
  if (error instanceof SdkError) {
    return { status: error.status, message: error.message, body: error.body };
  }
  return { status: 0, message: error instanceof Error ? error.message : String(error), body: null };
}

/**
 * Runs the tester's buttons through the sdk package, exactly as a merchant's code would: the
 * owner's access token is the credential (read per call, so a refreshed token is used) and the
 * brand id goes along as X-Brand-Id.
 */
export function useTesterActions() {
  const store = useAppStore();
  const [result, setResult] = useState<TesterResult | null>(null);
  const [busy, setBusy] = useState<TesterAction | null>(null);
  // One session id per page visit, as a shop would keep one per visitor.
  const sessionId = useMemo(() => `sdk-tester-${newConversionRef().slice(-12)}`, []);

  const run = async (action: TesterAction, values: TesterValues) => {
    const problem = actionProblem(action, values);
    if (problem) {
      setResult({ action, kind: 'invalid', message: problem });
      return;
    }
    const client = createTrackingClient({
      baseUrl: API_BASE_URL,
      credential: () => selectToken(store.getState()),
      brandId: values.brandId.trim() || undefined,
    });
    const campaignId = Number(values.campaignId);
    let request: unknown;
    setBusy(action);
    try {
      let reply: unknown;
      if (action === 'join') {
        const advocate = values.advocateId.trim();
        const join = {
          campaign_id: campaignId,
          ...(advocate ? { advocate_id: Number(advocate) } : {}),
        };
        request = join;
        reply = await client.joinCampaign(join);
      } else if (action === 'stats') {
        request = { campaign_id: campaignId };
        reply = await client.campaignStats(campaignId);
      } else {
        const payload = toConversionPayload(values, newConversionRef(), sessionId);
        request = payload;
        reply = await client.trackConversion(payload);
      }
      setResult({ action, kind: 'ok', request, reply });
    } catch (error) {
      setResult({ action, kind: 'error', request, error: rawError(error) });
    } finally {
      setBusy(null);
    }
  };

  return { result, busy, run, clear: () => setResult(null) };
}
