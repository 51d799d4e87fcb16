/** Absolute paths of the auth screens and of the places they hand over to. */
export const AUTH_PATHS = {
  login: '/auth/login',
  signup: '/auth/signup',
  verifyOtp: '/auth/verify-otp',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  invitation: '/auth/invitation',
} as const;
