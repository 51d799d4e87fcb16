// The billing providers connected by a pasted webhook secret, each an adapter of its own folder.
import type { WebhookProvider } from 'contract';
import { lemonsqueezy } from '../lemonsqueezy/adapter.js';
import { paddle } from '../paddle/adapter.js';
import type { BillingProvider } from '../provider.js';
import { shopify } from '../shopify/adapter.js';

export const WEBHOOK_PROVIDER_ADAPTERS: Record<WebhookProvider, BillingProvider> = {
  paddle,
  lemonsqueezy,
  shopify,
};
