// The groups feature as other features may use it: they import from here, never its other files.
export { rewardTerms, type ConversionFacts, type RewardTerms } from './terms.js';
export { applyMoves, defaultGroup, findGroup, groupsOf, type Move } from './repository.js';
export { evaluateAllBrands, evaluateBrand } from './evaluate.js';
