import type { Stats } from 'contract';

/**
 * The figures the insights widgets draw: the reply of the brand's stats calls and of the
 * advocate's own (one shape, so both pages draw the same widgets).
 */
export type InsightsStats = Stats;
