// A brand invitation opened before signing in: its link is kept for this tab, so signing in (or
// signing up and verifying) comes back to it instead of going to the home screen.
const KEY = 'pendingBrandInvitation';

export const invitationPath = (token: string) =>
  `/auth/invitation?token=${encodeURIComponent(token)}`;

export function holdInvitation(token: string): void {
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // Storage disabled: the user opens the emailed link again after signing in.
  }
}

export function forgetInvitation(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing held
  }
}

/** The invitation page when one is waiting, else `path`. */
export function afterSignIn(path: string): string {
  let token: string | null = null;
  try {
    token = sessionStorage.getItem(KEY);
  } catch {
    token = null;
  }
  return token ? invitationPath(token) : path;
}
