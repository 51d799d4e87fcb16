// The notifications feature as other features use it.
export { announcementsOf, formatMoney, type Announcement, type Recipient } from './compose.js';
