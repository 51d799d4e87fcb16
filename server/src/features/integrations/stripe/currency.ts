// Stripe amounts are integers in the currency's minor unit with Stripe's exponent for it
// (docs.stripe.com/currencies), the table contract's currencyDecimals keeps for every provider.
import { currencyDecimals } from 'contract';
import { minorToMills } from '../currency.js';

/** How many decimals Stripe's integer amounts of `currency` (any case) have. */
export const stripeExponent = (currency: string): 0 | 2 | 3 => currencyDecimals(currency);

/** A Stripe amount in minor units → thousandths (see integrations/currency.ts). */
export const stripeToMills = (minor: number, currency: string): bigint =>
  minorToMills(minor, currency);
