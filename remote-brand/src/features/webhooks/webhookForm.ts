// The add / edit form of a webhook: a URL and at least one event type. Each event type is a
// checkbox named `events_<type with _ for .>`: Formik reads a dotted name as a nested path.
import { MESSAGES } from 'contract/rules';
import { EVENT_TYPES, type BusinessEventType, type Webhook } from './webhooksApi';

export const eventField = (type: BusinessEventType): string => `events_${type.replace('.', '_')}`;

export interface WebhookFormValues {
  url: string;
  [eventField: string]: string | boolean;
}

const ticks = (on: (type: BusinessEventType) => boolean) =>
  Object.fromEntries(EVENT_TYPES.map((t) => [eventField(t), on(t)]));

/** A new webhook receives every event until the brand unticks some. */
export const NEW_WEBHOOK: WebhookFormValues = { url: '', ...ticks(() => true) };

export const formOf = (hook: Webhook): WebhookFormValues => ({
  url: hook.url,
  ...ticks((t) => hook.events.includes(t)),
});

export const eventsOf = (values: WebhookFormValues): BusinessEventType[] =>
  EVENT_TYPES.filter((t) => values[eventField(t)] === true);

export const PICK_AN_EVENT = 'Pick at least one event';

/**
 * The form's own checks: a URL starting with http:// or https://, and an event. The server
 * applies the full target rule (a public host, no credentials; local addresses only where it runs
 * with WEBHOOKS_ALLOW_PRIVATE_URLS) and its 400 names the field.
 */
export function validateWebhookForm(values: WebhookFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const url = values.url.trim();
  if (!url) errors.url = 'URL is required';
  else if (!/^https?:\/\/[^\s/?#]+/i.test(url)) errors.url = MESSAGES.urlInvalid;
  if (eventsOf(values).length === 0) errors.events = PICK_AN_EVENT;
  return errors;
}
