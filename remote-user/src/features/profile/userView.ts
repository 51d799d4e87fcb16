import type { User } from 'shared-api';

/** Brand ids under either spelling the server uses (SPEC 3). */
export function brandIdsOf(user: User): number[] {
  return user.brand_ids ?? user.brands ?? [];
}

/** 'Ada Lovelace', else the username. */
export function displayNameOf(user: User): string {
  const full = [user.first_name, user.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return full || user.username;
}

/** The member-since date under either spelling. */
export function joinedOf(user: User): string | undefined {
  return user.date_joined ?? user.createdAt;
}
