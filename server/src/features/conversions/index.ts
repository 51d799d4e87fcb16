// The conversions feature as other features may use it: they import from here, never its other files.
export { identifyReporter } from './credentials.js';
export { millsText, netAmount, renewalPays } from './rewards.js';
export { type CampaignRewardRules } from './rewards.js';
export {
  conditionsHold,
  resolveRule,
  type GroupRewardRules,
  type OrderFacts,
  type ResolvedRule,
  type RuleContext,
} from './resolve-rule.js';
