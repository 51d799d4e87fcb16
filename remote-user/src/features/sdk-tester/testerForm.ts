import * as yup from 'yup';
import type { ConversionPayload } from 'sdk';

/** The tester's fields. Ids stay text so a half-typed id is not coerced; numbers are checked. */
export interface TesterValues {
  brandId: string;
  campaignId: string;
  productId: string;
  advocateId: string;
  /** '' while the box is empty (shared-ui NumberField). */
  value: number | '';
  /** Empty means "let the server apply the campaign's reward rule". */
  rewardAmount: number | '';
}

export const TESTER_INITIAL: TesterValues = {
  brandId: '',
  campaignId: '',
  productId: '',
  advocateId: '',
  // Conversion value defaults to 0.
  value: 0,
  rewardAmount: '',
};

const ID_MESSAGE = 'Enter a whole number';
const optionalId = yup
  .string()
  .trim()
  .matches(/^\d*$/, ID_MESSAGE)
  .test('positive', ID_MESSAGE, (v) => !v || Number(v) > 0);
const amount = yup
  .mixed<number | ''>()
  .test('non-negative', 'Must be 0 or more', (v) => v === '' || v === undefined || v >= 0);

/**
 * The one schema of the tester form: the shape of each field, whatever button is pressed.
 * Formik hands yup empty boxes as undefined, so every field here is optional.
 */
export const testerSchema = yup.object({
  brandId: optionalId,
  campaignId: optionalId,
  productId: optionalId,
  advocateId: optionalId,
  value: amount,
  rewardAmount: amount,
});

export type TesterAction = 'join' | 'stats' | 'track';

export const ACTION_TITLES: Record<TesterAction, string> = {
  join: 'Join campaign',
  stats: 'Get campaign stats',
  track: 'Track test conversion',
};

export const NO_CAMPAIGN = 'Enter or choose a campaign id';
export const NO_PRODUCT = 'No product selected';
export const NO_AFFILIATE = 'Missing affiliate (advocateId) or campaign - cannot track conversion';

/** What a button needs beyond well-formed fields; null when it can run. */
export function actionProblem(action: TesterAction, values: TesterValues): string | null {
  if (action === 'track') {
    if (!values.productId.trim()) return NO_PRODUCT;
    if (!values.advocateId.trim() || !values.campaignId.trim()) return NO_AFFILIATE;
    return null;
  }
  return values.campaignId.trim() ? null : NO_CAMPAIGN;
}

/** A fresh idempotency key per press: each test conversion is a new one. */
export function newConversionRef(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  const suffix = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `sdk-test-${Date.now()}-${suffix}`;
}

/**
 * The conversion payload: ids as numbers, purchase in USD. rewardAmount goes
 * only when entered, so an empty box lets the campaign's rule decide instead of forcing 0.
 */
export function toConversionPayload(
  values: TesterValues,
  conversionRef: string,
  sessionId: string,
): ConversionPayload {
  return {
    conversionRef,
    campaignId: Number(values.campaignId),
    affiliateId: Number(values.advocateId),
    productId: Number(values.productId),
    sessionId,
    eventType: 'purchase',
    value: values.value === '' ? 0 : values.value,
    currency: 'USD',
    ...(values.rewardAmount === '' ? {} : { rewardAmount: values.rewardAmount }),
  };
}
