// The payout methods tab, shown inside the settings screen.
export { PayoutMethodsTab } from './PayoutMethodsTab';
export { useListPayoutMethodsQuery } from './payoutMethodsApi';
