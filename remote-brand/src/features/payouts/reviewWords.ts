import type { ReviewItem } from 'contract';

/** A reward's status as the review screens say it. */
export const REVIEW_STATUS_LABEL: Record<ReviewItem['status'], string> = {
  held: 'Held for review',
  pending: 'On the hold clock',
  approved: 'Approved',
  paid: 'Paid',
  rejected: 'Rejected',
};

/** 'Nov 26, 2026': the review screens' dates, short enough to keep a table's columns in view. */
const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
export const reviewDay = (iso: string) => shortDate.format(new Date(iso));
