import type { ReviewItem } from 'contract';
import { formatDate } from 'shared-ui';

/** A reward's status as the review screens say it. */
export const REVIEW_STATUS_LABEL: Record<ReviewItem['status'], string> = {
  held: 'Held for review',
  pending: 'On the hold clock',
  approved: 'Approved',
  paid: 'Paid',
  rejected: 'Rejected',
};

/** 'Nov 26, 2026': the product's one date style (shared-ui's dates). */
export const reviewDay = (iso: string) => formatDate(iso);
