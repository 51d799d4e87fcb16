// The intelligence preview's sample figures: fixed, never the advocate's own.

export const SAMPLE_REVENUE = 12_450;
export const SAMPLE_CLICKS = 8_320;
export const SAMPLE_SUBSCRIBERS = 1_284;
export const SAMPLE_PRODUCTS = 14;
export const MONTHLY_TARGET = 20_000;
/** What Generate adds to the sample revenue each time. */
export const GENERATE_STEP = 1000;

export interface SampleCampaign {
  id: string;
  name: string;
  brand: string;
  clicks: number;
  revenue: number;
  status: 'Active' | 'Pending';
}

export const SAMPLE_CAMPAIGNS: readonly SampleCampaign[] = [
  {
    id: 'CMP-1001',
    name: 'Spring Running Gear',
    brand: 'Stride Co.',
    clicks: 3_120,
    revenue: 5_400,
    status: 'Active',
  },
  {
    id: 'CMP-1002',
    name: 'Home Coffee Week',
    brand: 'Acme Coffee',
    clicks: 2_210,
    revenue: 3_980,
    status: 'Active',
  },
  {
    id: 'CMP-1003',
    name: 'Back to School Tech',
    brand: 'Bytewise',
    clicks: 1_860,
    revenue: 2_170,
    status: 'Pending',
  },
  {
    id: 'CMP-1004',
    name: 'Summer Skincare',
    brand: 'Glow Lab',
    clicks: 1_130,
    revenue: 900,
    status: 'Pending',
  },
];
