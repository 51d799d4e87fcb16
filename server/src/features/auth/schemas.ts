import { Type } from 'typebox';
import { Email, LoginPassword, NewPassword, OtpCode, Username } from '../../lib/schema.js';

export const ActiveRoleValue = Type.Union([
  Type.Literal('brand_owner'),
  Type.Literal('advocate'),
  Type.Null(),
]);

export const LoginBody = Type.Object({ email: Email, password: LoginPassword });

export const LoginReply = Type.Object({
  access: Type.String({
    description: 'Access JWT (HS256, 60 minutes); send as Authorization: Bearer',
  }),
  token: Type.String({ description: 'Same JWT as access' }),
  user_id: Type.Integer(),
  roles: Type.Array(Type.String(), { description: "Server role names: 'Brand Owner', 'Advocate'" }),
  active_role: ActiveRoleValue,
});

export const RefreshReply = Type.Object({ access: Type.String(), token: Type.String() });

export const RegisterBody = Type.Object({
  username: Username,
  email: Email,
  password: NewPassword,
  password_confirmation: Type.String({ maxLength: 1024 }),
});

export const RegisterReply = Type.Object({
  access: Type.String(),
  token: Type.String(),
  user_id: Type.Integer(),
  roles: Type.Array(Type.String()),
  active_role: ActiveRoleValue,
  message: Type.String(),
});

export const EmailBody = Type.Object({ email: Email });
export const VerifyOtpBody = Type.Object({ email: Email, otp: OtpCode });
export const ResetPasswordBody = Type.Object({ email: Email, otp: OtpCode, password: NewPassword });
