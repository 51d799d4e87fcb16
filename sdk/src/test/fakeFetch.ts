import type { FetchInit, FetchLike } from '../core/http';

/** One scripted answer: a reply (status + JSON body, or raw text) or a thrown network error. */
export type Step = { status: number; body?: unknown } | Error;

export interface RecordedCall {
  url: string;
  init: FetchInit;
  /** The JSON body, parsed. */
  json: unknown;
}

/** A fetch that answers `steps` in order, records every call, and fails on an unexpected one. */
export function fakeFetch(...steps: Step[]): { fetch: FetchLike; calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init, json: init.body ? (JSON.parse(init.body) as unknown) : undefined });
    const step = steps[calls.length - 1];
    if (!step) throw new Error(`unexpected call #${calls.length} to ${url}`);
    if (step instanceof Error) throw step;
    const text =
      step.body === undefined
        ? ''
        : typeof step.body === 'string'
          ? step.body
          : JSON.stringify(step.body);
    return new Response(text || null, { status: step.status });
  };
  return { fetch, calls };
}

export const conversionReply = {
  status: 'success',
  duplicate: false,
  conversion: {
    id: 7,
    conversion_ref: 'order-1',
    campaign_id: 3,
    advocate_id: 11,
    product_id: null,
    event_type: 'purchase',
    value: 0,
    currency: 'USD',
    reward_amount: 0,
    status: 'pending',
    created_at: '2026-01-01T00:00:00Z',
  },
} as const;
