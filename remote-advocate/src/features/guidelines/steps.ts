/** The four steps of /advocate/campaigns; only joining leads anywhere yet. */
export interface GuidelineStep {
  title: 'Sign Up' | 'Join Campaign' | 'Promote' | 'Earn';
  text: string;
  /** Where the tile goes; absent for the steps that are explanation only. */
  to?: string;
}

export const GUIDELINE_STEPS = (campaignsPath: string): readonly GuidelineStep[] => [
  { title: 'Sign Up', text: 'Create your account and choose the Advocate role.' },
  {
    title: 'Join Campaign',
    text: 'Browse the available campaigns and join the ones that fit your audience.',
    to: campaignsPath,
  },
  { title: 'Promote', text: 'Share your personal links for each product wherever you post.' },
  { title: 'Earn', text: 'Every purchase through your links earns you the campaign reward.' },
];
