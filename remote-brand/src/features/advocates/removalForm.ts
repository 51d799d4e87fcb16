// The removal form's fields and rules: the reason's limit and the choices are the server's
// (contract rules), so the form refuses what the server would.
import { object, string } from 'yup';
import { PENDING_CHOICES, REMOVAL_REASON_MAX, type PendingChoice } from 'contract/rules';

export interface RemovalValues {
  brandId: string;
  action: 'remove' | 'ban';
  reason: string;
  pending: PendingChoice;
}

export const ACTION_OPTIONS = [
  { value: 'remove', label: 'Remove (they may join again)' },
  { value: 'ban', label: 'Ban (they may not join again or apply)' },
] as const;

export const PENDING_OPTIONS: { value: PendingChoice; label: string }[] = [
  { value: 'keep', label: 'Keep them for review' },
  { value: 'reject', label: 'Reject them now' },
];

export const removalSchema = object({
  brandId: string().required('Pick the brand to remove them from'),
  action: string().oneOf(['remove', 'ban']).required(),
  reason: string()
    .trim()
    .required('Say why (the advocate is told)')
    .max(REMOVAL_REASON_MAX, `At most ${REMOVAL_REASON_MAX} characters`),
  pending: string()
    .oneOf([...PENDING_CHOICES])
    .required(),
});
