// What a publishable key (pk_live_…, in every merchant page's source, so anyone's) may report:
// only while the brand allows it, at a rate a real shop needs, and an order no larger than the
// product's price times its quantity (or, without a product, the brand's maximum order value).
// Attribution by a real click only is in attribution.ts (clickOnly); the reward is held for a
// person (features/fraud).
import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { products, type RefusedReportReason } from '../../db/schema.js';
import { sha256 } from '../../lib/crypto.js';
import { bearerToken } from '../../plugins/auth.js';
import type { LimitSpec } from '../../plugins/rate-limit.js';
import { apiKeyKindOf } from '../api-keys/index.js';
import { moneyText } from 'contract';
import { millsText, toMills } from './rewards.js';

export const PUBLISHABLE_KEYS_OFF =
  'Publishable keys are turned off for this brand: report conversions from your server with a secret key';

/** The publishable key of a request, if it carries one (before it is checked). */
function publishableKeyOf(request: FastifyRequest): string | undefined {
  const token = request.headers.authorization ? bearerToken(request) : undefined;
  return token && apiKeyKindOf(token) === 'publishable' ? token : undefined;
}

/** The rate limits of publishable-key reports: per client address and per key. Others pass. */
export function publishableLimits(config: AppConfig): LimitSpec[] {
  return [
    {
      name: 'conversion-ip',
      rule: config.rateLimits.conversionPerIp,
      key: (request) => (publishableKeyOf(request) ? request.ip : undefined),
    },
    {
      name: 'conversion-key',
      rule: config.rateLimits.conversionPerKey,
      key: (request) => {
        const key = publishableKeyOf(request);
        return key && sha256(key);
      },
    },
  ];
}

/** Why a publishable key's sale was refused, as the script is told it. */
export interface Refusal {
  reason: RefusedReportReason;
  message: string;
}

/**
 * Why a publishable key's order value is refused (null: it is not): above what the sale can be,
 * the product's price × quantity in the product's currency, else the brand's maximum order value.
 */
export async function publishableValueRefusal(
  db: Database,
  sale: { productId: number | null; value: number; currency: string; quantity: number },
  maxOrderValue: number,
): Promise<Refusal | null> {
  const value = toMills(sale.value);
  if (sale.productId !== null) {
    const [product] = await db
      .select({ price: products.price, currency: products.currency })
      .from(products)
      .where(and(eq(products.id, sale.productId)));
    if (product) {
      if (product.currency !== sale.currency)
        return {
          reason: 'currency_mismatch',
          message: `currency must be the product's (${product.currency}) when a publishable key reports a sale of it`,
        };
      const cap = toMills(product.price) * BigInt(sale.quantity);
      return value > cap
        ? {
            reason: 'over_price_cap',
            message: `value ${moneyText(sale.value, sale.currency)} is more than the product's price × quantity (${moneyText(millsText(cap), product.currency)} ${product.currency}): a publishable key cannot report a larger sale`,
          }
        : null;
    }
  }
  const cap = toMills(maxOrderValue);
  return value > cap
    ? {
        reason: 'over_max_order_value',
        message: `value ${moneyText(sale.value, sale.currency)} is more than the brand's maximum order value (${moneyText(maxOrderValue, sale.currency)}) for a publishable key`,
      }
    : null;
}
