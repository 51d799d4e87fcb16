// Brand teams: the member roles and what each may do, in one table the server's access rule and
// the screens both read (the screens hide or disable what the role may not do). Plain values, no
// TypeBox, so browser code imports this module at run time (`contract/teams`).

/** A member's role on one brand, strongest first. */
export const BRAND_ROLES = ['owner', 'admin', 'finance', 'analyst'] as const;
export type BrandRole = (typeof BRAND_ROLES)[number];

export const BRAND_ROLE_LABELS: Record<BrandRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  finance: 'Finance',
  analyst: 'Analyst',
};

/**
 * What a brand route does, and the roles that may do it. Every brand route names one of these
 * (server/src/features/teams/access.ts); nothing else decides who may act on a brand.
 */
export const BRAND_PERMISSIONS = {
  /** Read anything of the brand: its screens, statistics and exports. */
  view: ['owner', 'admin', 'finance', 'analyst'],
  /** Brand details, campaigns, products, and removing or banning the brand's advocates. */
  catalog: ['owner', 'admin'],
  /** Review decisions, conversions and refunds reported by hand. */
  review: ['owner', 'admin', 'finance'],
  /** Payouts and payout settings. */
  payouts: ['owner', 'admin', 'finance'],
  /** API keys, webhooks, integrations and fraud settings. */
  developers: ['owner', 'admin'],
  /** Reading the audit log. */
  audit: ['owner', 'admin'],
  /** Members, invitations, the two-factor requirement. */
  members: ['owner'],
} as const satisfies Record<string, readonly BrandRole[]>;
export type BrandPermission = keyof typeof BRAND_PERMISSIONS;

export const BRAND_PERMISSION_NAMES = Object.keys(BRAND_PERMISSIONS) as BrandPermission[];

export const mayDo = (role: BrandRole | null | undefined, permission: BrandPermission): boolean =>
  role != null && (BRAND_PERMISSIONS[permission] as readonly BrandRole[]).includes(role);

/** "the owner or admin role": the roles `permission` needs, for messages and tooltips. */
export function rolesNeeded(permission: BrandPermission): string {
  const roles: readonly string[] = BRAND_PERMISSIONS[permission];
  const names =
    roles.length > 1 ? `${roles.slice(0, -1).join(', ')} or ${roles[roles.length - 1]}` : roles[0];
  return `the ${names} role`;
}

/** The 403 detail (and the screens' tooltip) when `role` may not do `permission`. */
export const roleRefusal = (permission: BrandPermission, role: BrandRole): string =>
  `This needs ${rolesNeeded(permission)} on this brand; yours is ${role}.`;

/** The 403 detail when the brand requires two-factor sign-in and the member has none. */
export const TWO_FACTOR_REQUIRED =
  'This brand requires two-factor sign-in. Turn it on in your profile to open the brand.';

/** Invitations last 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** What the audit log records, by kind of thing changed. */
export const AUDIT_TARGETS = [
  'brand',
  'campaign',
  'product',
  'reward_rule',
  'review',
  'payout',
  'payout_settings',
  'member',
  'api_key',
  'webhook',
  'integration',
  'refund',
  /** A group (tier) of advocates: created, changed, deleted, and advocates moved into it. */
  'group',
  /** An application to join a campaign (approved, rejected) and bulk invitations. */
  'application',
  /** An advocate removed, banned or restored. */
  'advocate',
  /** A denied attempt on a brand route: its label names the route. */
  'access',
] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

export const AUDIT_ACTOR_KINDS = ['user', 'api_key', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];
