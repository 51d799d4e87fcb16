import type { ClientRole } from 'shared-api';

export const ROLE_LABEL: Readonly<Record<ClientRole, string>> = {
  brand: 'Brand Owner',
  advocate: 'Advocate',
};
