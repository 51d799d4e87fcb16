import type { User } from 'shared-api';

/** The brands the user owns. */
export function brandIdsOf(user: User): number[] {
  return user.brand_ids;
}

/** 'Ada Lovelace', else the username. */
export function displayNameOf(user: User): string {
  const full = [user.first_name, user.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return full || user.username;
}

/** The member-since date. */
export function joinedOf(user: User): string {
  return user.date_joined;
}
