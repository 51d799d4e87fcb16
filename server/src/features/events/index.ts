// The events feature as other features use it: the outbox writers, called in the transaction of
// the change they announce, and the dispatcher that turns outbox rows into deliveries.
export { dispatchEvents, type DispatchContext } from './dispatcher.js';
export {
  commissionEventsFrom,
  recordCommissionEvents,
  recordJoinEvent,
  recordEvent,
  recordPayoutEvents,
  type NewEvent,
} from './outbox.js';
