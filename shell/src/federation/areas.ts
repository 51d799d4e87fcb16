/** The four product areas, each served by its own team's remote. */
export type AreaName = 'auth' | 'user' | 'brand' | 'advocate';

export const AREAS: Record<AreaName, { remote: string; label: string }> = {
  auth: { remote: 'remote_auth', label: 'Sign-in' },
  user: { remote: 'remote_user', label: 'Account' },
  brand: { remote: 'remote_brand', label: 'Brand workspace' },
  advocate: { remote: 'remote_advocate', label: 'Advocate workspace' },
};

/** What every remote exposes: its area's route tree. */
export const EXPOSED_APP = './App';
