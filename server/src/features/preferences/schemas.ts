// The preference calls' schemas live in the contract, shared with the clients.
export { DEFAULT_PREFERENCES, NotificationPreferences } from 'contract';
