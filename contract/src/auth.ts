// Sign-up, sign-in, refresh and the emailed codes.
import { Type, type Static } from 'typebox';
import { Email, LoginPassword, NewPassword, OtpCode, Username } from './common.js';
import { LIMITS, ROLE_CODES, ROLE_NAMES } from './rules.js';

/** The session's active role as a code, or null before one is chosen. */
export const ActiveRoleValue = Type.Union([Type.Enum(ROLE_CODES), Type.Null()]);
export type ActiveRoleValue = Static<typeof ActiveRoleValue>;
/** Role names as the user record spells them. */
export const RoleNames = Type.Array(Type.Enum(ROLE_NAMES), {
  description: "Server role names: 'Brand Owner', 'Advocate'",
});

/** The user a sign-in or sign-up lets in: their id, roles and the session's active role. */
const signedInUser = { user_id: Type.Integer(), roles: RoleNames, active_role: ActiveRoleValue };

export const LoginBody = Type.Object({ email: Email, password: LoginPassword });
export type LoginBody = Static<typeof LoginBody>;

export const LoginReply = Type.Object({
  access: Type.String({
    description: 'Access JWT (HS256, 60 minutes); send as Authorization: Bearer',
  }),
  token: Type.String({ description: 'Same JWT as access' }),
  ...signedInUser,
});
export type LoginReply = Static<typeof LoginReply>;

export const RefreshReply = Type.Object({ access: Type.String(), token: Type.String() });
export type RefreshReply = Static<typeof RefreshReply>;

export const RegisterBody = Type.Object({
  username: Username,
  email: Email,
  password: NewPassword,
  password_confirmation: Type.String({ maxLength: LIMITS.passwordMax }),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const RegisterReply = Type.Object({
  access: Type.String(),
  token: Type.String(),
  ...signedInUser,
  message: Type.String(),
});
export type RegisterReply = Static<typeof RegisterReply>;

export const EmailBody = Type.Object({ email: Email });
export type EmailBody = Static<typeof EmailBody>;
export const VerifyOtpBody = Type.Object({ email: Email, otp: OtpCode });
export type VerifyOtpBody = Static<typeof VerifyOtpBody>;
export const ResetPasswordBody = Type.Object({ email: Email, otp: OtpCode, password: NewPassword });
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;
