// What the signed-in user may do on a brand, from user/me/'s brand_roles and the one permission
// table the server applies (contract/teams): screens hide or disable what the role may not do,
// saying why; the server refuses it anyway (403 naming the role needed).
import { selectUser, useAppSelector } from 'shared-api';
import { mayDo, roleRefusal, type BrandPermission, type BrandRole } from 'contract/teams';

export interface BrandAccess {
  /** The user's role on the brand; null for staff (who may do everything) or a non-member. */
  role: BrandRole | null;
  /** The brand requires two-factor sign-in and the user has none yet. */
  twoFactorRequired: boolean;
  may: (permission: BrandPermission) => boolean;
  /** Why `permission` is refused (a tooltip), or undefined when it is allowed. */
  why: (permission: BrandPermission) => string | undefined;
}

export function useBrandAccess(brandId: number | null): BrandAccess {
  const user = useAppSelector(selectUser);
  const membership = user?.brand_roles?.find((m) => m.brand_id === brandId);
  const staff = user?.is_staff === true;
  const role = membership?.role ?? null;
  // A user record from before teams (no brand_roles) owned every brand it lists.
  const effective: BrandRole | null =
    role ??
    (!user?.brand_roles && brandId !== null && user?.brand_ids.includes(brandId) ? 'owner' : null);
  const may = (permission: BrandPermission) => staff || mayDo(effective, permission);
  return {
    role: effective,
    twoFactorRequired: membership?.two_factor_required === true,
    may,
    why: (permission) =>
      may(permission) || !effective ? undefined : roleRefusal(permission, effective),
  };
}
