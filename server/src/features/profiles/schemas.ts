// The profile calls' schemas live in the contract, shared with the clients.
export { ProfileInput, ProfileView, SOCIAL_FIELDS, type SocialField } from 'contract';
