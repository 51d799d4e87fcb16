import { Type } from 'typebox';
import { Email, PersonName, UserIdInput, Username } from '../../lib/schema.js';
import { UserView } from './view.js';

export const MeReply = Type.Object({ data: UserView });

export const UpdateBody = Type.Object({
  username: Username,
  email: Email,
  first_name: Type.Optional(PersonName),
  last_name: Type.Optional(PersonName),
  is_active: Type.Optional(Type.Boolean({ description: 'Staff only' })),
});
export const UpdateReply = Type.Object({ data: UserView, message: Type.String() });

export const DeleteBody = Type.Object({
  user_id: Type.Optional(UserIdInput),
});
export const DeleteReply = Type.Object({
  status: Type.Literal('success'),
  user_id: Type.Integer(),
  message: Type.String(),
});
