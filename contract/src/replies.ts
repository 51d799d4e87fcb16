// Reusable TypeBox pieces of replies: the envelopes and the field types many replies share.
import { Type, type Static, type TProperties } from 'typebox';
import { Nullable } from './common.js';

/** An ISO 8601 timestamp. */
export const DateTime = (options: { description?: string } = {}) =>
  Type.String({ format: 'date-time', ...options });

/** A text column that may be empty (null). */
export const NullableString = Nullable(Type.String());

/** The brand a row belongs to. */
export const brandRef = { brand_id: Type.Integer(), brand_name: Type.String() };

/** total, page and pages of a paged list's meta. */
export const pageCounts = { total: Type.Integer(), page: Type.Integer(), pages: Type.Integer() };

/** `{ detail, errors? }`: every error reply. */
export const ErrorReply = Type.Object(
  {
    detail: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  },
  {
    description: 'Error: a human sentence in detail; field → messages in errors (validation only)',
  },
);
export type ErrorReply = Static<typeof ErrorReply>;

/** `{ status: 'success', ...fields }`: the envelope of the replies that report a success. */
export const SuccessReply = <T extends TProperties>(fields: T) =>
  Type.Object({ status: Type.Literal('success'), ...fields });

/** `{ status: 'success', message }`. */
export const StatusReply = SuccessReply({ message: Type.String() });
export type StatusReply = Static<typeof StatusReply>;
