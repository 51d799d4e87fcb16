/** The webhook body of an event: `{ type, timestamp, data }` (Standard Webhooks). */
export const webhookBody = (type: string, at: Date, data: unknown): string =>
  JSON.stringify({ type, timestamp: at.toISOString(), data });
