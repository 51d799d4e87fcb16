import { hasPublicHost, LIMITS, MESSAGES, PATTERNS } from 'contract/rules';
import * as yup from 'yup';
import type { AdvocateProfile, ProfileText } from './settingsApi';

export interface ProfileValues extends ProfileText {
  picture: File | null;
  remove_picture: boolean;
}

export const PROFILE_FIELDS = [
  'full_name',
  'description',
  'email',
  'telephone',
  'website_url',
  'instagram_url',
  'x_url',
  'tiktok_url',
  'youtube_url',
] as const satisfies readonly (keyof ProfileText)[];

export const SOCIAL_LINKS: readonly {
  name: keyof ProfileText;
  label: string;
  placeholder: string;
}[] = [
  { name: 'website_url', label: 'Website', placeholder: 'https://your-site.com' },
  { name: 'instagram_url', label: 'Instagram', placeholder: 'https://instagram.com/you' },
  { name: 'x_url', label: 'X', placeholder: 'https://x.com/you' },
  { name: 'tiktok_url', label: 'TikTok', placeholder: 'https://tiktok.com/@you' },
  { name: 'youtube_url', label: 'YouTube', placeholder: 'https://youtube.com/@you' },
];

export function profileValues(profile: AdvocateProfile): ProfileValues {
  const values = Object.fromEntries(PROFILE_FIELDS.map((name) => [name, profile[name]]));
  return { ...(values as unknown as ProfileText), picture: null, remove_picture: false };
}

/** Optional text that, once filled in, must fit `max` characters and match `pattern`. */
const optionalMatching = (max: number, pattern: string, message: string) =>
  yup
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .matches(new RegExp(pattern, 'u'), { message, excludeEmptyString: true });

// The pattern, then the host as a browser reads it (0x7f.1 is 127.0.0.1), as the server checks.
const url = optionalMatching(LIMITS.urlMax, PATTERNS.httpUrl, MESSAGES.urlInvalid).test(
  'public-host',
  MESSAGES.urlInvalid,
  (value) => !value || hasPublicHost(value),
);

/**
 * Nothing is required; what is filled in must be usable, as the server checks it (the same
 * messages): brands write to the email, call the number and open the links.
 */
export const profileSchema = yup.object({
  full_name: yup.string().max(150, 'Must be at most 150 characters'),
  description: yup.string().max(1000, 'Must be at most 1000 characters'),
  email: yup.string().trim().email(MESSAGES.emailInvalid),
  telephone: optionalMatching(LIMITS.phoneMax, PATTERNS.phone, MESSAGES.phoneInvalid),
  website_url: url,
  instagram_url: url,
  x_url: url,
  tiktok_url: url,
  youtube_url: url,
});
