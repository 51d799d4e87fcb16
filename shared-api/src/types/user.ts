import type { UserView } from 'contract';
import type { ClientRole, ServerRole } from './roles';

/** The signed-in user as GET user/me/ sends it. */
export type User = UserView;

/** The client-side session. Only user, roles and activeRole persist. */
export interface AuthSession {
  token: string | null;
  activeRole: ClientRole | null;
  roles: ServerRole[];
  /** The email held between the two steps of verification and of password reset. */
  pendingEmail: string | null;
}
