import type { ClientRole, ServerRole } from './roles';

/** The signed-in user as read from GET user/me/. */
export interface User {
  id: number;
  email: string;
  username: string;
  /** The list form. Some replies carry a single `role` instead; read both (see rolesOfUser). */
  roles?: ServerRole[];
  role?: ServerRole | null;
  /** The admin flag: only an admin may send is_active on a profile update. */
  is_staff: boolean;
  /** The user counts as verified when this is set. */
  verified_at: string | null;
  is_active: boolean;
  /** Ids of the brands the user owns; `brands` is the alternative spelling. */
  brand_ids?: number[];
  brands?: number[];
  first_name?: string | null;
  last_name?: string | null;
  /** Member-since date: either spelling may be present. */
  date_joined?: string;
  createdAt?: string;
}

/** The client-side session (SPEC 3 "Auth session"). Only user, roles and activeRole persist. */
export interface AuthSession {
  token: string | null;
  activeRole: ClientRole | null;
  roles: ServerRole[];
  /** The email held between the two steps of verification and of password reset. */
  pendingEmail: string | null;
}
