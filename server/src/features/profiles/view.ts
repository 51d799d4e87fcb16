import type { AdvocateProfileRow, UserRow } from '../../db/schema.js';
import type { FileUrlSigner } from '../files/index.js';
import type { ProfileView } from './schemas.js';

const accountName = (user: Pick<UserRow, 'firstName' | 'lastName'>): string =>
  [user.firstName, user.lastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');

/** The advocate's saved profile, or the account's name and email when nothing is saved yet. */
export function toProfileView(
  user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>,
  row: AdvocateProfileRow | undefined,
  fileUrls: FileUrlSigner,
): ProfileView {
  return {
    full_name: row ? (row.fullName ?? '') : accountName(user),
    description: row?.description ?? '',
    email: row ? (row.email ?? '') : user.email,
    telephone: row?.telephone ?? '',
    picture_url: row?.picture ? fileUrls.url(row.picture) : null,
    website_url: row?.websiteUrl ?? '',
    instagram_url: row?.instagramUrl ?? '',
    x_url: row?.xUrl ?? '',
    tiktok_url: row?.tiktokUrl ?? '',
    youtube_url: row?.youtubeUrl ?? '',
    updated_at: row ? row.updatedAt.toISOString() : null,
  };
}

/**
 * How brands see an advocate in their lists: the profile's name (else the username) and a signed
 * picture URL (else null).
 */
export function advocateDisplay(
  username: string,
  summary: { fullName: string | null; picture: string | null } | undefined,
  fileUrls: FileUrlSigner,
): { full_name: string; picture_url: string | null } {
  return {
    full_name: summary?.fullName?.trim() || username,
    picture_url: summary?.picture ? fileUrls.url(summary.picture) : null,
  };
}
