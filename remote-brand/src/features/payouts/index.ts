// What other features read of the payouts feature (the screen itself is loaded lazily by App).
export { useGetReviewSummaryQuery } from './payoutsApi';
export { waitingText } from './reviewSummaryText';
