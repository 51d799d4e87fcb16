// The emails feature as other features use it.
export {
  notificationEmail,
  securityEmail,
  type EmailLinks,
  type EmailNotice,
  type SecurityNotice,
} from './compose.js';
export { queueEmails, sendDueEmails, type QueuedEmail } from './queue.js';
export { sendReviewSummaries } from './review-summary.js';
export { PRODUCT_NAME } from './template.js';
