// The two-factor feature as other features may use it.
export { createMfaTokens, type MfaTokens } from './mfa-token.js';
export { findTwoFactor } from './repository.js';
export { totpAt } from './totp.js';
