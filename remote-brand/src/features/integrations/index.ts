// The integrations feature as other features may use it: they import from here, never its other files.
export {
  AdvocatePromotionCodes,
  GivePromotionCode,
  usePromotionCodesByAdvocate,
} from './PromotionCodes';
export { DiscountCodesPanel } from './DiscountCodes';
export { eventLabel, SOURCE_LABELS } from './sourceLabels';
