// The rollups feature as other features may use it: they import from here, never its other files.
export {
  COUNTED_STATUS,
  addClicksToRollups,
  adjustConversionRollups,
  conversionRollupsFromInserted,
} from './maintain.js';
export { ClickTally, type ImpressionCount, type TalliedLink } from './click-tally.js';
export { boundsOf, currencyOf, sinceUntil, sinceUntilBounds } from './query.js';
export {
  byCurrency,
  campaignVisitors,
  thousandths,
  changePercent,
  clicksByCampaign,
  conversionCells,
  dailyConversions,
  fromThousandths,
  mainCurrency,
  percent,
  periodFigures,
  topAdvocateTotals,
  uniqueVisitors,
  type PeriodFigures,
  type Scope,
} from './read.js';
export { advocateScope, brandScope } from './scope.js';
export {
  addDays,
  checkTimeZone,
  dayIndexOf,
  dayRange,
  lastDays,
  localDay,
  type DayRange,
} from './time.js';
