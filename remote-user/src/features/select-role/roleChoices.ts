import type { ClientRole } from 'shared-api';

export interface RoleChoice {
  role: ClientRole;
  title: string;
  description: string;
}

/** The two ways to use the product in a session, in display order. */
export const ROLE_CHOICES: readonly RoleChoice[] = [
  {
    role: 'brand',
    title: 'Brand Owner',
    description: 'Manage your brand, create campaigns and track their performance.',
  },
  {
    role: 'advocate',
    title: 'Advocate',
    description: 'Discover and promote campaigns to earn rewards.',
  },
];
