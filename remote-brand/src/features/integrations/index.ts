// The integrations feature as other features may use it: they import from here, never its other files.
export { PromotionCodesPanel } from './PromotionCodesPanel';
export { DiscountCodesPanel } from './DiscountCodes';
export { eventLabel, SOURCE_LABELS } from './sourceLabels';
