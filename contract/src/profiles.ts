// GET and PUT advocate/profile/: what an advocate shows brands (settings → Profile).
import { Type, type Static } from 'typebox';
import { Email, HttpUrl, Nullable, PhoneNumber } from './common.js';
import { DateTime } from './replies.js';

/** The social networks a profile links to, as `<network>_url` fields. */
export const SOCIAL_FIELDS = [
  'website_url',
  'instagram_url',
  'x_url',
  'tiktok_url',
  'youtube_url',
] as const;
export type SocialField = (typeof SOCIAL_FIELDS)[number];

/**
 * PUT advocate/profile/: the whole profile (a field left out is cleared), as JSON or as the text
 * fields of a multipart form carrying `picture`. Nothing is required. Links must be http(s):
 * brands open them.
 */
export const ProfileInput = Type.Object({
  full_name: Type.Optional(Type.String({ maxLength: 150 })),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  email: Type.Optional(Email),
  telephone: Type.Optional(PhoneNumber),
  website_url: Type.Optional(HttpUrl),
  instagram_url: Type.Optional(HttpUrl),
  x_url: Type.Optional(HttpUrl),
  tiktok_url: Type.Optional(HttpUrl),
  youtube_url: Type.Optional(HttpUrl),
  remove_picture: Type.Optional(
    Type.Boolean({ description: 'true drops the stored picture (ignored when one is attached)' }),
  ),
});
export type ProfileInput = Static<typeof ProfileInput>;

export const ProfileView = Type.Object({
  full_name: Type.String({ description: "The account's first and last name until one is saved" }),
  description: Type.String(),
  email: Type.String({ description: "The account's email until another is saved" }),
  telephone: Type.String(),
  picture_url: Nullable(
    Type.String({ description: 'Signed URL of the picture, valid for about an hour' }),
  ),
  website_url: Type.String(),
  instagram_url: Type.String(),
  x_url: Type.String(),
  tiktok_url: Type.String(),
  youtube_url: Type.String(),
  updated_at: Nullable(DateTime({ description: 'null: never saved' })),
});
export type ProfileView = Static<typeof ProfileView>;
